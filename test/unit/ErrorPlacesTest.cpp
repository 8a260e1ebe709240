//===- ErrorPlacesTest.cpp - Which code a parse's errors touch ------------===//
//
// Parses small CUDA sources with errors (host side, no CUDA headers) and
// checks which functions and kernels the errors are found to touch.
//
//===----------------------------------------------------------------------===//
#include "../../analyzer/lib/Frontend/ErrorPlaces.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

using namespace clang;

namespace {

const char *Prelude = R"(
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
struct dim3 {
  unsigned x, y, z;
  dim3(unsigned X = 1, unsigned Y = 1, unsigned Z = 1) : x(X), y(Y), z(Z) {}
};
int cudaConfigureCall(dim3, dim3, unsigned long = 0, void * = 0);
unsigned __cudaPushCallConfiguration(dim3, dim3, unsigned long = 0, void * = 0);
)";

class ErrorLocations : public DiagnosticConsumer {
public:
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level >= DiagnosticsEngine::Error)
      Errors.push_back(Info.getLocation());
  }
  std::vector<SourceLocation> Errors;
};

struct Parsed {
  std::unique_ptr<ASTUnit> AST;
  ErrorLocations Diags;
  cal::ErrorPlaces Places;

  explicit Parsed(const std::string &Code) {
    AST = tooling::buildASTFromCodeWithArgs(
        Prelude + Code,
        {"-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib",
         "--cuda-gpu-arch=sm_90", "-std=c++17"},
        "input.cu", "cal-unit-tests",
        std::make_shared<PCHContainerOperations>(),
        tooling::getClangStripDependencyFileAdjuster(),
        tooling::FileContentMappings(), &Diags);
    if (AST)
      Places = cal::locateErrors(AST->getASTContext(), Diags.Errors);
  }

  const FunctionDecl *function(llvm::StringRef Name) {
    for (const Decl *D : AST->getASTContext().getTranslationUnitDecl()->decls())
      if (const auto *FD = dyn_cast<FunctionDecl>(D))
        if (FD->getName() == Name && FD->hasBody())
          return FD;
    return nullptr;
  }
  bool touched(llvm::StringRef Kernel) {
    return cal::errorReachedFrom(function(Kernel), Places,
                                 AST->getSourceManager())
        .has_value();
  }
};

TEST(ErrorPlacesTest, HostFunctionErrorTouchesNoKernel) {
  // An unknown type leaves no RecoveryExpr: main's launches are dropped.
  Parsed P(R"(
__global__ void k(float *a) { a[0] = 0; }
int main() { float *a; Undeclared u; k<<<1, 32>>>(a); }
)");
  ASSERT_TRUE(P.AST);
  ASSERT_EQ(P.Diags.Errors.size(), 1u);
  EXPECT_FALSE(P.Places.OutsideFunctions);
  EXPECT_TRUE(P.Places.DeviceErrors.empty());
  ASSERT_EQ(P.Places.HostFunctionNames.size(), 1u);
  EXPECT_EQ(P.Places.HostFunctionNames[0], "main");
  EXPECT_TRUE(P.Places.RecoveredHostFunctionNames.empty());
  EXPECT_FALSE(P.touched("k"));
}

TEST(ErrorPlacesTest, RecoveredHostCallKeepsTheFunctionsLaunches) {
  // A call of an undeclared function becomes a RecoveryExpr; the rest of
  // main is intact, so its launches are kept (the function is not listed).
  Parsed P(R"(
__global__ void k(float *a) { a[0] = 0; }
int main() { float *a; undeclared(a); k<<<1, 32>>>(a); }
)");
  ASSERT_TRUE(P.AST);
  ASSERT_EQ(P.Diags.Errors.size(), 1u);
  EXPECT_FALSE(P.Places.OutsideFunctions);
  EXPECT_TRUE(P.Places.DeviceErrors.empty());
  EXPECT_TRUE(P.Places.HostFunctionNames.empty());
  EXPECT_TRUE(P.Places.Functions.empty());
  ASSERT_EQ(P.Places.RecoveredHostFunctionNames.size(), 1u);
  EXPECT_EQ(P.Places.RecoveredHostFunctionNames[0], "main");
  EXPECT_FALSE(P.touched("k"));
}

TEST(ErrorPlacesTest, DeviceErrorTouchesOnlyTheKernelsThatCallIt) {
  Parsed P(R"(
__device__ float helper(float *p) { return p[0] + undeclared; }
__global__ void caller(float *a) { a[1] = helper(a); }
__global__ void other(float *a) { a[2] = 0; }
)");
  ASSERT_TRUE(P.AST);
  EXPECT_FALSE(P.Places.OutsideFunctions);
  EXPECT_EQ(P.Places.DeviceErrors.size(), 1u);
  EXPECT_TRUE(P.Places.HostFunctionNames.empty());
  EXPECT_TRUE(P.touched("caller"));
  EXPECT_FALSE(P.touched("other"));
}

TEST(ErrorPlacesTest, ErrorInTheKernelItself) {
  Parsed P(R"(
__global__ void bad(float *a) { a[0] = undeclared; }
)");
  ASSERT_TRUE(P.AST);
  EXPECT_TRUE(P.touched("bad"));
}

TEST(ErrorPlacesTest, ErrorOutsideFunctionsTouchesEverything) {
  Parsed P(R"(
int g = undeclared;
__global__ void k(float *a) { a[0] = 0; }
)");
  ASSERT_TRUE(P.AST);
  EXPECT_TRUE(P.Places.OutsideFunctions);
}

TEST(ErrorPlacesTest, NoErrorsNothingTouched) {
  Parsed P(R"(
__global__ void k(float *a) { a[0] = 0; }
)");
  ASSERT_TRUE(P.AST);
  EXPECT_TRUE(P.Diags.Errors.empty());
  EXPECT_FALSE(P.Places.OutsideFunctions);
  EXPECT_FALSE(P.touched("k"));
}

} // namespace
