//===- UnknownAccessCheck.cpp - cuda-unknown-access -----------------------===//
//
// An access whose addresses could not be derived is a remark with the
// reason, so that a missing prediction is never read as a clean one.
//
//===----------------------------------------------------------------------===//
#include "CheckSupport.h"

using namespace llvm;

namespace cal {

namespace {
class UnknownAccessCheck : public Check {
public:
  StringRef id() const override { return "cuda-unknown-access"; }
  StringRef summary() const override {
    return "access whose addresses the analyzer cannot derive";
  }
  Finding::SeverityTy severity() const override { return Finding::Remark; }
  StringRef explanation() const override {
    return R"(The analyzer could not derive the addresses of this access, so nothing is
predicted for it: the index was loaded from memory (a gather through an
index array), the pointer's origin or memory space is unknown, or a call
on the way was not followed. The remark gives the reason.

How it is computed: when any evaluated lane's address is not a known
function of the thread and block indices, the launch and the parameter
values, the access is reported with `unknown` and kept out of the totals.

How to fix it: nothing is wrong in the code. Where a parameter's value is
what is missing, give it with --param NAME=VALUE or the configuration's
Kernels list; a data-dependent address can only be measured
(cuda-access-verify).

Example:
  out[i] = in[idx[i]];   // remark: the index was loaded from memory
)";
  }
  void run(const KernelResult &K, const TargetModel &, const CheckSettings &,
           FindingSink &Out) const override {
    for (const AccessSummary &A : K.Accesses) {
      if (!A.UnknownRequests ||
          (A.Space != AddrSpace::Global && A.Space != AddrSpace::Shared &&
           A.Space != AddrSpace::Unknown))
        continue;
      Finding F;
      F.Severity = Finding::Remark;
      F.Range = A.Range;
      F.Pos = A.Pos;
      F.Message =
          A.Space == AddrSpace::Unknown
              ? "cannot predict this " + std::string(accessKindName(A.Kind)) +
                    " (memory space unknown): " + A.UnknownReason
              : "cannot predict this " + std::string(addrSpaceName(A.Space)) +
                    " " + accessKindName(A.Kind) + ": " + A.UnknownReason;
      Out.report(std::move(F));
    }
  }
};
} // namespace

const Check &unknownAccessCheck() {
  static const UnknownAccessCheck C;
  return C;
}

} // namespace cal
