// A strided store: each lane of a warp writes its own 128-byte line.
__global__ void strided(float *Out) { Out[threadIdx.x * 32] = 1.0f; }

int main() {
  float *Out;
  cudaMalloc(&Out, 32 * 32 * sizeof(float));
  strided<<<1, 32>>>(Out);
  return 0;
}
