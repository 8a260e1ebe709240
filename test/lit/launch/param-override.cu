// --param and param(...) annotations apply even when a host launch exists:
// they override the argument values the launch passes, and say so. The
// command line wins over the annotation.
// RUN: %cal --dump=events %s | FileCheck %s --check-prefix=LAUNCH
// RUN: %cal --dump=events --param s=2 %s | FileCheck %s --check-prefix=PARAM
// RUN: %cal --dump=events --param off=0 %s | FileCheck %s --check-prefix=BOTH

// cuda-access-lint: param(off=8)
__global__ void k(float *a, int s, int off) { a[threadIdx.x * s + off] = 0; }

void host(float *a) { k<<<1, 32>>>(a, 1, 0); }

// The launch passes s = 1, off = 0; the annotation sets off = 8: lanes
// 4 B apart from byte 32, a 128 B run starting on a sector boundary = 4
// sectors.
// LAUNCH: kernel k launch host-launch grid (1,1,1) block (32,1,1)
// LAUNCH: assume argument values set over the launch's: off=8 (annotation)
// LAUNCH: summary access 9:47 global store 4B requests=1 sectors=4 ideal=4 confidence=exact

// --param s=2 as well: lanes 8 B apart from byte 32, bytes 32..287 = 8
// sectors for 128 B needed (4).
// PARAM: assume argument values set over the launch's: off=8 (annotation), s=2 (--param)
// PARAM: summary access 9:47 global store 4B requests=1 sectors=8 ideal=4 confidence=exact

// --param off=0 replaces the annotation's off = 8 and equals what the launch
// passes: nothing is overridden.
// BOTH: kernel k launch host-launch
// BOTH-NOT: argument values set over
// BOTH: summary access 9:47 global store 4B requests=1 sectors=4 ideal=4 confidence=exact
