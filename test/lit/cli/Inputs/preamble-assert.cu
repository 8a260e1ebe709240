// <assert.h> has no include guard (it may be included again with another
// NDEBUG); read again after the entry of these lines, it compiles.
#include <assert.h>
#include <vector>

__global__ void scale(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  assert(i >= 0);
  if (i < n)
    a[i] *= 2;
}

int main() {
  std::vector<float> h(1024);
  scale<<<4, 256>>>(nullptr, 1024);
}
