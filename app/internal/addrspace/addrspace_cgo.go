//go:build linux && cgo

package addrspace

/*
#define _GNU_SOURCE
#include <malloc.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

// RUNTIME_RESERVE is the address space the Go runtime reserves at start on
// 64-bit Linux, on top of the binary and its libraries: its page
// allocator's summaries (585 MiB) and scavenger index (512 MiB), the first
// heap arena and its index (96 MiB), with room for the first threads and
// allocations. The runtime must get all of it: it dies without the
// summaries, and without the index it maps pieces of it at fixed low
// addresses.
#define RUNTIME_RESERVE (1280UL << 20)

// threadStack is the stack a new thread gets under RLIMIT_AS: Go runs only
// its scheduler and cgo calls on it.
#define THREAD_STACK (2UL << 20)

__attribute__((constructor)) static void bandscope_fit_address_space(void) {
	struct rlimit rl;
	if (getrlimit(RLIMIT_AS, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY) {
		return;
	}
	mallopt(M_ARENA_MAX, 1);
	pthread_attr_t attr;
	if (pthread_attr_init(&attr) == 0) {
		size_t size = 0;
		if (pthread_attr_getstacksize(&attr, &size) == 0 && size > THREAD_STACK) {
			pthread_attr_setstacksize(&attr, THREAD_STACK);
			pthread_setattr_default_np(&attr);
		}
		pthread_attr_destroy(&attr);
	}
	void *p = mmap(NULL, RUNTIME_RESERVE, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p != MAP_FAILED) {
		munmap(p, RUNTIME_RESERVE);
		return;
	}
	unsigned long held = 0;
	FILE *f = fopen("/proc/self/statm", "r");
	if (f) {
		if (fscanf(f, "%lu", &held) != 1) held = 0;
		fclose(f);
	}
	held *= (unsigned long)sysconf(_SC_PAGESIZE);
	unsigned long need = (held + RUNTIME_RESERVE) >> 20;
	char msg[256];
	int n = snprintf(msg, sizeof msg,
		"bandscope: the address-space limit (ulimit -v %lu) is too small for the Go runtime, which reserves %lu MiB at start: allow at least %lu MiB (ulimit -v %lu)\n",
		(unsigned long)(rl.rlim_cur >> 10), (unsigned long)(RUNTIME_RESERVE >> 20), need, need << 10);
	if (n > 0) {
		ssize_t w = write(2, msg, (size_t)n < sizeof msg ? (size_t)n : sizeof msg - 1);
		(void)w;
	}
	_exit(1);
}
*/
import "C"
