// A pointer that the whole warp loads from one address of global memory is
// taken to point to a global buffer of its own, 256-byte aligned as a
// kernel argument's is, and the kernel's assumptions say so. Before, every
// access through it had space `unknown` and no figure.
// RUN: %cal --format=json %s -- > %t.json
// RUN: %python %S/Inputs/accesses.py %t.json | FileCheck %s
// RUN: FileCheck %s --check-prefix=ASSUME < %t.json

struct Elem {
  char *name;
  int value;
};
struct Vec {
  float *data;
  int n;
};

__global__ void named(Elem *e) {
  // One thread stores one byte: a request of one lane touches 1 sector
  // wherever the byte lies.
  e->name[0] = 'd';
}

__global__ void vec(Vec *v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // Every lane loads v->data from the same address: one buffer, aligned.
  // 32 consecutive floats from a 256-byte boundary: 128 B = 4 sectors.
  v->data[i] = 0;
  // Two floats apart (8 B stride): 32 lanes span 256 B = 8 sectors.
  v->data[2 * i] = 1;
}

__global__ void rows(float **r) {
  // Each lane loads a pointer of its own (32 pointers of 8 B: 256 B = 8
  // sectors); where they point is not known.
  r[threadIdx.x][0] = 1;
}

int main() {
  named<<<1, 1>>>(0);
  vec<<<4, 256>>>(0);
  rows<<<1, 32>>>(0);
}

// CHECK: kernel named
// CHECK: access 21 global load exact 1-1
// CHECK: access 21 global store exact 1-1
// CHECK: kernel vec
// CHECK: access 28 global load exact 1-1
// CHECK: access 28 global store exact 4-4
// CHECK: access 30 global load exact 1-1
// CHECK: access 30 global store exact 8-8
// CHECK: kernel rows
// CHECK: access 36 global load exact 8-8
// CHECK: access 36 unknown store unknown {{.*}}value loaded from memory at {{.*}}loaded-pointers.cu:36:3

// ASSUME: "pointers loaded from global memory (at {{.*}}loaded-pointers.cu:21:3) point to global memory, each to a buffer of its own, 256-byte aligned"
// ASSUME: "pointers loaded from global memory (at {{.*}}loaded-pointers.cu:28:3) point to global memory, each to a buffer of its own, 256-byte aligned"
