// The launch that research/sass-emulator/sass-emulate.py reads for
// emulate.sass (a hand-written listing in the form of `nvdisasm -gi -c`).
__global__ void k(const float *p, int n) {}
void launch_k(char *pool) {
  k<<<dim3(1, 1, 1), dim3(32, 1, 1)>>>((const float *)(pool + 0), (int)3);
}
