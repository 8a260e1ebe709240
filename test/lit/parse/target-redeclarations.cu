// nvcc treats a member function declared in its class for the host and
// defined out of line for the device as __host__ __device__ (warning
// #20039-D, "a __host__ function redeclared with __device__"); clang
// rejects the definition ("does not match any declaration", "cannot
// overload"). The tool edits both declarations to __host__ __device__,
// says so, and analyses the kernel that uses them. 22 such functions make
// more than clang's 20 errors: the parse with the first edits finds the
// rest, and a further parse takes them too.
// RUN: %cal --format=json %s 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=NOTE < %t.err

class Lock {
public:
  Lock(int *p);
  void acquire();
  int get() const;
  int m0() const;
  int m1() const;
  int m2() const;
  int m3() const;
  int m4() const;
  int m5() const;
  int m6() const;
  int m7() const;
  int m8() const;
  int m9() const;
  int m10() const;
  int m11() const;
  int m12() const;
  int m13() const;
  int m14() const;
  int m15() const;
  int m16() const;
  int m17() const;
  int m18() const;
  int m19() const;
  int m20() const;
  int m21() const;
private:
  int *m_p;
};
inline __device__ Lock::Lock(int *p) { m_p = p; }
inline __device__ void Lock::acquire() { while (atomicCAS(m_p, 0, 1)); }
__host__ __device__ int Lock::get() const { return *m_p; }
__device__ int Lock::m0() const { return m_p[0]; }
__device__ int Lock::m1() const { return m_p[1]; }
__device__ int Lock::m2() const { return m_p[2]; }
__device__ int Lock::m3() const { return m_p[3]; }
__device__ int Lock::m4() const { return m_p[4]; }
__device__ int Lock::m5() const { return m_p[5]; }
__device__ int Lock::m6() const { return m_p[6]; }
__device__ int Lock::m7() const { return m_p[7]; }
__device__ int Lock::m8() const { return m_p[8]; }
__device__ int Lock::m9() const { return m_p[9]; }
__device__ int Lock::m10() const { return m_p[10]; }
__device__ int Lock::m11() const { return m_p[11]; }
__device__ int Lock::m12() const { return m_p[12]; }
__device__ int Lock::m13() const { return m_p[13]; }
__device__ int Lock::m14() const { return m_p[14]; }
__device__ int Lock::m15() const { return m_p[15]; }
__device__ int Lock::m16() const { return m_p[16]; }
__device__ int Lock::m17() const { return m_p[17]; }
__device__ int Lock::m18() const { return m_p[18]; }
__device__ int Lock::m19() const { return m_p[19]; }
__device__ int Lock::m20() const { return m_p[20]; }
__device__ int Lock::m21() const { return m_p[21]; }

__global__ void k(int *l, float *out) {
  Lock L(l);
  L.acquire();
  out[threadIdx.x] = L.get() + L.m21();
}
int main() { k<<<1, 32>>>(nullptr, nullptr); }

// NOTE: note: '{{.*}}target-redeclarations.cu': 'Lock::Lock' at {{.*}}target-redeclarations.cu:42 is analysed as __host__ __device__, as nvcc treats a member function declared for one side and defined for another (#20039-D); clang rejects it
// NOTE: 'Lock::m21' at {{.*}}target-redeclarations.cu:66 is analysed as __host__ __device__
// NOTE: cuda-access-lint: 1 file;

// The parse succeeds and the kernel is analysed: out[threadIdx.x] for 32
// lanes is 32 consecutive floats, 128 B, 4 sectors.
// CHECK: "errors": [],
// CHECK: "kind": "store",
// CHECK-NEXT: "line": 71,
// CHECK: "sectors_per_request": {
// CHECK-NEXT: "max": 4,
// CHECK-NEXT: "mean": 4,
