//===- LaunchSites.cpp - Launch sites from launch expressions -------------===//
#include "LaunchSites.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include <functional>

using namespace clang;

namespace cal {

/// How far parameters are followed up the call graph: a launch in a helper
/// called by a helper called by main is three levels.
static constexpr unsigned MaxChain = 3;
/// Call sites followed per function, and sites made per launch: beyond
/// these the parameters stay unknown rather than multiplying sites.
static constexpr unsigned MaxCallsPerFunction = 16, MaxSitesPerLaunch = 64;
/// Launch sets: variables with several values enumerated together, and
/// members made per launch (each is analysed, so the product is capped).
/// A variable whose definitions leave one value (`int by = 16; if (argc >
/// 3) by = atoi(argv[3]);`, the run without arguments) multiplies nothing:
/// it counts only against the larger cap of variables decided per launch.
static constexpr unsigned MaxSetVariables = 3, MaxSetMembers = 16,
                          MaxDecidedVariables = 12;

std::string sourceText(const ASTContext &Ctx, const Expr *E) {
  if (!E)
    return "";
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange R = CharSourceRange::getTokenRange(E->getSourceRange());
  R = Lexer::makeFileCharRange(R, SM, Ctx.getLangOpts());
  if (R.isValid())
    return Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
  // Written inside a macro's body: print the expression instead.
  std::string S;
  llvm::raw_string_ostream OS(S);
  E->printPretty(OS, nullptr, Ctx.getPrintingPolicy());
  return S;
}

//===----------------------------------------------------------------------===//
// Launch forms
//===----------------------------------------------------------------------===//

/// The pieces of one launch expression, whatever its syntax.
struct LaunchBuilder::Form {
  const Expr *Launch = nullptr;
  std::string Api;
  const FunctionDecl *Direct = nullptr; ///< the kernel when named directly
  const Expr *Callee = nullptr;         ///< otherwise, what names it
  const Expr *Grid = nullptr, *Block = nullptr, *Shared = nullptr,
             *Stream = nullptr;
  const Expr *Config = nullptr; ///< the cudaLaunchConfig_t object
  std::vector<const Expr *> Args;
  const Expr *ArgsArray = nullptr; ///< `void **args` of the C API
  bool FromDevice = false;         ///< LaunchSite::FromDevice
};

static const Expr *given(const CallExpr *CE, unsigned I) {
  if (I >= CE->getNumArgs() || isa<CXXDefaultArgExpr>(CE->getArg(I)))
    return nullptr;
  return CE->getArg(I);
}

static StringRef launchApi(const CallExpr *CE) {
  const FunctionDecl *FD = CE->getDirectCallee();
  if (!FD || !FD->getIdentifier() ||
      !FD->getDeclContext()->getRedeclContext()->isTranslationUnit())
    return "";
  StringRef N = FD->getName();
  N.consume_back("_ptsz");
  if (N == "cudaLaunchKernel" || N == "cudaLaunchCooperativeKernel" ||
      N == "cudaLaunchKernelEx" || N == "cudaLaunchKernelExC")
    return N;
  return "";
}

bool LaunchBuilder::isLaunch(const Expr *E) {
  if (isa<CUDAKernelCallExpr>(E))
    return true;
  const auto *CE = dyn_cast<CallExpr>(E);
  return CE && !launchApi(CE).empty() && CE->getNumArgs() >= 2;
}

LaunchBuilder::LaunchBuilder(ASTContext &Ctx, const DiscoveryOptions &Opts)
    : Ctx(Ctx), Session(Ctx), External(Opts.External) {
  Session.Device = Opts.Device;
}

const CallFrame *LaunchBuilder::root(const FunctionDecl *F) {
  const CallFrame *&R = Roots[F];
  if (!R)
    R = &Frames.emplace_back(CallFrame{F, nullptr, nullptr});
  return R;
}

static const Expr *stripAddrOf(const Expr *E) {
  E = E->IgnoreParenCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_AddrOf)
    return UO->getSubExpr()->IgnoreParens();
  return nullptr;
}

