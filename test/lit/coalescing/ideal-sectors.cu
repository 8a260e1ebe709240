// Ideal sectors as Nsight Compute counts them: min(sectors, ceil(active
// lanes x bytes / 32)). Each kernel is a probe kernel of
// research/probes/global-ideal-probe.cu; the sectors and ideal in each
// comment are the H100's (docs/gpu-facts.md, "Ideal sectors").
// RUN: %cal --no-cuda-toolkit --dump=events %s | FileCheck %s

#define PROBE(NAME, OFFSET)                                                    \
  __global__ void NAME(const float *in, float *out) {                          \
    unsigned l = threadIdx.x;                                                  \
    out[l] = in[(OFFSET) / 4];                                                 \
  }

PROBE(offset16, 16 + 4 * l)                            // 5 sectors, ideal 4
PROBE(stride32, 128 * l)                               // 32, ideal 4
PROBE(broadcast, 0)                                    // 1, ideal 1
PROBE(two_far, (l / 16) * 4096)                        // 2, ideal 2
PROBE(rows16_off8, 8 + (l % 16) * 4 + (l / 16) * 4096) // 6, ideal 4
PROBE(pairs, (l / 2) * 4)                              // 2, ideal 2

__global__ void half_active(const float *in, float *out) {
  unsigned l = threadIdx.x;
  if (l < 16)
    out[l] = in[l]; // 16 lanes x 4 B: 2 sectors, ideal 2
}

__global__ void wide_two_far(const double *in, double *out) {
  unsigned l = threadIdx.x;
  out[l] = in[(l / 16) * 512]; // 8 B, 2 words 4 KiB apart: 2, ideal 2
}

int main() {
  offset16<<<1, 32>>>(0, 0);
  stride32<<<1, 32>>>(0, 0);
  broadcast<<<1, 32>>>(0, 0);
  two_far<<<1, 32>>>(0, 0);
  rows16_off8<<<1, 32>>>(0, 0);
  pairs<<<1, 32>>>(0, 0);
  half_active<<<1, 32>>>(0, 0);
  wide_two_far<<<1, 32>>>(0, 0);
}

// CHECK-LABEL: kernel offset16
// CHECK: summary access 13:1 global load 4B requests=1 sectors=5 ideal=4
// CHECK-LABEL: kernel stride32
// CHECK: summary access 14:1 global load 4B requests=1 sectors=32 ideal=4
// CHECK-LABEL: kernel broadcast
// CHECK: summary access 15:1 global load 4B requests=1 sectors=1 ideal=1
// CHECK-LABEL: kernel two_far
// CHECK: summary access 16:1 global load 4B requests=1 sectors=2 ideal=2
// CHECK-LABEL: kernel rows16_off8
// CHECK: summary access 17:1 global load 4B requests=1 sectors=6 ideal=4
// CHECK-LABEL: kernel pairs
// CHECK: summary access 18:1 global load 4B requests=1 sectors=2 ideal=2
// CHECK-LABEL: kernel half_active
// CHECK: summary access 23:14 global load 4B requests=1 sectors=2 ideal=2
// CHECK-LABEL: kernel wide_two_far
// CHECK: summary access 28:12 global load 8B requests=1 sectors=2 ideal=2
