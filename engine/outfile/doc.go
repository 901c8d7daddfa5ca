// Package outfile writes Bandscope's output files (the CLI's -o file and its
// table on stdout, CAMBI's heatmaps, the inspector's exports) so that writing
// one can never destroy anything else, and so that every output of a run
// appears together, only when the run succeeds.
//
// The rules, each checked before any work starts (Set.Later, Set.LaterTo,
// Set.Stage):
//
//   - an output that is the same file as an input (same device and inode,
//     or the same path once links are resolved) is refused, and so is a
//     stdout that is an input (`>> input.y4m`);
//   - two outputs of one set that are the same file are refused: the same
//     inode, or the same name in the same directory however the directory
//     is reached (a symlink to it, `..`);
//   - a symlink is followed and its target replaced (the link stays);
//   - a character device, a FIFO, and /dev/stdout or anything else reached
//     through /proc or /dev/fd (a symlink to it included), is written
//     through: opened and written, never renamed onto; a block device, a
//     socket and a directory are refused;
//   - a regular file is written under a temporary name in its own directory,
//     synced, and renamed onto the name: it keeps an existing file's mode and
//     owner, and a new file gets 0666 minus the umask. A file with other hard
//     links, or whose owner cannot be given to the new file, is rewritten in
//     place from the finished temporary file instead, so that the links and
//     the owner survive;
//   - the directory must exist and be writable, and the temporary file is
//     created there before the run, so that a deleted directory or a name
//     that leaves no room for a temporary name is found then;
//   - an output named like a temporary file is refused: the sweep below
//     removes only files this package made.
//
// Set.Commit publishes in an order that can be undone: every file is first
// produced in full under its temporary name; then the renames (each
// replaced file kept under a temporary hard link) and the in-place rewrites
// (the old content kept in a temporary copy); then, last, the writes that
// cannot be undone (FIFOs, pipes, devices, stdout), on a goroutine that
// Set.Cancel abandons. When any step fails or Cancel closes, every rename
// and rewrite is rolled back, the temporary files are removed and so are the
// directories the set created: the outputs are as they were, but for what a
// pipe's reader has already been sent.
//
// Temporary files are named ".NAME.bandscope-PID-RANDOM.part" (NAME cut
// short to keep the whole within 255 bytes) and are owner-only while
// staged: staging into a directory first removes such files of this user
// whose process is gone (a run killed by SIGKILL or a power cut leaves
// them), never those of a live process nor any file of another mode.
package outfile