/// Which grid components a launch leaves at dim3's default of 1: an
/// integer grid, or a dim3 built with fewer than three values, provided no
/// later write (`grid.y = n;` in a loop) may have replaced the default.
static std::array<bool, 3> defaultedGridDims(HostConstEval &Ev,
                                             const Expr *Grid) {
  std::array<bool, 3> D = {false, false, false};
  std::array<bool, 3> Kept = {true, true, true};
  static const char *const XYZ[] = {"x", "y", "z"};
  const Expr *E = Grid ? Grid->IgnoreImplicit() : nullptr;
  for (unsigned Step = 0; Step < 4 && E; ++Step) {
    // An initializer clang could not type (a ParenListExpr left by an
    // error) says nothing about the grid.
    if (E->getType().isNull())
      return D;
    if (E->getType()->isIntegralOrEnumerationType())
      return {false, Kept[1], Kept[2]};
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      if (!VD || !VD->getInit())
        return D;
      // The default holds only where the declaration's value reaches the
      // launch; a member assigned since is the evaluator's business.
      for (unsigned I = 0; I < 3; ++I)
        Kept[I] = Kept[I] && Ev.initReaches(VD, XYZ[I]);
      E = VD->getInit()->IgnoreImplicit();
      continue;
    }
    const auto *CE = dyn_cast<CXXConstructExpr>(E);
    if (!CE)
      return D;
    if (CE->getNumArgs() == 1) { // copy, move or from uint3
      E = CE->getArg(0)->IgnoreImplicit();
      continue;
    }
    if (CE->getNumArgs() == 3)
      for (unsigned I = 0; I < 3; ++I)
        D[I] = Kept[I] && isa<CXXDefaultArgExpr>(CE->getArg(I));
    return D;
  }
  return D;
}

/// The constant byte offset of a pointer argument written `p + c`,
/// `p - c`, `c + p` or `&p[c]` over a pointer variable p; nullopt for
/// any other form.
static std::optional<int64_t> pointerOffset(ASTContext &Ctx,
                                            HostConstEval &Ev, const Expr *E) {
  E = E->IgnoreParenImpCasts();
  const Expr *Ptr = nullptr, *Index = nullptr;
  bool Negate = false;
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() != BO_Add && BO->getOpcode() != BO_Sub)
      return std::nullopt;
    Ptr = BO->getLHS(), Index = BO->getRHS();
    if (!Ptr->getType()->isPointerType() && BO->getOpcode() == BO_Add)
      std::swap(Ptr, Index);
    Negate = BO->getOpcode() == BO_Sub;
  } else if (const auto *UO = dyn_cast<UnaryOperator>(E);
             UO && UO->getOpcode() == UO_AddrOf) {
    const auto *AS =
        dyn_cast<ArraySubscriptExpr>(UO->getSubExpr()->IgnoreParens());
    if (!AS)
      return std::nullopt;
    Ptr = AS->getBase(), Index = AS->getIdx();
  } else {
    return std::nullopt;
  }
  if (!Ptr->getType()->isPointerType() ||
      !Index->getType()->isIntegralOrEnumerationType() ||
      !isa<DeclRefExpr>(Ptr->IgnoreParenImpCasts()))
    return std::nullopt;
  QualType Elem = Ptr->getType()->getPointeeType();
  if (Elem->isIncompleteType() || Elem->isVoidType())
    return std::nullopt;
  std::optional<int64_t> N = Ev.evalInt(Index);
  if (!N)
    return std::nullopt;
  int64_t Bytes = *N * int64_t(Ctx.getTypeSizeInChars(Elem).getQuantity());
  return Negate ? -Bytes : Bytes;
}

