// 8- and 16-byte shared loads whose lanes share words across half- and
// quarter-warps, one load per kernel and one warp (the f2_blk444 kernel two
// warps, the pattern of the GPU fuzz record's fuzz_1003 k1003_2). Every
// expected figure is the wavefront count the H100 measured for the same
// kernel (l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum over
// smsp__inst_executed_op_shared_ld.sum, and the SASS-patching counter
// agreeing; docs/gpu-facts.md, "Wide shared accesses"). The rule that fits
// all of them: 8-byte lanes take 2 half-warp phases and 16-byte lanes 4
// quarter-warp phases, each costing its busiest bank's distinct words,
// unless every quad of lanes reads at most 16 distinct bytes; then 8-byte
// lanes are served as one 32-lane phase and 16-byte lanes as 2 half-warps.
// The kernels are the probe's own (Inputs/wide-shared-probe.cu, which
// research/probes/wide-shared-probe.sh builds and measures), analysed here
// as measured there; the CHECKs follow its kernel order.
// RUN: %cal --format=json --output=%t.json %srcroot/test/lit/banks/Inputs/wide-shared-probe.cu
// RUN: %python %S/../interpreter/Inputs/accesses.py %t.json | FileCheck %s

// Quads read 32 B (4 doubles): two half-warp phases of 16 distinct words.
// CHECK-LABEL: kernel d_stride1
// CHECK: access {{[0-9]+}} shared load exact 2-2
// Both halves read d[0..15]; quads 32 B: 2 phases, 1 each: 2.
// CHECK-LABEL: kernel d_mod16
// CHECK: access {{[0-9]+}} shared load exact 2-2
// Both halves read d[0..3]; quads 32 B: 2 phases of 1: 2.
// CHECK-LABEL: kernel d_mod4
// CHECK: access {{[0-9]+}} shared load exact 2-2
// Lanes 2k, 2k+1 read d[k]: quads 16 B, one phase, 16 words on 32 banks: 1.
// CHECK-LABEL: kernel d_half_pairs
// CHECK: access {{[0-9]+}} shared load exact 1-1
// Both halves read d[0], d[2], ..., d[30]; quads 32 B: 2 phases, each 16
// doubles on 16 banks, 2 deep: 4.
// CHECK-LABEL: kernel d_mod16_stride2
// CHECK: access {{[0-9]+}} shared load exact 4-4
// One double for the warp: 1.
// CHECK-LABEL: kernel d_bcast
// CHECK: access {{[0-9]+}} shared load exact 1-1
// Halves 256 B apart, quads 32 B: 2 phases of 1: 2.
// CHECK-LABEL: kernel d_halves_apart
// CHECK: access {{[0-9]+}} shared load exact 2-2
// 32 float4: quads 64 B, 4 quarter phases of 8 float4 on 32 banks: 4.
// CHECK-LABEL: kernel f4_stride1
// CHECK: access {{[0-9]+}} shared load exact 4-4
// Every quarter reads f4[0..7]; quads 64 B: 4 phases of 1: 4.
// CHECK-LABEL: kernel f4_mod8
// CHECK: access {{[0-9]+}} shared load exact 4-4
// One float4: quads 16 B, 2 half-warp phases of 1: 2.
// CHECK-LABEL: kernel f4_bcast
// CHECK: access {{[0-9]+}} shared load exact 2-2
// Lanes 4k..4k+3 read f4[k]: quads 16 B, 2 half-warps of 4 float4: 2.
// CHECK-LABEL: kernel f4_quarter_pairs
// CHECK: access {{[0-9]+}} shared load exact 2-2
// 32-bit: one phase as before: 1.
// CHECK-LABEL: kernel f_stride1
// CHECK: access {{[0-9]+}} shared load exact 1-1
// Both halves read d[0..1]; quads 16 B: one phase: 1.
// CHECK-LABEL: kernel d_mod2
// CHECK: access {{[0-9]+}} shared load exact 1-1
// Half A reads d[0], half B d[1]: one phase: 1.
// CHECK-LABEL: kernel d_lanes_same_half
// CHECK: access {{[0-9]+}} shared load exact 1-1

// Block (4,4,4): each warp's lanes read sh[threadIdx.x], i.e. sh[l % 4],
// as d_mod4: 2 per instruction (the H100: 4 wavefronts for 2 instructions).
// CHECK-LABEL: kernel f2_blk444
// CHECK: access {{[0-9]+}} shared load exact 2-2
