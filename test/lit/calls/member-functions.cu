// Member functions run with their object: `this` is the object's location
// (a register-held struct, a __shared__ struct, or memory behind a pointer),
// constructors write the new object's fields, and an operator returning a
// reference names the element it returns. Each pointer field of a
// by-value struct kernel argument is its own cudaMalloc'd (256-byte
// aligned) buffer; its integer fields are parameters like any other.
// Rules: 32-byte sectors; 32 banks of 4 bytes.
// RUN: %cal --dump=events %s | FileCheck %s

struct Pair {
  float *a;
  float *b;
};

struct Matrix {
  float *data;
  int ld;
  __device__ float &operator()(int r, int c) { return data[r * ld + c]; }
  __device__ float at(int r, int c) const { return data[r * ld + c]; }
};

struct Span {
  float *p;
  int n;
  __device__ Span(float *q, int m) : p(q), n(m) {}
  __device__ float &operator[](int i) { return p[i]; }
  __device__ int size() const { return n; }
};

struct Cursor {
  float *p;
  int pos;
  __device__ void advance(int k) { pos += k; }
  __device__ float &cur() { return p[pos]; }
};

struct Tile {
  float v[32][33];
  __device__ float &at(int r, int c) { return v[r][c]; }
};

// cuda-access-lint: block(32) grid(1)
__global__ void byValue(Pair args) {
  int t = threadIdx.x;
  args.a[t] = args.b[2 * t];
}

// cuda-access-lint: block(32) grid(1) param(m.ld=64)
__global__ void accessor(Matrix m) {
  int t = threadIdx.x;
  m(t, 0) = 1.0f;
  m(0, t) = m.at(1, t);
}

// cuda-access-lint: block(32) grid(1)
__global__ void sampledField(Matrix m) { m(1, threadIdx.x) = 0.0f; }

__global__ void local(float *out) {
  int t = threadIdx.x;
  Span s(out, 32);
  s[s.size() - 1 - t] = 1.0f;
  Cursor c{out, 0};
  c.advance(2 * t);
  c.cur() = 2.0f;
  Matrix m = {out, 32};
  m(t, t) = 3.0f;
}

__global__ void sharedObject(float *out) {
  __shared__ Tile tile;
  Tile *tp = &tile;
  tile.at(threadIdx.x, 0) = 1.0f;
  out[threadIdx.x] = tp->at(0, threadIdx.x);
}

int main() {
  local<<<1, 32>>>(0);
  sharedObject<<<1, 32>>>(0);
}

// args.a[t]: 32 floats from a 256-byte aligned buffer: 4 sectors.
// args.b[2t]: 32 floats 8 bytes apart span 256 B: 8 sectors.
// CHECK-LABEL: kernel byValue
// CHECK-DAG: summary access 45:3 global store 4B {{.*}} sectors=4 ideal=4 confidence=exact
// CHECK-DAG: summary access 45:15 global load 4B {{.*}} sectors=8 ideal=4 confidence=exact

// m(t, 0) with ld = 64: 256 B apart, one sector per lane: 32.
// m(0, t) = m.at(1, t): 32 consecutive floats from 0 and from 256 B: 4 each.
// The stores through operator()'s reference are at the assignment; the
// load is inside at().
// CHECK-LABEL: kernel accessor
// CHECK-DAG: summary access 19:52 global load 4B {{.*}} sectors=4 ideal=4 confidence=exact index=4*(long)(threadIdx.x + 64)
// CHECK-DAG: summary access 51:3 global store 4B {{.*}} sectors=32 ideal=4 confidence=exact
// CHECK-DAG: summary access 52:3 global store 4B {{.*}} sectors=4 ideal=4 confidence=exact

// m.ld unknown: sampled as 4096 (row 1 starts 16384 B in, 32 B aligned: 4
// sectors) and 4097 (16388 B in, 4 B past a sector boundary: 5); mean 4.5.
// CHECK-LABEL: kernel sampledField
// CHECK: parameter m.ld unknown: evaluated with 4096 and 4097
// CHECK: summary access 56:42 global store 4B requests=2 sectors=4.5 ideal=4 confidence=range index=4*(long)(threadIdx.x + m.ld)

// s[31 - t]: the same 32 floats in reverse: 4 sectors. Cursor: pos = 2t
// after advance(), so cur() is out[2t]: 8 sectors. m(t, t) with ld = 32:
// 33 floats apart, one sector each: 32.
// CHECK-LABEL: kernel local
// CHECK-DAG: summary access 61:3 global store 4B {{.*}} sectors=4 ideal=4 confidence=exact
// CHECK-DAG: summary access 64:3 global store 4B {{.*}} sectors=8 ideal=4 confidence=exact
// CHECK-DAG: summary access 66:3 global store 4B {{.*}} sectors=32 ideal=4 confidence=exact

// Tile rows are 33 words: column 0 of row i is word 33i, bank i: no
// conflict, 1 wavefront; row 0 is 32 consecutive words: 1.
// CHECK-LABEL: kernel sharedObject
// CHECK-DAG: summary access 72:3 shared store 4B {{.*}} wavefronts=1 ideal=1 confidence=exact index=132*(long)threadIdx.x
// CHECK-DAG: summary access 73:22 shared load 4B {{.*}} wavefronts=1 ideal=1 confidence=exact index=4*(long)threadIdx.x
// CHECK-NOT: confidence=unknown
