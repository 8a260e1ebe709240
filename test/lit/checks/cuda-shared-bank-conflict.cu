// cuda-shared-bank-conflict: a warning at or above MinConflictDegree (2x the
// ideal wavefronts on average by default), a note below it.
// RUN: %cal %s 2>&1 | FileCheck %s --check-prefix=TEXT --implicit-check-not=warning:
// RUN: %cal --format=json %s | FileCheck %s --check-prefix=JSON
// RUN: %cal --config='{CheckOptions: {cuda-shared-bank-conflict.MinConflictDegree: 1.2}}' %s 2>&1 | FileCheck %s --check-prefix=LOW
// RUN: %cal --explain cuda-shared-bank-conflict | FileCheck %s --check-prefix=EXPLAIN

__global__ void column(float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = out[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  // Block (32,32): lane x reads tile[x][y], 32 x 4 = 128 bytes apart, so
  // every lane's word is in bank (x * 32) mod 32 = 0: 32 distinct words on
  // one bank, 32 wavefronts where 1 would do.
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // TEXT: cuda-shared-bank-conflict.cu:[[@LINE-1]]:41: warning: shared load takes 32 wavefronts per request where 1 would do (32-way bank conflict) [cuda-shared-bank-conflict]
  // TEXT: note: fix: consecutive lanes are 128 bytes apart, an even number of banks; pad each row by one element
}

__global__ void firstWarp(float *out) {
  __shared__ float s[256];
  int t = threadIdx.x;
  s[t] = out[t];
  __syncthreads();
  // Block 128: warp 0 reads with a stride of 2 words (lanes t and t + 16
  // share a bank: 2 wavefronts), warps 1-3 with a stride of 1 (1
  // wavefront). Mean (2 + 1 + 1 + 1) / 4 = 1.25, under 2: a note.
  out[t] = s[t * (1 + (t < 32))];
  // JSON: "line": [[@LINE-1]],
  // JSON-NEXT: "message": "shared load takes 1.25 wavefronts per request where 1 would do (up to 2-way bank conflict)",
  // JSON: "severity": "note"
  // LOW: cuda-shared-bank-conflict.cu:[[@LINE-4]]:12: warning: shared load takes 1.25 wavefronts
}

void host(float *f) {
  column<<<1, dim3(32, 32)>>>(f);
  firstWarp<<<1, 128>>>(f);
}
// TEXT: 1 warning, 0 remarks (cuda-shared-bank-conflict: 1); 1 below the checks' thresholds

// EXPLAIN: cuda-shared-bank-conflict: shared access needs more wavefronts than its bytes need (warning)
// EXPLAIN: cuda-shared-bank-conflict.MinConflictDegree (default 2)