LaunchSite LaunchBuilder::evaluate(const Form &L, const FunctionDecl *Kernel,
                                   const CallFrame *Frame) {
  HostConstEval Ev(Session, Frame, L.Launch);
  LaunchSite S;
  S.Call = L.Launch;
  S.Api = L.Api;
  S.Pos = makePos(Ctx, L.Launch->getBeginLoc());
  S.Caller = Frame->F->getNameAsString();
  static const char *const XYZ[] = {"x", "y", "z"};
  if (L.Config) {
    std::string C = sourceText(Ctx, L.Config);
    S.GridText = C + ".gridDim";
    S.BlockText = C + ".blockDim";
    S.SharedText = C + ".dynamicSmemBytes";
    S.StreamText = C + ".stream";
    Session.RecordUndecided = true;
    for (unsigned I = 0; I < 3; ++I) {
      S.GridDims[I] = Ev.evalMember(L.Config, std::string("gridDim.") + XYZ[I]);
      S.BlockDims[I] =
          Ev.evalMember(L.Config, std::string("blockDim.") + XYZ[I]);
    }
    Session.RecordUndecided = false;
    if (auto V = Ev.evalMember(L.Config, "dynamicSmemBytes"))
      S.SharedBytes = uint64_t(*V);
    S.DefaultStream = Ev.evalMember(L.Config, "stream") == 0;
    if (S.DefaultStream)
      S.StreamText.clear();
  } else {
    S.GridText = sourceText(Ctx, L.Grid);
    S.BlockText = sourceText(Ctx, L.Block);
    Session.RecordUndecided = true;
    S.GridDims = Ev.evalDim3(L.Grid);
    S.BlockDims = Ev.evalDim3(L.Block);
    Session.RecordUndecided = false;
    // Recorded here, while the AST is alive: the site may be used after it
    // is gone (the device pass, another translation unit).
    if (isa<CUDAKernelCallExpr>(L.Launch))
      S.GridDefaulted = defaultedGridDims(Ev, L.Grid);
    if (L.Shared) {
      S.SharedText = sourceText(Ctx, L.Shared);
      if (auto V = Ev.evalInt(L.Shared))
        S.SharedBytes = uint64_t(*V);
    } else {
      S.SharedBytes = 0;
    }
    if (L.Stream) {
      S.StreamText = sourceText(Ctx, L.Stream);
      S.DefaultStream =
          L.Stream->IgnoreParenImpCasts()->isNullPointerConstant(
              Ctx, Expr::NPC_ValueDependentIsNotNull) != Expr::NPCK_NotNull;
    }
  }
  auto Full = [](const PartialDim3 &P) -> std::optional<Dim3> {
    if (!P[0] || !P[1] || !P[2])
      return std::nullopt;
    return Dim3{*P[0], *P[1], *P[2]};
  };
  S.Grid = Full(S.GridDims);
  S.Block = Full(S.BlockDims);

  std::vector<const Expr *> Args = L.Args;
  if (L.ArgsArray) {
    // `void *args[] = {&a, &n};` initialised once: element I is parameter
    // I's address.
    const auto *DRE = dyn_cast<DeclRefExpr>(L.ArgsArray->IgnoreParenImpCasts());
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    const auto *IL = VD && VD->getType()->isArrayType()
                         ? dyn_cast_or_null<InitListExpr>(Ev.definitionOf(VD))
                         : nullptr;
    if (IL && IL->getNumInits() == Kernel->getNumParams())
      for (const Expr *Init : IL->inits()) {
        const Expr *A = stripAddrOf(Init);
        if (!A) {
          Args.clear();
          break;
        }
        Args.push_back(A);
      }
  }
  for (unsigned I = 0; I < Args.size(); ++I) {
    LaunchArgument A;
    if (I < Kernel->getNumParams())
      A.Param = Kernel->getParamDecl(I)->getNameAsString();
    A.Text = sourceText(Ctx, Args[I]);
    if (Args[I]->getType()->isIntegralOrEnumerationType()) {
      // An argument with several possible values makes a set, as the grid
      // and block do (`int offset = 0; if (argc > 1) offset = ...`), except
      // the counter of a loop around the launch, which is sampled at its
      // first and last values.
      size_t OpenBefore = Session.Open.size();
      Session.RecordUndecided = true;
      A.Value = Ev.evalInt(Args[I]);
      Session.RecordUndecided = false;
      if (!A.Value)
        A.Range = Ev.loopCounterRange(Args[I]);
      if (A.Range)
        Session.Open.resize(OpenBefore);
    } else {
      A.IsPointer = true;
      if (Args[I]->getType()->isPointerType())
        A.PointerOffsetBytes = pointerOffset(Ctx, Ev, Args[I]);
    }
    S.Args.push_back(std::move(A));
  }
  return S;
}

