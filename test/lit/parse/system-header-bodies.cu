// The parse skips the bodies of the toolchain's host functions and of the
// device functions the interpreter models by name (SkippedBodies.h). A
// project's header that the build includes with -isystem, as CMake includes
// an imported target's directories, is a system header to clang too but keeps
// its bodies: the helper below reaches the index through a host-only function
// of that header (the host side of a host-device function), which the
// interpreter follows only from its body; skipped, the address would be
// unknown and no warning given.
// `in[i * 32]` with 4-byte floats puts consecutive lanes 128 bytes apart, so
// each of the 32 lanes touches its own 32-byte sector: 32 sectors where the
// warp's 128 bytes would fit in 4. With the header cache the same holds: the
// cached headers are parsed with the same rule.
// RUN: %cal --header-cache=off %s -- -isystem %S/Inputs/isystem-project 2>&1 | FileCheck %s
// RUN: rm -rf %t && %cal --header-cache=sync --cache-dir=%t %s -- -isystem %S/Inputs/isystem-project 2>&1 | FileCheck %s
// RUN: %cal --header-cache=sync --cache-dir=%t %s -- -isystem %S/Inputs/isystem-project 2>&1 | FileCheck %s
#include <helpers.h>

__global__ void gather(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = strided(in, i);
}

int main() {
  int n = 4096;
  gather<<<(n + 255) / 256, 256>>>(nullptr, nullptr, n);
}

// CHECK: system-header-bodies.cu:21:14: warning: global load touches 32 sectors per request where 4 would do (8x the bytes moved) [cuda-uncoalesced-global]
