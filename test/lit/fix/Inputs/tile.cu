// A [16][16] double tile read down its columns: lane x at 128 x bytes, so
// each half-warp phase (8-byte lanes) puts 16 lanes on banks 0 and 1.
__global__ void column(double *out) {
  __shared__ double tile[16][16];
  tile[threadIdx.y][threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 16 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
void host(double *o) { column<<<1, dim3(16, 16)>>>(o); }
