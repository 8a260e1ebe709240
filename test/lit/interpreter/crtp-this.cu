// `this` cast to the derived class (the CRTP idiom of small matrix and
// vector libraries: `*static_cast<const Derived *>(this)`) names the object
// the method was called on. For an object held in registers the fields are
// its registers, so what is computed from them stays known; before, the
// cast pointer was "a pointer to an object held in registers", unknown.
// One block of 128 threads (4 warps); sectors are 32 B.
// RUN: %cal --format=json --output=%t.json %s
// RUN: %python %S/Inputs/accesses.py %t.json | FileCheck %s

template <typename D> struct IndexBase {
  __device__ const D &derived() const {
    return *static_cast<const D *>(this);
  }
  __device__ int linear() const { return derived().row * 128 + derived().col; }
};
struct Index2 : IndexBase<Index2> {
  int row, col;
};

__global__ void crtp(float *out) {
  Index2 ix;
  ix.row = blockIdx.x;
  ix.col = threadIdx.x;
  // linear() = 128 * blockIdx.x + threadIdx.x: a warp's 32 floats are 128
  // contiguous bytes at a multiple of 128: 4 sectors, the ideal.
  out[ix.linear()] = 1.0f;
  // Twice that: lanes 8 bytes apart, 256 bytes: 8 sectors.
  out[2 * ix.linear()] = 2.0f;
}

int main() { crtp<<<1, 128>>>(nullptr); }

// CHECK-LABEL: kernel crtp
// CHECK-NOT: unknown
// CHECK: access 26 global store exact 4-4
// CHECK-NEXT: access 28 global store exact 8-8
// CHECK-NOT: access
