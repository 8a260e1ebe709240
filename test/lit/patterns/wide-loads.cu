// The max-reduction loop over big[k*n + pt] + small[k], doubles, 256
// threads, k < 16 (so every iteration is evaluated exactly).
// - big[k*n + pt]: 32 consecutive doubles = 256 B = 8 sectors per request.
// - small[k]: the same address in every lane: 1 sector.
// - double2 for small: one 16-byte request per two iterations, still 1
//   sector; big stays at 8.
// - double2 for both: each lane reads 16 B, 32 x 16 B = 512 B = 16 sectors
//   per request, half the requests: the same total sectors as the scalar
//   loop (wide loads halve requests, not sectors).
// RUN: %cal --dump=events %s | FileCheck %s

#define K 16

__global__ void scalar(double *out, const double *big, const double *small, int n) {
  int pt = blockIdx.x * blockDim.x + threadIdx.x;
  double best = 0.0;
  for (int k = 0; k < K; ++k)
    best = fmax(big[k * n + pt] + small[k], best);
  out[pt] = best;
}

__global__ void wideSmall(double *out, const double *big, const double *small, int n) {
  int pt = blockIdx.x * blockDim.x + threadIdx.x;
  double best = 0.0;
  for (int k = 0; k < K; k += 2) {
    double2 v = *(const double2 *)&small[k];
    best = fmax(big[k * n + pt] + v.x, best);
    best = fmax(big[(k + 1) * n + pt] + v.y, best);
  }
  out[pt] = best;
}

__global__ void wideBoth(double *out, const double *big, const double *small, int n) {
  int pt = 2 * (blockIdx.x * blockDim.x + threadIdx.x);
  double b1 = 0.0, b2 = 0.0;
  for (int k = 0; k < K; k += 2) {
    double2 c1 = *(const double2 *)&big[k * n + pt];
    double2 v = *(const double2 *)&small[k];
    b1 = fmax(c1.x + v.x, b1);
    b2 = fmax(c1.y + v.x, b2);
  }
  out[pt] = b1;
  out[pt + 1] = b2;
}

int main() {
  scalar<<<64, 256>>>(0, 0, 0, 16384);
  wideSmall<<<64, 256>>>(0, 0, 0, 16384);
  wideBoth<<<32, 256>>>(0, 0, 0, 16384);
}

// 16 iterations x 24 warps (3 blocks x 8 warps) = 384 requests.
// CHECK-LABEL: kernel scalar
// CHECK: summary access 18:17 global load 8B requests=384 sectors=8 ideal=8 confidence=exact
// CHECK: summary access 18:35 global load 8B requests=384 sectors=1 ideal=1 confidence=exact
// CHECK-LABEL: kernel wideSmall
// CHECK: summary access 26:17 global load 16B requests=192 sectors=1 ideal=1 confidence=exact
// CHECK: summary access 27:17 global load 8B requests=192 sectors=8 ideal=8 confidence=exact
// CHECK-LABEL: kernel wideBoth
// CHECK: summary access 37:18 global load 16B requests=192 sectors=16 ideal=16 confidence=exact
// CHECK: summary access 38:17 global load 16B requests=192 sectors=1 ideal=1 confidence=exact
