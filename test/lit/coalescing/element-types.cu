// Sectors per request by element width, contiguous lanes, aligned base:
// char 32 x 1 B = 32 B = 1 sector; double 32 x 8 B = 256 B = 8 sectors;
// double2 32 x 16 B = 512 B = 16 sectors. Wide loads halve the requests but
// keep the total sectors (gpu-facts.md: 1.00, 8.00, 16.00 measured).
// A 12-byte struct member: lane i reads 4 bytes at 12*i + 4; the warp spans
// 384 B = 12 sectors, of which 128 B (4 sectors) are needed.
// RUN: %cal --dump=events %s | FileCheck %s

struct Particle { float x, y, z; };

__global__ void chars(char *out, const char *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}
__global__ void doubles(double *out, const double *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}
__global__ void double2s(double2 *out, const double2 *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}
__global__ void member(float *out, const Particle *p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = p[i].y;
}

int main() {
  chars<<<8, 256>>>(0, 0);
  doubles<<<8, 256>>>(0, 0);
  double2s<<<8, 256>>>(0, 0);
  member<<<8, 256>>>(0, 0);
}

// CHECK-LABEL: kernel chars
// CHECK: summary access 13:12 global load 1B {{.*}} sectors=1 ideal=1 confidence=exact
// CHECK-LABEL: kernel doubles
// CHECK: summary access 17:12 global load 8B {{.*}} sectors=8 ideal=8 confidence=exact
// CHECK-LABEL: kernel double2s
// CHECK: summary access 21:12 global load 16B {{.*}} sectors=16 ideal=16 confidence=exact
// CHECK-LABEL: kernel member
// CHECK: summary access 25:12 global load 4B {{.*}} sectors=12 ideal=4 confidence=exact
