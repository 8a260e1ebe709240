//===- AnnotationCheck.cpp - cuda-annotation ------------------------------===//
//
// An annotation the user wrote and the tool ignored, in part or whole, is a
// warning: otherwise a misspelled `blok(1,32)` would leave the kernel under
// another launch than the one the user meant, without a word.
//
//===----------------------------------------------------------------------===//
#include "CheckSupport.h"

using namespace llvm;

namespace cal {

namespace {
class AnnotationCheck : public Check {
public:
  StringRef id() const override { return "cuda-annotation"; }
  StringRef summary() const override {
    return "a cuda-access-lint annotation, or part of one, was ignored";
  }
  StringRef explanation() const override {
    return R"(A `// cuda-access-lint:` (or `/* cuda-access-lint: */`) comment directly
above a kernel sets the launch it is analysed under: block(X,Y,Z),
grid(X,Y,Z) and param(NAME=VALUE, ...). An item the tool does not
understand (a misspelled name, a value that is not a positive integer) is
ignored, and an annotation separated from the kernel by a blank line
applies to nothing; either is this warning, which says what was ignored.

How to fix it: correct the item (the message suggests the nearest name), or
move the comment directly above the kernel or its template header.

Example:
  // cuda-access-lint: blok(32,8)     <- warning: did you mean 'block'?
  __global__ void k(float *a);
)";
  }
  void run(const KernelResult &K, const TargetModel &, const CheckSettings &,
           FindingSink &Out) const override {
    for (const AnnotationIssue &I : K.AnnotationIssues) {
      Finding F;
      F.Range = clang::SourceRange(I.Loc);
      F.Pos = I.Pos;
      F.Message = I.Message;
      F.Notes.push_back("kernel '" + K.Name + "' is analysed without it");
      Out.report(std::move(F));
    }
  }
};
} // namespace

const Check &annotationCheck() {
  static const AnnotationCheck C;
  return C;
}

} // namespace cal
