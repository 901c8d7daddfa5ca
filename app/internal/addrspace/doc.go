// Package addrspace fits the process to an address-space limit (`ulimit
// -v`, RLIMIT_AS) before the Go runtime starts. Under such a limit every
// mapping counts, reserved or used: the Go runtime reserves about 600 MiB
// of address space for its page allocator at start (and dies with "fatal
// error: failed to reserve page summary memory", exit 2, when it cannot),
// glibc gives each thread that calls malloc an arena of 64 MiB, and each
// thread the cgo runtime starts a stack of `ulimit -s` (8 MiB by default),
// so that a process of a few threads took 1.9 GB before scoring anything.
//
// Imported for its side effect (the command's main imports it first), it
// runs a C constructor, before the Go runtime initialises, that does
// nothing unless RLIMIT_AS is set. When it is, it caps glibc's arenas at
// one, makes 2 MiB the default stack of new threads, and checks that the
// address space the runtime reserves at start is there: when it is not, it
// prints one line naming the limit and exits with status 1, where the
// runtime would crash.
package addrspace