/// The kernel when \p E names it (`k`, `&k`, `(void *)k`), else null.
static const FunctionDecl *namedFunction(const Expr *E) {
  while (true) {
    E = E->IgnoreParenCasts();
    const auto *UO = dyn_cast<UnaryOperator>(E);
    if (!UO || UO->getOpcode() != UO_AddrOf)
      break;
    E = UO->getSubExpr();
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  return DRE ? dyn_cast<FunctionDecl>(DRE->getDecl()) : nullptr;
}

static std::optional<LaunchBuilder::Form> matchForm(const Expr *E) {
  LaunchBuilder::Form L;
  L.Launch = E;
  if (const auto *KC = dyn_cast<CUDAKernelCallExpr>(E)) {
    L.Direct = KC->getDirectCallee();
    L.Callee = KC->getCallee();
    if (const CallExpr *Cfg = KC->getConfig()) {
      // From device code (dynamic parallelism) the configuration is a call
      // of cudaLaunchDevice(buffer, kernel, grid, block, shared, stream).
      const FunctionDecl *CF = Cfg->getDirectCallee();
      unsigned First =
          CF && CF->getIdentifier() && CF->getName() == "cudaLaunchDevice" ? 2
                                                                           : 0;
      L.FromDevice = First != 0;
      L.Grid = given(Cfg, First);
      L.Block = given(Cfg, First + 1);
      L.Shared = given(Cfg, First + 2);
      L.Stream = given(Cfg, First + 3);
      // There, what `<<<g, b>>>` leaves out is a literal that clang writes
      // at the `<<<` itself.
      for (const Expr **E : {&L.Shared, &L.Stream})
        if (First && *E && (*E)->getBeginLoc() == Cfg->getBeginLoc())
          *E = nullptr;
    }
    for (const Expr *A : KC->arguments())
      L.Args.push_back(A);
    return L;
  }
  const auto *CE = dyn_cast<CallExpr>(E);
  if (!CE)
    return std::nullopt;
  L.Api = launchApi(CE).str();
  if (L.Api.empty() || CE->getNumArgs() < 2)
    return std::nullopt;
  if (StringRef(L.Api).starts_with("cudaLaunchKernelEx")) {
    // (const cudaLaunchConfig_t *config, kernel, args...) or, for the C
    // form, (config, kernel, void **args).
    L.Config = stripAddrOf(CE->getArg(0));
    L.Callee = CE->getArg(1);
    if (L.Api == "cudaLaunchKernelExC")
      L.ArgsArray = given(CE, 2);
    else
      for (unsigned I = 2; I < CE->getNumArgs(); ++I)
        L.Args.push_back(CE->getArg(I));
    L.Api = "cudaLaunchKernelEx";
    L.Direct = namedFunction(L.Callee);
    return L;
  }
  // (func, gridDim, blockDim, void **args, sharedMem, stream)
  if (CE->getNumArgs() < 3)
    return std::nullopt;
  L.Callee = CE->getArg(0);
  L.Grid = CE->getArg(1);
  L.Block = CE->getArg(2);
  L.ArgsArray = given(CE, 3);
  L.Shared = given(CE, 4);
  L.Stream = given(CE, 5);
  L.Direct = namedFunction(L.Callee);
  return L;
}

//===----------------------------------------------------------------------===//
// Sites per kernel and per calling context
//===----------------------------------------------------------------------===//

/// A copy of the frame chain \p F with its topmost frame \p Top replaced.
static const CallFrame *rebuild(std::deque<CallFrame> &Frames,
                                const CallFrame *F, const CallFrame *Top,
                                const CallFrame *NewTop) {
  if (F == Top)
    return NewTop;
  return &Frames.emplace_back(
      CallFrame{F->F, F->Site, rebuild(Frames, F->Parent, Top, NewTop)});
}

static std::string siteKey(const FunctionDecl *K, const LaunchSite &S) {
  std::string Key = std::to_string(uintptr_t(K));
  auto Opt = [&](const std::optional<uint64_t> &V) {
    Key += V ? std::to_string(*V) : "?";
    Key += ",";
  };
  for (unsigned I = 0; I < 3; ++I) {
    Opt(S.GridDims[I]);
    Opt(S.BlockDims[I]);
  }
  Opt(S.SharedBytes);
  for (const LaunchArgument &A : S.Args)
    Key += (A.Value ? std::to_string(*A.Value) : "?" + A.Text) + ",";
  return Key;
}

std::string globalsText(ArrayRef<std::string> Names, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  OptionalFileEntryRef FE = SM.getFileEntryRefForID(SM.getMainFileID());
  std::string File =
      FE ? llvm::sys::path::filename(FE->getName()).str() : "this file";
  return "global" + std::string(Names.size() > 1 ? "s " : " ") +
         llvm::join(Names, ", ") + " taken at " +
         (Names.size() > 1 ? "their initializers" : "its initializer") +
         ": nothing in " + File + " writes " +
         (Names.size() > 1 ? "them" : "it") + " (another file could)";
}

bool LaunchBuilder::bindExternally(const FunctionDecl *F,
                                   llvm::function_ref<void()> Evaluate,
                                   std::vector<std::string> &Choices) {
  if (!External || !*External || F->isMain() || !F->isExternallyVisible() ||
      BoundExternally.count(F))
    return false;
  std::vector<ExternalCall> Calls = (*External)(*F);
  // One member per distinct set of known integer and dim3 arguments; a
  // dim3's components are bound one by one ("" for an integer).
  using Binding = std::tuple<const ParmVarDecl *, std::string, int64_t>;
  std::vector<std::vector<Binding>> Bindings;
  std::vector<const ExternalCall *> From;
  static const char *const XYZ[] = {"x", "y", "z"};
  for (const ExternalCall &C : Calls) {
    std::vector<Binding> B;
    for (unsigned I = 0; I < F->getNumParams() && I < C.Args.size(); ++I) {
      const ParmVarDecl *P = F->getParamDecl(I);
      if (C.Args[I] && P->getType()->isIntegralOrEnumerationType())
        B.push_back({P, "", *C.Args[I]});
      if (I < C.Dims.size() && isDim3(P->getType()))
        for (unsigned D = 0; D < 3; ++D)
          if (C.Dims[I][D])
            B.push_back({P, XYZ[D], int64_t(*C.Dims[I][D])});
    }
    if (B.empty() || llvm::is_contained(Bindings, B))
      continue;
    Bindings.push_back(std::move(B));
    From.push_back(&C);
    if (Bindings.size() == MaxCallsPerFunction)
      break;
  }
  if (Bindings.empty())
    return false;
  BoundExternally.insert(F);
  for (size_t I = 0; I < Bindings.size(); ++I) {
    std::string Text;
    for (auto &[P, Member, V] : Bindings[I]) {
      Session.Chosen[{P, Member}] = V;
      Text += (Text.empty() ? "" : ", ") + P->getNameAsString() +
              (Member.empty() ? "" : "." + Member) + " = " + std::to_string(V);
    }
    const ExternalCall &C = *From[I];
    Choices.push_back(Text + ": the arguments of " + F->getNameAsString() +
                      "()'s call in " + C.Caller + " at " + C.Pos.str() +
                      (C.Origin.empty() ? "" : " (" + C.Origin + ")") +
                      (C.Globals.empty() ? "" : "; " + C.Globals));
    Evaluate();
    Choices.pop_back();
    for (auto &[P, Member, V] : Bindings[I])
      Session.Chosen.erase({P, Member});
  }
  BoundExternally.erase(F);
  return true;
}

void LaunchBuilder::build(
    const Expr *E, const FunctionDecl *Caller,
    std::vector<std::pair<const FunctionDecl *, LaunchSite>> &Out,
    std::vector<UnresolvedLaunch> &Unresolved) {
  std::optional<Form> L = matchForm(E);
  if (!L || !Caller || !Caller->getBody())
    return;
  std::vector<std::string> Keys;
  unsigned Made = 0, SetMembers = 0;
  bool NoteMade = false, SkippedUnreachable = false;
  // The kernels of the contexts where the launch does not run, and the
  // device properties those decisions read.
  std::vector<const FunctionDecl *> NotRunKernels;
  std::vector<std::string> NotRunDevice;
  // The values chosen for the members of a launch set, outermost first.
  std::vector<std::string> Choices;
  // Set members (in Choices) whose value an occupancy call gave.
  unsigned OccupancyMembers = 0;
  // Choices of variables that had more than one value.
  unsigned MultiValued = 0;
  // Calls through pointers on the chain being followed.
  unsigned PointerCalls = 0;
  // Evaluates in frame F; when that reads a parameter of the outermost
  // function of the chain, follows each of its call sites instead.
  std::function<void(const CallFrame *, unsigned)> Run = [&](const CallFrame *F,
                                                             unsigned Depth) {
    Session.UsedFrames.clear();
    Session.LaunchFrame = F;
    Session.LaunchPoint = E;
    Session.Open.clear();
    Session.ArgcRead = false;
    Session.OccupancyRead = false;
    Session.DeviceRead.clear();
    Session.GlobalsRead.clear();
    Session.InitsRead.clear();
    std::vector<const FunctionDecl *> Ks;
    if (L->Direct)
      Ks = {L->Direct};
    else
      Ks = HostConstEval(Session, F, E).targets(L->Callee);
    llvm::erase_if(Ks, [](const FunctionDecl *K) {
      return !K->hasAttr<CUDAGlobalAttr>();
    });
    bool Reachable = mayRun(Session, F, E);
    // The properties the tests on the way read, apart from the launch's.
    std::vector<std::string> TestsRead = Session.DeviceRead;
    std::vector<LaunchSite> Sites;
    for (const FunctionDecl *K : Ks)
      Sites.push_back(evaluate(*L, K, F));
    bool ArgcRead = Session.ArgcRead;
    bool OccupancyRead = Session.OccupancyRead;
    std::vector<std::string> DeviceRead = Session.DeviceRead;
    std::vector<std::string> GlobalsRead = Session.GlobalsRead;
    std::vector<std::string> InitsRead = Session.InitsRead;
    // A grid or block that a variable with several possible values decides:
    // one launch per value, never a mean of them (LaunchSets.cpp).
    bool Incomplete = llvm::any_of(Sites, [](const LaunchSite &S) {
      for (unsigned I = 0; I < 3; ++I)
        if (!S.BlockDims[I] || (!S.GridDims[I] && !S.GridDefaulted[I]))
          return true;
      return llvm::any_of(S.Args, [](const LaunchArgument &A) {
        return !A.Param.empty() && !A.Value && !A.Range &&
               !A.PointerOffsetBytes && A.Text.size() && !A.IsPointer;
      });
    });
    if (Incomplete && Reachable && !Session.Open.empty() &&
        MultiValued < MaxSetVariables && Choices.size() < MaxDecidedVariables) {
      // Variables first; a member of a struct (`config.block_size`) after
      // them, so that its set is tried only when they are decided.
      std::stable_partition(
          Session.Open.begin(), Session.Open.end(),
          [](const HostEvalSession::Undecided &U) { return U.Path.empty(); });
      // The set of one undecided variable, with the argc test and the
      // device properties its values read (SetReads) kept apart.
      auto SetOf = [&](const HostEvalSession::Undecided &C, std::string &Why,
                       std::vector<std::string> &SetReads) {
        HostConstEval Ev(Session, C.Frame, C.Point);
        Session.ArgcRead = false;
        std::vector<std::string> ReadBefore = std::move(Session.DeviceRead);
        Session.DeviceRead.clear();
        std::optional<HostConstEval::ValueSet> VS =
            Ev.valueSet(C.Var, C.Path, Why);
        SetReads = std::move(Session.DeviceRead);
        Session.DeviceRead = std::move(ReadBefore);
        return VS;
      };
      bool ArgcBefore = Session.ArgcRead;
      std::string Why;
      std::vector<std::string> SetReads;
      std::optional<HostConstEval::ValueSet> VS =
          SetOf(Session.Open.front(), Why, SetReads);
      // When the first has no set (a parameter its function writes), the
      // first that has one goes first (`for (int tpb : sizes) run(n, tpb)`).
      for (size_t K = 1; !VS && K < Session.Open.size(); ++K) {
        bool ArgcFront = Session.ArgcRead;
        std::string KWhy;
        std::vector<std::string> KReads;
        Session.ArgcRead = ArgcBefore;
        if (std::optional<HostConstEval::ValueSet> KVS =
                SetOf(Session.Open[K], KWhy, KReads)) {
          std::rotate(Session.Open.begin(), Session.Open.begin() + K,
                      Session.Open.begin() + K + 1);
          VS = std::move(KVS);
          Why = std::move(KWhy);
          SetReads = std::move(KReads);
        } else {
          Session.ArgcRead = ArgcFront;
        }
      }
      HostEvalSession::Undecided U = Session.Open.front();
      for (const std::string &R : SetReads)
        if (!llvm::is_contained(Session.DeviceRead, R))
          Session.DeviceRead.push_back(R);
      // The definitions under an `argc` test were left out; a loop bound
      // may be the modelled device's (`t <= prop.maxThreadsPerBlock`).
      std::string Argc = Session.ArgcRead
                             ? "; argc taken as 1: the program run without "
                               "arguments"
                             : "";
      // (An occupancy call's answer is in the set's own origin already.)
      std::vector<std::string> Props;
      for (const std::string &R : SetReads)
        if (VS && !StringRef(VS->Origin).contains(R))
          Props.push_back(R);
      if (!Props.empty())
        Argc += "; device properties of " + Session.Device->Name + ": " +
                llvm::join(Props, ", ");
      if (VS) {
        for (size_t I = 0; I < VS->Values.size(); ++I) {
          if (SetMembers >= MaxSetMembers)
            break;
          Session.Chosen[{U.Var, U.Path}] = VS->Values[I];
          std::string Capped =
              VS->Total > VS->Values.size()
                  ? " (" + std::to_string(VS->Values.size()) +
                        " of them analysed, evenly spaced)"
                  : "";
          Choices.push_back(
              U.Var->getNameAsString() + (U.Path.empty() ? "" : "." + U.Path) +
              " = " + std::to_string(VS->Values[I]) + ": value " +
              std::to_string(I + 1) + " of " + std::to_string(VS->Total) +
              " of " + VS->Origin + Capped + Argc);
          bool Occupancy = llvm::is_contained(VS->FromOccupancy, VS->Values[I]);
          OccupancyMembers += Occupancy;
          MultiValued += VS->Values.size() > 1;
          Run(F, Depth);
          MultiValued -= VS->Values.size() > 1;
          OccupancyMembers -= Occupancy;
          Choices.pop_back();
        }
        Session.Chosen.erase({U.Var, U.Path});
        return;
      }
      // A member without a set leaves the launch as it was without one.
      if (!U.Path.empty())
        Session.ArgcRead = ArgcBefore;
    }
    const CallFrame *Top = F;
    while (Top->Parent)
      Top = Top->Parent;
    if (Session.UsedFrames.count(Top) && !Top->Site && Depth < MaxChain &&
        Made < MaxSitesPerLaunch) {
      bool Partial = false;
      auto Calls = Index->callsOf(Top->F, &Partial);
      // A function's calls of itself (a recursive scan's `scan(partials,
      // partials, n, b)`) come after the calls from elsewhere: those give
      // the outer values, and following the recursion first spent the
      // chain's depth before they were reached. The recursion is still
      // followed: its inner launches, with the partial sums' sizes, run
      // first.
      if (Calls)
        std::stable_partition(
            Calls->begin(), Calls->end(), [&](const CallSiteIndex::Site &C) {
              return C.Caller->getCanonicalDecl() != Top->F->getCanonicalDecl();
            });
      if (Calls && !Calls->empty() && Calls->size() <= MaxCallsPerFunction) {
        // A function also passed by name (to a timing template, say) is
        // followed into its direct calls: their launches are the program's,
        // and the others are not seen (stated).
        // A call through a pointer of its type may be its call: taken so,
        // and stated.
        if (Partial)
          Choices.push_back(
              "only the direct calls of " + Top->F->getNameAsString() +
              "() and the calls through pointers of its type are followed: "
              "its address is also taken, and other launches through it "
              "are not seen");
        for (const CallSiteIndex::Site &C : *Calls) {
          const CallFrame *NewTop =
              &Frames.emplace_back(CallFrame{Top->F, C.Call, root(C.Caller)});
          PointerCalls += C.Indirect;
          if (C.Indirect)
            Choices.push_back(
                Top->F->getNameAsString() + "() taken as the target of `" +
                sourceText(Ctx, C.Call->getCallee()) + "` in " +
                C.Caller->getNameAsString() + "(), a pointer of its type");
          Run(rebuild(Frames, F, Top, NewTop), Depth + 1);
          PointerCalls -= C.Indirect;
          if (C.Indirect)
            Choices.pop_back();
        }
        if (Partial)
          Choices.pop_back();
        return;
      }
      // No call here: the function may be another unit's to call.
      if ((!Calls || Calls->empty()) &&
          bindExternally(Top->F, [&] { Run(F, Depth + 1); }, Choices))
        return;
    }
    // The calls that supplied a parameter read, innermost first.
    std::vector<CallSiteRef> Chain;
    for (const CallFrame *C = F; C && C->Site && Session.UsedFrames.count(C);
         C = C->Parent)
      Chain.push_back({makePos(Ctx, C->Site->getBeginLoc()),
                       C->Parent->F->getNameAsString()});
    if (!Reachable) {
      SkippedUnreachable = true;
      for (const FunctionDecl *K : Ks)
        if (!llvm::is_contained(NotRunKernels, K))
          NotRunKernels.push_back(K);
      for (const std::string &D : TestsRead)
        if (!llvm::is_contained(NotRunDevice, D))
          NotRunDevice.push_back(D);
      return; // the launch does not run in this context
    }
    if (Ks.empty() && !NoteMade) {
      NoteMade = true;
      Unresolved.push_back({makePos(Ctx, E->getBeginLoc()),
                            Caller->getNameAsString(),
                            sourceText(Ctx, L->Callee),
                            "the function pointer's target is not known "
                            "at the launch"});
      Unresolved.back().CalleeType = L->Callee->getType().getTypePtr();
    }
    for (unsigned I = 0; I < Ks.size(); ++I) {
      std::string Key = siteKey(Ks[I], Sites[I]);
      if (llvm::is_contained(Keys, Key))
        continue;
      Keys.push_back(Key);
      ++Made;
      Sites[I].CallChain = Chain;
      Sites[I].FromDevice = L->FromDevice;
      Sites[I].RegistersAssumed = OccupancyRead || OccupancyMembers > 0;
      Sites[I].PointerCallAssumed = PointerCalls > 0;
      Sites[I].Choices = Choices;
      const char *ArgcText =
          "argc taken as 1: the program run without arguments";
      if (ArgcRead && llvm::none_of(Choices, [&](const std::string &C) {
            return StringRef(C).ends_with(ArgcText);
          }))
        Sites[I].Choices.push_back(ArgcText);
      // The program's GPU is known only when it runs: the values are the
      // modelled device's, and the launch says so.
      if (!DeviceRead.empty())
        Sites[I].Choices.push_back("device properties of " +
                                   Session.Device->Name + ": " +
                                   llvm::join(DeviceRead, ", "));
      if (!GlobalsRead.empty())
        Sites[I].Choices.push_back(globalsText(GlobalsRead, Ctx));
      for (const std::string &T : InitsRead)
        Sites[I].Choices.push_back(T);
      if (!Choices.empty())
        ++SetMembers;
      if (!L->Direct) {
        Sites[I].PointerText = sourceText(Ctx, L->Callee);
        Sites[I].PointerTargets = Ks.size();
      }
      Out.emplace_back(Ks[I], std::move(Sites[I]));
    }
  };
  if (!Index)
    Index.emplace(Ctx);
  Run(root(Caller), 0);
  // Every way to the launch passes a test known to lead elsewhere: say so
  // rather than leave the launch out silently.
  if (!Made && !NoteMade && SkippedUnreachable)
    Unresolved.push_back(
        {makePos(Ctx, E->getBeginLoc()), Caller->getNameAsString(),
         sourceText(Ctx, L->Callee),
         "it does not run: an `if` or `switch` on every path to it is known "
         "to lead elsewhere (with argc taken as 1, the program run without "
         "arguments, where a test reads it" +
             (NotRunDevice.empty()
                  ? std::string()
                  : "; device properties of " + Session.Device->Name + ": " +
                        llvm::join(NotRunDevice, ", ")) +
             ")",
         NotRunKernels});
}

} // namespace cal
