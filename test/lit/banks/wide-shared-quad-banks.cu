// The second round of wide shared-load probes (docs/gpu-facts.md, "Wide
// shared accesses"; research/probes/wide-shared-probe2.cu, which
// takes its lane indices from a table and so cannot be analysed itself):
// every quad of lanes reading at most 16 distinct bytes halves the phases
// only when those bytes lie in distinct banks. Expected figures are the
// data-pipe counter's (l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum
// per load instruction) for the same lanes, derived below by the rule.
// RUN: %cal --format=json --output=%t.json %s
// RUN: %python %S/../interpreter/Inputs/accesses.py %t.json | FileCheck %s

// Lanes 0 and 16 read d[64] (byte 512: banks 0-1), the others d[448]
// (byte 3584: banks 0-1). Quad 0 reads 16 bytes, but two words of bank 0:
// no merge, two half-warp phases, each with two words in bank 0: 4
// (measured 4).
// CHECK-LABEL: kernel same_bank_in_a_quad
// CHECK: access {{[0-9]+}} shared load exact 4-4
__global__ void same_bank_in_a_quad(double *out) {
  __shared__ double s[512];
  unsigned l = threadIdx.x;
  for (unsigned i = l; i < 512; i += 32)
    s[i] = 0;
  __syncthreads();
  out[l] = s[l % 16 == 0 ? 64 : 448];
}

// Lanes 1, 4, 7 of each 8 read d[8] (banks 16-17), d[32] (banks 0-1) and
// d[56] (banks 16-17). Quad 0 reads d[8], quad 1 d[32] and d[56]: 16 bytes
// in distinct banks each, so one 32-lane phase; across the warp bank 16
// holds two words (of d[8] and d[56]): 2 (measured 2).
// CHECK-LABEL: kernel same_bank_across_quads
// CHECK: access {{[0-9]+}} shared load exact 2-2
__global__ void same_bank_across_quads(double *out) {
  __shared__ double s[512];
  unsigned l = threadIdx.x;
  for (unsigned i = l; i < 512; i += 32)
    s[i] = 0;
  __syncthreads();
  unsigned r = l % 8;
  if (r == 1 || r == 4 || r == 7)
    out[l] = s[r == 1 ? 8 : r == 4 ? 32 : 56];
}

void launch(double *out) {
  same_bank_in_a_quad<<<1, 32>>>(out);
  same_bank_across_quads<<<1, 32>>>(out);
}
