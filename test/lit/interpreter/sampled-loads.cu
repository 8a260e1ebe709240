// Integers loaded from an address that is the same for every lane of the
// warp are one value per warp: they are evaluated like unknown parameters,
// at sample values 4096 + 256k and 4097 + 256k (k numbering the loads), and
// what depends on them says so. Integers loaded per lane stay unknown.
// RUN: %cal --format=json %s -- > %t.json
// RUN: %python %S/Inputs/accesses.py %t.json | FileCheck %s

__global__ void merge(const unsigned *limits, const float *src, float *dst) {
  __shared__ unsigned start, len;
  if (threadIdx.x == 0) {
    start = limits[blockIdx.x];
    len = limits[blockIdx.x + 1] - start;
  }
  __syncthreads();
  // `start` is read by every lane from one shared address. At 4096 the
  // warp's 32 x 4 B start on a 32-byte boundary (16384 B): 4 sectors; at
  // 4097 they start 4 bytes into a sector and end 4 bytes into a fifth.
  // The guard depends on `len`, loaded too: a test on data, so its lanes
  // take both sides, as for any test the analyzer cannot decide (a sample
  // value would pick one side and hide the other's accesses).
  if (threadIdx.x < len)
    dst[blockIdx.x * 128 + threadIdx.x] = src[start + threadIdx.x];
  // Each lane loads its own element: the value differs per lane.
  int perLane = (int)limits[threadIdx.x];
  dst[perLane] = 0;
}

int main() { merge<<<64, 128>>>(0, 0, 0); }

// CHECK: assumption: integers loaded from an address that is the same for every lane of the warp (load@LINE:COL in index expressions) are data: evaluated as 4096 + 256k and 4097 + 256k
// CHECK: sample: loaded values 4096 + 256k
// CHECK: sample: loaded values 4097 + 256k
// CHECK: branch 21 unknown depends_on_samples=True {{.*}}test on the value loaded from memory at {{.*}}sampled-loads.cu:21:21
// CHECK: access 22 global store range 4-4 executes under a condition the analyzer cannot evaluate
// CHECK: access 22 global load range 4-5 depends on values loaded from memory: 4 when loaded values 4096 + 256k, 5 when loaded values 4097 + 256k; executes under a condition the analyzer cannot evaluate
// CHECK: access 25 global store unknown - address depends on value loaded from memory at {{.*}}sampled-loads.cu:24:22
