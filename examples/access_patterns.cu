// access-patterns: a small CUDA program for `cuda-access-verify run`, built
// as any application would be (nvcc -lineinfo, sm_90) and profiled without
// recompiling it. Three kernels, each launched with literal configurations
// so that cuda-access-lint reads the launches that run:
//  - copy<float>: coalesced, 4 sectors per warp request (32 lanes x 4 B);
//  - transposeTile: coalesced global loads and stores through a 32x32
//    shared tile, whose column read conflicts 32-way (4-byte banks, 32
//    banks: docs/gpu-facts.md);
//  - parityBranch: a branch on the lane's parity around run-time loops,
//    which splits every warp.
// Options: --no-launch (never launches a kernel), --abort (aborts after the
// first launches), --iterations N (launches per kernel, default 5).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <cuda_runtime.h>

constexpr int CopyElements = 1 << 22;
constexpr int Width = 2048; // transposed matrix: Width x Width floats
constexpr int Tile = 32;
constexpr int Rows = 8;
constexpr int BranchThreads = 1 << 20;

template <typename T> __global__ void copy(T *Out, const T *In, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Out[I] = In[I];
}

__global__ void transposeTile(float *Out, const float *In, int W) {
  __shared__ float TileBuf[Tile][Tile];
  int X = blockIdx.x * Tile + threadIdx.x;
  int Y = blockIdx.y * Tile + threadIdx.y;
  for (int J = 0; J < Tile; J += Rows)
    TileBuf[threadIdx.y + J][threadIdx.x] = In[(Y + J) * W + X];
  __syncthreads();
  X = blockIdx.y * Tile + threadIdx.x;
  Y = blockIdx.x * Tile + threadIdx.y;
  for (int J = 0; J < Tile; J += Rows)
    Out[(Y + J) * W + X] = TileBuf[threadIdx.x][threadIdx.y + J];
}

__global__ void parityBranch(float *Out, const float *In, int Trips) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  float Acc = In[I];
  if (threadIdx.x % 2) {
    for (int K = 0; K < Trips; ++K)
      Acc = Acc * 1.0001f + 0.5f;
  } else {
    for (int K = 0; K < Trips; ++K)
      Acc = Acc * 0.9999f - 0.25f;
  }
  Out[I] = Acc;
}

static void check(cudaError_t E, const char *What) {
  if (E != cudaSuccess) {
    std::fprintf(stderr, "access-patterns: %s: %s\n", What,
                 cudaGetErrorString(E));
    std::exit(1);
  }
}

int main(int Argc, char **Argv) {
  int Iterations = 5;
  bool NoLaunch = false, Abort = false;
  for (int I = 1; I < Argc; ++I) {
    if (!std::strcmp(Argv[I], "--no-launch"))
      NoLaunch = true;
    else if (!std::strcmp(Argv[I], "--abort"))
      Abort = true;
    else if (!std::strcmp(Argv[I], "--iterations") && I + 1 < Argc)
      Iterations = std::atoi(Argv[++I]);
  }
  const size_t MatrixBytes = size_t(Width) * Width * sizeof(float);
  std::vector<float> Host(size_t(Width) * Width);
  for (size_t I = 0; I < Host.size(); ++I)
    Host[I] = float(I % 1000);
  float *A, *B, *C, *D;
  check(cudaMalloc(&A, MatrixBytes), "cudaMalloc");
  check(cudaMalloc(&B, MatrixBytes), "cudaMalloc");
  check(cudaMalloc(&C, CopyElements * sizeof(float)), "cudaMalloc");
  check(cudaMalloc(&D, CopyElements * sizeof(float)), "cudaMalloc");
  check(cudaMemcpy(A, Host.data(), MatrixBytes, cudaMemcpyHostToDevice),
        "cudaMemcpy");
  check(cudaMemcpy(C, Host.data(), CopyElements * sizeof(float),
                   cudaMemcpyHostToDevice),
        "cudaMemcpy");
  if (NoLaunch) {
    std::printf("access-patterns: no kernel launched (--no-launch)\n");
    return 0;
  }

  for (int It = 0; It < Iterations; ++It) {
    copy<float><<<CopyElements / 256, 256>>>(D, C, CopyElements);
    dim3 Block(Tile, Rows);
    dim3 Grid(Width / Tile, Width / Tile);
    transposeTile<<<Grid, Block>>>(B, A, Width);
    parityBranch<<<BranchThreads / 128, 128>>>(D, C, 64);
    check(cudaGetLastError(), "launch");
    if (Abort) {
      check(cudaDeviceSynchronize(), "synchronize");
      std::fprintf(stderr, "access-patterns: aborting (--abort)\n");
      std::abort();
    }
  }
  check(cudaDeviceSynchronize(), "synchronize");

  // The program checks its own results, as it would without a profiler:
  // kernel replay must leave memory as one run would.
  std::vector<float> T(Host.size());
  check(cudaMemcpy(T.data(), B, MatrixBytes, cudaMemcpyDeviceToHost),
        "cudaMemcpy");
  for (int R = 0; R < Width; ++R)
    for (int Col = 0; Col < Width; ++Col)
      if (T[size_t(R) * Width + Col] != Host[size_t(Col) * Width + R]) {
        std::fprintf(stderr, "access-patterns: transpose wrong at %d,%d\n", R,
                     Col);
        return 1;
      }
  std::printf("access-patterns: %d iterations, results correct\n", Iterations);
  return 0;
}
