// After an `if` whose test depends on data, a lane ran both sides, so a
// variable the sides changed holds one of two values there: it is unknown,
// not the value of the side that ran last.
// RUN: %cal --format=json %s -- > %t.json
// RUN: %python %S/Inputs/accesses.py %t.json | FileCheck %s

__global__ void search(const unsigned *keys, const unsigned *data,
                       unsigned *out) {
  unsigned v = keys[blockIdx.x * 32 + threadIdx.x];
  unsigned pos = 0;
  // A binary search over data[0..255]: which half each lane takes depends
  // on the values it loads.
  for (unsigned stride = 128; stride > 0; stride >>= 1)
    if (data[pos + stride - 1] < v)
      pos += stride;
  out[blockIdx.x * 32 + threadIdx.x] = pos;
  out[pos] = v;
}

int main() { search<<<8, 32>>>(0, 0, 0); }

// The first probe is data[127] for every lane: one address, one sector.
// From the second probe on, pos is unknown in every lane (each lane may
// have moved or not), so the probes' addresses are unknown: of the 8
// executions per warp, 7 have unknown addresses. Six warps are evaluated:
// the first, middle and last block (one warp each) under two samples, as
// the first probe loads one integer for the whole warp (a sampled load):
// 42 of 48.
// CHECK: access 14 global load unknown {{.*}}42 of 48 requests have unknown addresses (address depends on 'pos' set under a test the analyzer cannot decide at {{.*}}undecided-assignments.cu:14:5)
// CHECK: access 16 global store exact 4-4
// CHECK: access 17 global store unknown - address depends on 'pos' set under a test the analyzer cannot decide at {{.*}}undecided-assignments.cu:14:5
