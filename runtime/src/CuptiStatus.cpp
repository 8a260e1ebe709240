//===- CuptiStatus.cpp - CUPTI status to cal::Error -----------------------===//
#include "cal/runtime/CuptiStatus.h"

#include <cupti.h>

#include <string>

namespace cal {

const char *profilingPermissionAdvice() {
  return "GPU performance counters are restricted to administrators on this "
         "machine: run the verifier as root, or load the NVIDIA driver with "
         "NVreg_RestrictProfilingToAdminUsers=0 (e.g. 'options nvidia "
         "NVreg_RestrictProfilingToAdminUsers=0' in /etc/modprobe.d/ and "
         "reboot)";
}

Error cuptiStatus(CUptiResult Result, const char *What) {
  if (Result == CUPTI_SUCCESS)
    return Error::success();
  const char *Text = nullptr;
  if (cuptiGetResultString(Result, &Text) != CUPTI_SUCCESS || !Text)
    Text = "unknown CUPTI error";
  std::string Message = std::string(What) + ": " + Text;
  const char *Detail = nullptr;
  // The error message API gives more than the enum name where available.
  if (cuptiGetErrorMessage(Result, &Detail) == CUPTI_SUCCESS && Detail &&
      std::string(Detail) != Text)
    Message += " (" + std::string(Detail) + ")";
  if (Result == CUPTI_ERROR_INSUFFICIENT_PRIVILEGES)
    return Error::failure(Message + ". " + profilingPermissionAdvice(),
                          ProfilingNotPermitted);
  return Error::failure(Message);
}

} // namespace cal
