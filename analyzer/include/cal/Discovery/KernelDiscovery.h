//===- KernelDiscovery.h - Kernels and their host launches ------*- C++ -*-===//
//
// Finds every __global__ function of a translation unit, the template
// instantiations that are launched, and each launch site, `k<<<grid, block,
// shmem, stream>>>(args)` or a call of cudaLaunchKernel,
// cudaLaunchCooperativeKernel or cudaLaunchKernelEx, directly or through a
// function pointer, with whatever of its configuration and arguments is
// constant-evaluable on the host side, per dim3 component (following dim3
// variables and their member assignments, macros, constexpr values, locals
// with a single reaching definition, exact float ceil/floor arithmetic, and
// host function parameters into their call sites).
//
//===----------------------------------------------------------------------===//
#ifndef CAL_DISCOVERY_KERNELDISCOVERY_H
#define CAL_DISCOVERY_KERNELDISCOVERY_H

#include "clang/Basic/SourceLocation.h"
#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class Type;
class FunctionDecl;
class CUDAKernelCallExpr;
class Expr;
class MangleContext;
} // namespace clang

namespace cal {

struct TargetModel;

using Dim3 = std::array<uint64_t, 3>;
/// A launch dimension triple in which each component may be unknown (computed
/// at run time on the host), e.g. `dim3 grid((w + 15) / 16, (h + 15) / 16)`
/// with `w`, `h` read from input.
using PartialDim3 = std::array<std::optional<uint64_t>, 3>;

/// A source position rendered for output: file as spelled, 1-based line and
/// column of the expansion location.
struct SourcePos {
  std::string File;
  unsigned Line = 0, Column = 0;
  std::string str() const;
};

/// A call of a host function, with the function it is written in.
struct CallSiteRef {
  SourcePos Pos;
  std::string Caller;
};

struct LaunchArgument {
  std::string Param;            ///< the kernel parameter's name
  std::string Text;             ///< the argument as written
  std::optional<int64_t> Value; ///< when integral and constant-evaluable
  /// Otherwise, when the argument is the counter of a `for` loop around the
  /// launch with constant start, bound and step: its first and last values
  /// (the launch runs once for each value in between).
  std::optional<std::pair<int64_t, int64_t>> Range;
  /// A pointer argument written as a variable plus a constant (`d_in + 3`,
  /// `&d_in[3]`): the constant in bytes. The variable is taken to hold an
  /// allocation's start, as for every pointer argument.
  std::optional<int64_t> PointerOffsetBytes;
  bool IsPointer = false; ///< a pointer (or other non-integer) argument
};

struct LaunchSite {
  /// The launch expression: a `k<<<...>>>(...)` (CUDAKernelCallExpr) or a
  /// call of a launch API such as cudaLaunchKernel. Null once the AST it
  /// lives in is gone: a launch carried from the host pass to the device
  /// pass, or found in another translation unit (see Origin). Everything
  /// else here is plain data, so that such a site is used like any other.
  const clang::Expr *Call = nullptr;
  SourcePos Pos;
  std::string GridText, BlockText, SharedText, StreamText;
  /// Set only when all three components are constant.
  std::optional<Dim3> Grid, Block;
  /// Per component: the constant value, or nullopt when that component is
  /// computed at run time. Always filled, also when Grid/Block are set.
  PartialDim3 GridDims, BlockDims;
  /// Grid components the source leaves at dim3's default of 1, which the
  /// evaluation may not have resolved when the others are computed at run
  /// time: `k<<<n / 256, 256>>>` (an integer converts to dim3(n, 1, 1)) and
  /// `dim3 grid(w / 16, h / 16)` (z defaulted).
  std::array<bool, 3> GridDefaulted = {false, false, false};
  std::optional<uint64_t> SharedBytes; ///< 0 when not given
  bool DefaultStream = true;
  std::vector<LaunchArgument> Args;
  /// The enclosing host function, for diagnostics.
  std::string Caller;
  /// Empty for `k<<<...>>>(...)`; else the launch function called
  /// (cudaLaunchKernel, cudaLaunchCooperativeKernel, cudaLaunchKernelEx).
  std::string Api;
  /// A launch from device code (dynamic parallelism): it runs only after
  /// a launch from the host, so a kernel's host launches come first.
  bool FromDevice = false;
  /// The block or grid is what cudaOccupancyMaxPotentialBlockSize returns
  /// with the kernel's registers per thread unknown (OccupancyCalls.cpp):
  /// the program's own launch only if they do not limit it.
  bool RegistersAssumed = false;
  /// The values came through a call by a function pointer taken to be the
  /// enclosing wrapper's (CallSiteIndex::Site::Indirect): a call the
  /// program makes only if the pointer holds that wrapper.
  bool PointerCallAssumed = false;
  /// When the configuration or an argument is a parameter of the enclosing
  /// host function, and every call of it in this translation unit is known:
  /// the calls that supplied the values of this site, innermost first (one
  /// site per distinct set of values). Empty otherwise.
  std::vector<CallSiteRef> CallChain;
  /// When the kernel is launched through a function pointer: the pointer as
  /// written, and how many kernels it may point to at the launch (1: this
  /// one for certain; N: one site per possible target).
  std::string PointerText;
  unsigned PointerTargets = 0;
  /// Empty for a launch in the translation unit being analysed. For one
  /// found in another translation unit of the compilation database
  /// (LaunchIndex.h): where, as "main.cu, another translation unit of
  /// build/compile_commands.json".
  std::string Origin;
  /// A member of a launch set: the values chosen for the variables whose
  /// definitions leave several possible ("bs = 128: value 2 of 5 of the
  /// loop at f.cu:40"), and "argc taken as 1" where the run without
  /// arguments decided a value. Empty for a launch with one configuration.
  std::vector<std::string> Choices;
};

/// A launch whose kernel could not be identified (a function pointer with an
/// unknown target): reported, not analysed.
struct UnresolvedLaunch {
  SourcePos Pos;
  std::string Caller;
  std::string CalleeText;
  std::string Reason;
  /// The kernels it would launch, when they are known (a launch that does
  /// not run).
  std::vector<const clang::FunctionDecl *> Kernels;
  /// A launch through a pointer whose target is not known: the pointer's
  /// type, which names the kernels it may launch.
  const clang::Type *CalleeType = nullptr;
};

struct KernelInfo {
  const clang::FunctionDecl *Decl = nullptr; ///< instantiation, or plain
  std::string Name;        ///< qualified, with template arguments
  std::string MangledName; ///< Itanium mangling of the device kernel
  SourcePos Pos;
  bool IsTemplatePattern = false; ///< the uninstantiated template
  std::vector<LaunchSite> Launches;
  /// __launch_bounds__(MaxThreads[, MinBlocks]) when present and constant.
  std::optional<uint64_t> LaunchBoundsMaxThreads;
  /// Launches of this kernel that do not run under the values the
  /// discovery took (a test on every path leads elsewhere): where, and why.
  std::vector<std::string> LaunchesNotRun;
  /// Launches through a function pointer of this kernel's type whose target
  /// the discovery could not tell: where, and through what.
  std::vector<std::string> LaunchesUnresolved;
};

/// A call of a host function written in another translation unit than the
/// function's definition: `launch(d, n, 256)` in main.cpp of a wrapper that
/// kernels.cu defines and whose launch reads its parameters. The wrapper's
/// launch takes the integer arguments that unit's own evaluation tells
/// (LaunchIndex.h finds the unit in the compilation database).
struct ExternalCall {
  SourcePos Pos;
  std::string Caller;
  /// Where the call was found: "main.cpp, another translation unit of
  /// build/compile_commands.json".
  std::string Origin;
  /// Per argument: its value when it is an integer known on the host side.
  std::vector<std::optional<int64_t>> Args;
  /// Per argument: its components when it is a dim3 (`dim3 block(16, 16)`
  /// passed to `render(grid, block, ...)`), each where known.
  std::vector<PartialDim3> Dims;
  /// Globals of the caller's unit whose initializers the arguments took,
  /// said as a launch says it ("global blockSize taken at ..."); empty if
  /// none.
  std::string Globals;
};

/// The calls, in other translation units, of a host function defined in the
/// one being analysed (empty when there are none or no database is known).
using ExternalCallsFn =
    std::function<std::vector<ExternalCall>(const clang::FunctionDecl &)>;

/// The GPU whose properties a program's host code reads from a
/// `cudaDeviceProp` (`prop.multiProcessorCount` after
/// cudaGetDeviceProperties): the device of the target model, whose values a
/// launch configuration takes, with the assumption said (the program's GPU
/// is known only when it runs).
struct QueriedDevice {
  std::string Name; ///< "H100 SXM5 80GB, the sm_90 model's device"
  /// The target model the fields come from: the occupancy calculator's
  /// limits (cudaOccupancyMaxPotentialBlockSize).
  const TargetModel *Model = nullptr;
  /// By field, "maxThreadsDim[0]" for an element of an array field.
  std::map<std::string, int64_t, std::less<>> Fields;
};

/// What discoverKernels may use beyond the translation unit.
struct DiscoveryOptions {
  /// The calls of this unit's host functions in other units, or null.
  const ExternalCallsFn *External = nullptr;
  /// The device `cudaDeviceProp` fields describe, or null: unknown.
  const QueriedDevice *Device = nullptr;
};

/// The name that identifies host function \p F across translation units:
/// its Itanium mangling, or its plain name for `extern "C"`.
std::string linkageName(clang::MangleContext &M, const clang::FunctionDecl &F);

/// Every call in this translation unit of a host function it declares but
/// does not define (so another unit does), with the integer arguments known
/// at the call, keyed by the callee's linkageName. A call through a function
/// pointer counts for each function the pointer certainly holds; a value
/// read from the calling function's parameters is followed into that
/// function's calls in this unit.
std::vector<std::pair<std::string, ExternalCall>>
callsOfUndefinedFunctions(clang::ASTContext &Ctx);

/// Kernels in source order; a template's pattern is followed by the
/// instantiations launched in this translation unit. Declarations from
/// system headers are skipped.
/// Launches whose kernel is unknown go to \p Unresolved when given. A launch
/// in a host function that this unit never calls and whose configuration
/// reads the function's parameters takes them from the calls of
/// DiscoveryOptions::External; device properties come from
/// DiscoveryOptions::Device.
std::vector<KernelInfo>
discoverKernels(clang::ASTContext &Ctx,
                std::vector<UnresolvedLaunch> *Unresolved = nullptr,
                const DiscoveryOptions &Opts = {});

SourcePos makePos(const clang::ASTContext &Ctx, clang::SourceLocation Loc);

} // namespace cal

#endif // CAL_DISCOVERY_KERNELDISCOVERY_H
