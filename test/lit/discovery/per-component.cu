// Launch dimensions are evaluated per component: a dim3 whose x and y are
// computed from run-time values still has a known z, and an integer grid is
// (value, 1, 1). Unknown components print as `?` (JSON null) with the source
// text.
// RUN: %cal --list-kernels %s | FileCheck %s
// RUN: %cal --list-kernels --no-cuda-toolkit %s 2>/dev/null | FileCheck %s
// RUN: %cal --list-kernels --format=json %s | FileCheck %s --check-prefix=JSON

__global__ void k2(float *a, int w, int h) {}
__global__ void k1(float *a, int n) {}

void image(float *a, int w, int h) {
  dim3 block(16, 16);
  dim3 grid((w + 15) / 16, (h + 15) / 16);
  k2<<<grid, block>>>(a, w, h);
  k1<<<(w + 255) / 256, 256>>>(a, w);
}
// block(16, 16): literals, z is dim3's default 1. grid: x and y depend on w
// and h, parameters of a function never called here -> unknown; z default 1.
// CHECK: kernel 'k2'
// CHECK-NEXT: launch at {{.*}}per-component.cu:15:3 in image(): grid (?, ?, 1) from `grid` block (16, 16, 1) shared 0 stream default
// An integer grid (w + 255) / 256 converts to dim3(v, 1, 1): x unknown, y = z = 1.
// CHECK: kernel 'k1'
// CHECK-NEXT: launch at {{.*}}:16:3 in image(): grid (?, 1, 1) from `(w + 255) / 256` block (256, 1, 1)

// JSON: "block": [
// JSON-NEXT: 16,
// JSON-NEXT: 16,
// JSON-NEXT: 1
// JSON-NEXT: ],
// JSON-NEXT: "block_text": "block",
// JSON: "grid": [
// JSON-NEXT: null,
// JSON-NEXT: null,
// JSON-NEXT: 1
// JSON-NEXT: ],
// JSON-NEXT: "grid_text": "grid",
