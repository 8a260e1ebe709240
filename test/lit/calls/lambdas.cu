// Lambdas are inlined like functions: captures by copy are the values at
// the lambda's creation, captures by reference name the captured variable
// (a write inside is seen outside), and the closure can be stored in a
// local, passed by value to a template, or called where it is written.
// Rule: 32-byte sectors; the buffers are 256-byte aligned.
// RUN: %cal --dump=events %s | FileCheck %s

template <class F> __device__ void apply(F f, int i) { f(i); }

__global__ void lambdas(float *out, const float *in) {
  int t = threadIdx.x;
  int stride = 2;
  auto load = [=](int i) { return in[i * stride]; };
  stride = 3; // the copy captured above keeps 2
  auto store = [&](int i) { out[i] = load(i); };
  store(t);
  int k = 0;
  auto bump = [&k](int d) { k += d; };
  bump(t);
  bump(t);
  out[k] = 1.0f;
  apply([&](int i) { out[i * 4] = 2.0f; }, t);
  [=](int i) { out[i + 1] = 3.0f; }(t);
}

int main() { lambdas<<<1, 32>>>(0, 0); }

// in[2t]: 32 floats 8 B apart span 256 B: 8 sectors. out[t]: 4.
// CHECK-LABEL: kernel lambdas
// CHECK-DAG: summary access 13:35 global load 4B {{.*}} sectors=8 ideal=4 confidence=exact
// CHECK-DAG: summary access 15:29 global store 4B {{.*}} sectors=4 ideal=4 confidence=exact
// bump(t) twice through a reference capture: k = 2t, out[2t]: 8 sectors.
// CHECK-DAG: summary access 21:3 global store 4B {{.*}} sectors=8 ideal=4 confidence=exact
// out[4t] through apply(): 16 B apart, 512 B: 16 sectors.
// CHECK-DAG: summary access 22:22 global store 4B {{.*}} sectors=16 ideal=4 confidence=exact
// out[t + 1]: 128 B starting 4 B into a sector: 5 sectors.
// CHECK-DAG: summary access 23:16 global store 4B {{.*}} sectors=5 ideal=4 confidence=exact
// Nothing is left unfollowed.
// RUN: %cal --format=json %s | FileCheck %s --check-prefix=JSON
// JSON: "unsupported": []
