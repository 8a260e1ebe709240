// A thread's local memory holds what that thread stored there: no other
// thread can write it. A pointer kept in a local array (`float3 *v[3]` in
// the cuda-samples' marchingCubes, `volatile int *s_num_pts[4]` in
// cdpQuadtree) is read back with its target, and the access through it is
// costed. What the thread may have overwritten is forgotten: a store in an
// arm of a test it could not decide (it may not have run it), a call the
// analyzer does not follow that is given the array's address.
// RUN: %cal --format=json %s -- > %t.json
// RUN: %python %S/Inputs/accesses.py %t.json | FileCheck %s

__device__ void fill(float **r); // declared only: not followed
__device__ int hash(int x);      // declared only, given no address

__global__ void rows(float *out, const float *in, const int *count) {
  __shared__ float tile[4][32];
  float *row[4];
  for (int i = 0; i < 4; ++i)
    row[i] = &tile[i][0];
  // Row 2, lanes 4 bytes apart: 32 consecutive words in 32 banks, 1
  // wavefront.
  row[2][threadIdx.x] = 1.0f;
  __syncthreads();
  // Lane l reads tile[l % 4][0]: 4 words 128 bytes (32 banks x 4 bytes)
  // apart, all in bank 0: 4 wavefronts.
  out[threadIdx.x] = row[threadIdx.x % 4][0];
  // The test is data: the lanes may or may not have moved row[1].
  if (in[threadIdx.x] > 0.0f)
    row[1] = &tile[3][0];
  out[threadIdx.x + 32] = row[1][threadIdx.x];
  // row[3] was not touched there: 1 wavefront, as for row 2.
  out[threadIdx.x + 64] = row[3][threadIdx.x];
  // A loop whose trip count is data: within an iteration, what the lane
  // stored it reads back. Lanes read tile[0][i % 32] and the next word: 2
  // banks, 1 wavefront.
  for (int i = 0; i < count[threadIdx.x]; ++i) {
    float *p[1];
    p[0] = &tile[0][i % 32];
    out[threadIdx.x + 96] = p[0][threadIdx.x % 2];
  }
}

__global__ void calls(float *out) {
  __shared__ float tile[2][32];
  float *row[2];
  row[0] = &tile[0][0];
  row[1] = &tile[1][0];
  // Given no address, hash cannot reach row: row[0] still points to tile.
  int h = hash(threadIdx.x);
  out[threadIdx.x] = row[0][threadIdx.x] + h;
  // fill may write row: what it holds is not known.
  fill(row);
  out[threadIdx.x + 32] = row[1][threadIdx.x];
}

// What is forgotten is not one value for the warp either: each thread has
// its own idx, so idx[0], read at the same offset by every lane, is one
// value per lane (lane l stored 2l), not a sampled value common to the
// warp, which would put the 32 stores at one address (1 sector).
__global__ void forgotten(float *a) {
  int idx[2];
  idx[0] = 2 * threadIdx.x;
  fill((float **)idx);
  a[idx[0]] = 0.0f;
}

int main() {
  rows<<<1, 32>>>(nullptr, nullptr, nullptr);
  calls<<<1, 32>>>(nullptr);
  forgotten<<<1, 32>>>(nullptr);
}

// CHECK-LABEL: kernel rows
// CHECK: access 21 shared store exact 1-1
// CHECK: access 25 shared load exact 4-4
// CHECK: access 29 unknown load unknown - memory space unknown: the pointer's target is unknown (value loaded from memory at {{.*}}local-pointer-arrays.cu:29:27)
// CHECK: access 31 shared load exact 1-1
// CHECK: access 38 shared load range 1-1 executes under a condition the analyzer cannot evaluate
// CHECK-LABEL: kernel calls
// CHECK: access 49 shared load exact 1-1
// CHECK: access 52 unknown load unknown - memory space unknown: the pointer's target is unknown (value loaded from memory at {{.*}}local-pointer-arrays.cu:52:27)
// CHECK-LABEL: kernel forgotten
// CHECK-NOT: sample: loaded values
// CHECK: access 63 global store unknown - address depends on value loaded from memory at {{.*}}local-pointer-arrays.cu:63:5
