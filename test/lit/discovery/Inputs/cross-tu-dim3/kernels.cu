// A 2-D kernel whose row is blockIdx.y*blockDim.y + threadIdx.y: with
// 16 x 16 blocks a warp is two rows of 16 floats.
__global__ void rowsOf(float *d, int w) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  d[y * w + x] = 0.0f;
}

// The launch takes its grid and block from the wrapper's dim3 parameters;
// this file never calls it (the caller is main.cpp, as in the GL samples'
// render(..., blockSize, gridSize, ...)).
extern "C" void render(float *d, int w, dim3 grid, dim3 block) {
  rowsOf<<<grid, block>>>(d, w);
}
