/* Stand-in for SHOC's generated config/config.h (configure output) on
   x86-64 Linux with CUDA, for the whole-collection survey (corpus-dev.md):
   the corpus manifest passes -I../compat/shoc to vetter/shoc's files. Only
   what src/common/Timer.h and Matrix2D.h need is defined (configure's
   AC_C_RESTRICT defines restrict for C++ compilers, Matrix2D.h uses it). */
#ifndef SHOC_COMPAT_CONFIG_H
#define SHOC_COMPAT_CONFIG_H
#define HAVE_CLOCK_GETTIME 1
#define HAVE_CLOCK_PROCESS_CPUTIME_ID 1
#define HAVE_GETTIMEOFDAY 1
#define HAVE_CUDA_H 1
#define HAVE_CUDA_RUNTIME_H 1
#define HAVE_STDINT_H 1
#define HAVE_SYS_TIME_H 1
#define HAVE_UNISTD_H 1
#define restrict __restrict
#endif
