#include <functional>
#include <vector>
#pragma once
#define AFTER_THE_PREAMBLE 1
#include <map>

__global__ void strided(float *a) { a[threadIdx.x * 8] = 0; }

int main() {
  std::vector<float *> p(1);
  std::function<void()> f = [&] { strided<<<4, 32>>>(p[0]); };
  f();
}
