//===- CuptiStatus.h - CUPTI/CUDA status to cal::Error ----------*- C++ -*-===//
//
// The one place where a failed CUPTI or CUDA status becomes an Error carrying
// the library's own text, so that every caller reports failures the same way
// and the verifier can recognise "not permitted" and "no device".
//
//===----------------------------------------------------------------------===//
#ifndef CAL_RUNTIME_CUPTISTATUS_H
#define CAL_RUNTIME_CUPTISTATUS_H

#include "cal/runtime/Error.h"

#include <cupti_result.h>

namespace cal {

/// Success for CUPTI_SUCCESS; otherwise an Error "What: CUPTI_ERROR_...: text".
/// CUPTI_ERROR_INSUFFICIENT_PRIVILEGES gets ErrorCode::ProfilingNotPermitted
/// and a sentence saying how to obtain the permission.
Error cuptiStatus(CUptiResult Result, const char *What);

/// The advice printed when the driver restricts profiling to administrators.
const char *profilingPermissionAdvice();

} // namespace cal

#define CAL_CUPTI(Call)                                                        \
  do {                                                                         \
    if (::cal::Error CalErr = ::cal::cuptiStatus((Call), #Call))               \
      return CalErr;                                                           \
  } while (0)

#endif // CAL_RUNTIME_CUPTISTATUS_H
