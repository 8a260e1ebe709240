// No launch found: the default block is an assumption, not a fact. Two
// shapes of 256 threads are evaluated, (256,1,1) with grid (64,1,1) and
// (16,16,1) with grid (8,8,1); samples are shapes x parameter samples. A
// figure that differs between the shapes is a range with the value per
// shape, and one that does not is still not `exact`: the program may
// launch the kernel some other way.
// RUN: %cal --format=json %s | FileCheck %s --check-prefix=JSON
// RUN: %cal %s 2>&1 | FileCheck %s --check-prefix=TEXT

__global__ void rowwise(float *a) { a[threadIdx.x] = 0; }

__global__ void linear(float *a) {
  a[threadIdx.y * blockDim.x + threadIdx.x] = 0;
}

__global__ void strided(float *a, int s) { a[threadIdx.x * s] = 0; }

// rowwise, (256,1,1): 32 consecutive floats, 128 B aligned = 4 sectors.
// (16,16,1): a warp is two rows of threadIdx.x = 0..15, the same 16 floats
// twice = 64 B = 2 sectors. 16 warps of each shape, mean 3.
// JSON: "confidence": "range",
// JSON: "reason": "depends on the assumed block shape: 4 when block (256,1,1), 2 when block (16,16,1)",
// JSON: "sectors_per_request": {
// JSON-NEXT: "max": 4,
// JSON-NEXT: "mean": 3,
// JSON-NEXT: "min": 2
// JSON: "no launch found: assumed block (256,1,1) with grid (64,1,1), and block (16,16,1) with grid (8,8,1)
// JSON: "samples": 2
// JSON: "launch": {
// JSON-NEXT: "arguments": {},
// JSON-NEXT: "assumed": true,
// JSON-NEXT: "assumed_blocks": [
// JSON-NEXT: [
// JSON-NEXT: 256,
// JSON-NEXT: 1,
// JSON-NEXT: 1
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: 16,
// JSON-NEXT: 16,
// JSON-NEXT: 1
// JSON-NEXT: ]
// JSON: "source": "default"
// JSON: "name": "rowwise"

// linear: the linear thread index is contiguous in a warp under both
// shapes: 4 sectors either way. The same value, but under an assumed
// launch: range, saying so.
// JSON: "confidence": "range",
// JSON: "reason": "no launch found; the same under every assumed block shape",
// JSON: "sectors_per_request": {
// JSON-NEXT: "max": 4,
// JSON-NEXT: "mean": 4,
// JSON-NEXT: "min": 4
// JSON: "name": "linear"

// strided: s = 4096 or 4097 floats apart, every lane in its own sector:
// (256,1,1) 32 lanes, 32 sectors; (16,16,1) 16 distinct threadIdx.x, 16
// sectors. 2 shapes x 2 parameter samples = 4 samples.
// JSON: "reason": "depends on the assumed block shape and unknown parameters: 32 when block (256,1,1), s=4096, 32 when block (256,1,1), s=4097, 16 when block (16,16,1), s=4096, 16 when block (16,16,1), s=4097",
// JSON: "samples": 4
// JSON: "name": "strided"
// The additions of this schema are counted within version 1.
// JSON: "version": 1,
// JSON-NEXT: "version_minor": 4

// TEXT: assumed-default.cu:10:17: remark: assuming block (256,1,1); no launch found (set one with --block, an annotation or __launch_bounds__) [cuda-assumed-launch]
// TEXT: note: also evaluated with block (16,16,1); figures that differ between the shapes are reported as ranges
// TEXT: assumed-default.cu:12:17: remark: assuming block (256,1,1); no launch found
// The strided store: the ratio is taken per shape against that shape's
// ideal (4 and 2 sectors): 8x in both.
// TEXT: assumed-default.cu:16:17: remark: assuming block (256,1,1); no launch found
// TEXT: assumed-default.cu:16:44: warning: global store touches 16 to 32 sectors per request depending on the assumed block shape and unknown parameters ({{.*}}) where 2 to 4 would do (8x the bytes moved) [cuda-uncoalesced-global]
// TEXT: note: in kernel 'strided', default launch with assumed block (256,1,1) or (16,16,1)

// A launch whose block is computed at run time gives no shape either: the
// launch is assumed, the remark says that a launch was found but not used,
// and assumptions[] says why.
// RUN: %cal %s --kernel=runtimeBlock 2>&1 | FileCheck %s --check-prefix=RUNTIME
__global__ void runtimeBlock(float *a) { a[threadIdx.x] = 0; }
int atoi(const char *);
int main(int argc, char **argv) { runtimeBlock<<<1, atoi(argv[1])>>>(0); }
// RUNTIME: remark: assuming block (256,1,1); no usable launch found (set one with --block, an annotation or __launch_bounds__) [cuda-assumed-launch]
