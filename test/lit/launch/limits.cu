// Limits: launches that CUDA rejects are not analysed (and say so), and
// deeply nested loops stop at the kernel's iteration budget instead of
// running for minutes. Each warp's share of the 16384-iteration budget is
// 16384 / (3 blocks x 8 warps) = 682 iterations.
// RUN: %cal --dump=events %s | FileCheck %s
// The store runs at most once per iteration: at most 682 x 24 = 16368
// requests over the 24 evaluated warps.
// RUN: %cal --dump=events %s | awk '/summary access 15:9 global store/ { split($0, a, "requests="); split(a[2], b, " "); n = b[1] } END { exit !(n > 0 && n <= 16368) }'

__global__ void nested(float *a, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      for (int k = 0; k < n; ++k)
        a[(i * n + j) * n + k + t] += 1.0f;
}

__global__ void rejected(float *a) { a[threadIdx.x] = 0; }

int main() {
  nested<<<100, 256>>>(0, 1000);
  rejected<<<0, 32>>>(0);
  rejected<<<1, 2048>>>(0);
}

// CHECK-LABEL: kernel nested
// CHECK-DAG: assume loop at {{.*}}limits.cu:14:7 evaluated for its first iterations only (at most 64 per loop, 16384 per kernel)
// CHECK-DAG: assume loop at {{.*}}limits.cu:13:5 evaluated for its first iterations only
// CHECK: summary access 15:9 global store 4B requests={{[0-9]+}} {{.*}} confidence=range
// CHECK-LABEL: kernel rejected launch default
// CHECK: assume launch at {{.*}}limits.cu:22:3 has an empty grid or block, or more than 1024 threads per block, and fails; not used
// CHECK: assume launch at {{.*}}limits.cu:23:3 has an empty grid or block
