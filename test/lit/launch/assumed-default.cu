// No launch found: the default block is an assumption, not a fact. One
// shape is evaluated, chosen from the kernel's own indexing: a kernel that
// reads threadIdx or blockDim in y or z gets (16,16,1) with grid (8,8,1),
// any other (256,1,1) with grid (64,1,1). Figures of different shapes are
// never averaged; every figure under an assumed launch is a range that
// says so (the program may launch the kernel some other way).
// RUN: %cal --sort=location --format=json %s | FileCheck %s --check-prefix=JSON
// RUN: %cal --sort=location %s 2>&1 | FileCheck %s --check-prefix=TEXT

__global__ void rowwise(float *a) { a[threadIdx.x] = 0; }

__global__ void linear(float *a) {
  a[threadIdx.y * blockDim.x + threadIdx.x] = 0;
}

__global__ void strided(float *a, int s) { a[threadIdx.x * s] = 0; }

// rowwise indexes in x only: (256,1,1). 32 consecutive floats, 128 B
// aligned = 4 sectors, in every warp.
// JSON: "confidence": "range",
// JSON: "reason": "no launch found: under the assumed block (256,1,1)",
// JSON: "sectors_per_request": {
// JSON-NEXT: "max": 4,
// JSON-NEXT: "mean": 4,
// JSON-NEXT: "min": 4
// JSON: "no launch found: assumed block (256,1,1) with grid (64,1,1) (the kernel indexes in one dimension)"
// JSON: "launch": {
// JSON-NEXT: "arguments": {},
// JSON-NEXT: "assumed": true,
// JSON-NEXT: "assumed_blocks": [
// JSON-NEXT: [
// JSON-NEXT: 256,
// JSON-NEXT: 1,
// JSON-NEXT: 1
// JSON-NEXT: ]
// JSON-NEXT: ],
// JSON: "source": "default"
// JSON: "name": "rowwise"

// linear reads threadIdx.y: (16,16,1). threadIdx.y * 16 + threadIdx.x is
// the linear thread index, 32 consecutive floats per warp: 4 sectors.
// JSON: "confidence": "range",
// JSON: "reason": "no launch found: under the assumed block (16,16,1)",
// JSON: "sectors_per_request": {
// JSON-NEXT: "max": 4,
// JSON-NEXT: "mean": 4,
// JSON-NEXT: "min": 4
// JSON: "no launch found: assumed block (16,16,1) with grid (8,8,1) (the kernel indexes threadIdx or blockDim in y or z)"
// JSON: "name": "linear"

// strided: (256,1,1); s = 4096 or 4097 floats apart, every lane in its own
// sector: 32 sectors for both parameter samples, min(32, 4*s) for any s
// (lanes 4*s bytes apart), which the reason states too.
// JSON: "reason": "no launch found: under the assumed block (256,1,1); depends on unknown parameter s: min(32, 4*s)",
// JSON: "sectors_per_request": {
// JSON-NEXT: "max": 32,
// JSON-NEXT: "mean": 32,
// JSON-NEXT: "min": 32
// JSON: "samples": 2
// JSON: "name": "strided"
// The additions of this schema are counted within version 1.
// JSON: "version": 1,
// JSON-NEXT: "version_minor": 10

// TEXT: assumed-default.cu:10:17: remark: assuming block (256,1,1); no launch found (set one with --block, an annotation or __launch_bounds__) [cuda-assumed-launch]
// TEXT-NOT: also evaluated with block
// TEXT: assumed-default.cu:12:17: remark: assuming block (16,16,1); no launch found
// The strided store: 32 sectors where the 128 B the warp stores fill 4: 8x.
// TEXT: assumed-default.cu:16:17: remark: assuming block (256,1,1); no launch found
// TEXT: assumed-default.cu:16:44: warning: global store touches 32 sectors per request where 4 would do (8x the bytes moved) [cuda-uncoalesced-global]
// TEXT: note: in kernel 'strided', default launch with assumed block (256,1,1)

// A launch whose block is computed at run time gives no shape either: the
// launch is assumed, the remark says that a launch was found but not used,
// and assumptions[] says why.
// RUN: %cal --sort=location %s --kernel=runtimeBlock 2>&1 | FileCheck %s --check-prefix=RUNTIME
__global__ void runtimeBlock(float *a) { a[threadIdx.x] = 0; }
int atoi(const char *);
int main(int argc, char **argv) { runtimeBlock<<<1, atoi(argv[1])>>>(0); }
// RUNTIME: remark: assuming block (256,1,1); no usable launch found (set one with --block, an annotation or __launch_bounds__) [cuda-assumed-launch]
