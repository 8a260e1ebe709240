// An array inside a struct variable of the thread (a WMMA fragment's `x`)
// is indexed in the variable's local memory, as a local array is. Local
// memory interleaves the threads' spaces by 32-bit words (word w of lane l
// at w*128 + l*4), so 32 lanes at the same word read one 128-byte row:
// 4 sectors, reported as a range because the compiler may keep the
// variable in registers.
// RUN: %cal --format=json %s -- > %t.json
// RUN: %python %S/Inputs/accesses.py %t.json | FileCheck %s

struct Frag {
  float pad;
  float x[8];
};

__global__ void frag(const float *in, float *out) {
  Frag f;
  for (int t = 0; t < 8; t++)
    f.x[t] = in[threadIdx.x * 8 + t];
  out[threadIdx.x] = f.x[threadIdx.x & 7];
}

__global__ void byValue(const float *in, float *out);
int main() {
  frag<<<1, 64>>>(0, 0);
  byValue<<<1, 32>>>(0, 0);
}

// CHECK: access 18 local store range 4-4 local memory only if the compiler does not keep the variable in registers
// `in[tid * 8 + t]`: lanes 32 B apart, one sector each: 32 sectors.
// CHECK: access 18 global load exact 32-32
// CHECK: access 19 global store exact 4-4
// Lane l reads word w = 1 + (l & 7) of its own space, at byte w*128 + l*4.
// Row w holds lanes k, k+8, k+16, k+24 (k = w - 1) at 4k, 4k+32, 4k+64 and
// 4k+96 within the row: four different sectors. 8 rows x 4 = 32 sectors.
// CHECK: access 19 local load range 32-32 local memory only

// The same for a struct passed by value to a device function and for a
// temporary (the struct a function returned, read through its operator[]):
// each is the thread's own object, so its array is in local memory as
// above; before, both were "decay of an untracked array", unknown.
struct V3 {
  float d[3];
  __device__ const float &operator[](int i) const { return d[i]; }
};

__device__ V3 load3(const float *p) {
  V3 r;
  for (int i = 0; i < 3; i++)
    r.d[i] = p[i];
  return r;
}

__device__ float sum3(V3 v) {
  float s = 0;
  for (int i = 0; i < 3; i++)
    s += v[i];
  return s;
}

__global__ void byValue(const float *in, float *out) {
  out[threadIdx.x] = sum3(load3(in)) + load3(in)[1];
}

// Every lane at the same word of its own space: one 128-byte row, 4
// sectors, a range as above. The loads through operator[] are reported
// where it is called (line 56 for the parameter, 61 for the temporary).
// `p[i]` is the same float for all lanes: 1 sector.
// CHECK-LABEL: kernel byValue
// CHECK-NOT: unknown
// CHECK: access 49 local store range 4-4 local memory only
// CHECK-NEXT: access 49 global load exact 1-1
// CHECK-NEXT: access 56 local load range 4-4 local memory only
// CHECK-NEXT: access 61 global store exact 4-4
// CHECK-NEXT: access 61 local load range 4-4 local memory only
