// 2-D blocks: warps are formed from the linear thread index x + y*Dx.
// A 16x16 block puts two rows in one warp: a[y*n + x] with n = 1024 floats
// touches two 64-byte runs 4096 B apart = 2 + 2 sectors (ideal 4 as well,
// since each run is 2 whole sectors). A 32x8 block gives each warp one row:
// 128 contiguous bytes = 4 sectors.
// A uniform load (every lane reads s[0]) needs 1 sector (ideal 1).
// RUN: %cal --dump=events %s | FileCheck %s

__global__ void rows(float *out, const float *in, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  out[y * n + x] = in[y * n + x];
}

__global__ void broadcast(float *out, const float *s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = s[0];
}

int main() {
  rows<<<dim3(64, 64), dim3(16, 16)>>>(0, 0, 1024);
  rows<<<dim3(32, 128), dim3(32, 8)>>>(0, 0, 1024);
  broadcast<<<4, 128>>>(0, 0);
}

// CHECK-LABEL: kernel rows launch host-launch grid (64,64,1) block (16,16,1)
// CHECK: summary access 12:20 global load 4B {{.*}} sectors=4 ideal=4 confidence=exact
// CHECK-LABEL: kernel rows launch host-launch grid (32,128,1) block (32,8,1)
// CHECK: summary access 12:20 global load 4B {{.*}} sectors=4 ideal=4 confidence=exact
// CHECK-LABEL: kernel broadcast
// CHECK: summary access 17:12 global load 4B {{.*}} sectors=1 ideal=1 confidence=exact
