// Range-based for over arrays and over a struct with begin()/end(): the
// loop is the standard's rewrite (`auto &&__range = r; for (auto __begin =
// begin, __end = end; __begin != __end; ++__begin) { T x = *__begin; ...}`),
// so the trip count is known and each element access is a real access.
// Rules: 32 banks of 4 bytes; 32-byte sectors.
// RUN: %cal --dump=events %s | FileCheck %s

struct Row {
  float *p;
  int n;
  __device__ float *begin() { return p; }
  __device__ float *end() { return p + n; }
};

__global__ void rangeFor(float *out) {
  __shared__ float s[4][32];
  for (auto &row : s)
    row[threadIdx.x] = 0.0f;
  float acc = 0.0f;
  for (float x : s[1])
    acc += x;
  Row r{out + 64, 4};
  for (float &x : r)
    x = acc;
  out[threadIdx.x] = acc;
}

int main() { rangeFor<<<1, 32>>>(0); }

// One warp, one block. Each of the 4 rows: 32 consecutive words, 1
// wavefront; 4 requests.
// CHECK-LABEL: kernel rangeFor
// CHECK-DAG: summary access 18:5 shared store 4B requests=4 wavefronts=1 ideal=1 confidence=exact
// s[1][j] for j = 0..31: every lane reads the same word, 1 wavefront; 32
// requests.
// CHECK-DAG: summary access 20:16 shared load 4B requests=32 wavefronts=1 ideal=1 confidence=exact
// out[64 + j], j = 0..3: all lanes write one float, 1 sector; 4 requests.
// CHECK-DAG: summary access 24:5 global store 4B requests=4 sectors=1 ideal=1 confidence=exact
// Nothing is left unfollowed.
// RUN: %cal --format=json %s | FileCheck %s --check-prefix=JSON
// JSON: "unsupported": []
