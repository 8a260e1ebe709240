//===- HostConstEval.cpp - Constant values of host launch expressions -----===//
#include "HostConstEval.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/APSInt.h"

using namespace clang;
using llvm::APFloat;

namespace cal {

namespace {

const Expr *skipWrappers(const Expr *E) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
      E = M->getSubExpr();
    else if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
      E = B->getSubExpr();
    else if (const auto *C = dyn_cast<ExprWithCleanups>(E))
      E = C->getSubExpr();
    else if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(E))
      E = F->getSubExpr();
    else if (const auto *D = dyn_cast<CXXDefaultArgExpr>(E))
      E = D->getExpr();
    else
      return E;
  }
}

/// A call of a C or std:: maths function named \p Names, by its plain name.
bool isMathCall(const CallExpr *CE, std::initializer_list<StringRef> Names) {
  const FunctionDecl *FD = CE->getDirectCallee();
  if (!FD || !FD->getIdentifier())
    return false;
  const DeclContext *DC = FD->getDeclContext()->getRedeclContext();
  if (!DC->isTranslationUnit() && !DC->isStdNamespace())
    return false;
  StringRef N = FD->getName();
  N.consume_front("__builtin_");
  return llvm::is_contained(Names, N);
}

/// The argument bound to parameter \p I of the function \p CE calls.
const Expr *argumentFor(const CallExpr *CE, unsigned I) {
  if (isa<CXXOperatorCallExpr>(CE) &&
      isa_and_nonnull<CXXMethodDecl>(CE->getDirectCallee()))
    ++I; // the object is argument 0
  return I < CE->getNumArgs() ? CE->getArg(I) : nullptr;
}

std::optional<unsigned> dim3Index(StringRef Member) {
  if (Member == "x")
    return 0;
  if (Member == "y")
    return 1;
  if (Member == "z")
    return 2;
  return std::nullopt;
}

struct DepthGuard {
  unsigned &D;
  bool Ok;
  explicit DepthGuard(unsigned &D) : D(D), Ok(++D <= 96) {}
  ~DepthGuard() { --D; }
};

} // namespace

VarWrites &HostEvalSession::writes(const FunctionDecl *F) {
  std::unique_ptr<VarWrites> &P = W[F];
  if (!P)
    P = std::make_unique<VarWrites>(Ctx, F->getBody());
  return *P;
}

bool HostConstEval::ownsLocal(const VarDecl *VD) const {
  return Frame && Point && VD->isLocalVarDeclOrParm() &&
         VD->getParentFunctionOrMethod() == Frame->F;
}

template <typename T, typename Fn>
std::optional<T> HostConstEval::atDef(const VarDecl *VD, StringRef Path,
                                      Fn Eval) {
  if (ownsLocal(VD)) {
    if constexpr (std::is_same_v<T, int64_t>)
      if (!S.Chosen.empty())
        if (auto It = S.Chosen.find({VD, Path.str()}); It != S.Chosen.end())
          return It->second;
    // A variable never written has one value throughout its function; a
    // `case` around the launch tells it.
    VarWrites &W = S.writes(Frame->F);
    if (Path.empty() && Frame == S.LaunchFrame && W.writesOf(VD).empty())
      if (const Expr *C = W.caseValue(VD, S.LaunchPoint)) {
        HostConstEval Const(S, nullptr, nullptr);
        return Eval(Const, C, "");
      }
    std::optional<ReachingDef> D = W.reaching(VD, Path, Point);
    if (D && W.argumentWriteBefore(VD, Point))
      S.ArgcRead = true;
    // A range-for's variable (`for (int bs : sizes)`) takes each element in
    // turn: a set (LaunchSets.cpp), not its `*__begin` initializer.
    if (D && D->Kind == ReachingDef::Init && Path.empty()) {
      auto Ps = S.Ctx.getParents(*VD);
      const auto *DS = Ps.empty() ? nullptr : Ps[0].get<DeclStmt>();
      auto Qs = DS ? S.Ctx.getParents(*DS) : DynTypedNodeList(DynTypedNode());
      const auto *RF =
          DS && !Qs.empty() ? Qs[0].get<CXXForRangeStmt>() : nullptr;
      if (RF && RF->getLoopVarStmt() == DS)
        D.reset();
    }
    if (!D) {
      if constexpr (std::is_same_v<T, int64_t>) {
        if (Path.empty())
          if (std::optional<int64_t> V = afterLoop(VD))
            return V;
        // Several definitions reach: the launch is a set, one member per
        // value (LaunchSets.cpp); a member of a configuration struct too.
        // (A dim3's components are the launch's own: a grid computed at
        // run time is sampled, as it was.)
        const clang::RecordDecl *RD = VD->getType()->getAsRecordDecl();
        if (S.RecordUndecided &&
            (Path.empty() ? VD->getType()->isIntegerType()
                          : RD && RD->getName() != "dim3") &&
            llvm::none_of(S.Open, [&](const HostEvalSession::Undecided &U) {
              return U.Var == VD && U.Path == Path;
            }))
          S.Open.push_back({VD, Path.str(), Frame, Point});
      }
      return std::nullopt;
    }
    if constexpr (std::is_same_v<T, int64_t>) {
      // argc of main, never written: the program run without arguments, as
      // `n = argc > 1 ? atoi(argv[1]) : 1024` defaults (stated).
      if (D->Kind == ReachingDef::Param && S.InComparison && !Frame->Site &&
          Frame->F->isMain() &&
          cast<ParmVarDecl>(VD)->getFunctionScopeIndex() == 0 && Path.empty()) {
        S.ArgcRead = true;
        return 1;
      }
    }
    if (D->Kind == ReachingDef::Param) {
      // The parameter's value is the argument of the call that entered F.
      S.UsedFrames.insert(Frame);
      const auto *P = cast<ParmVarDecl>(VD);
      const Expr *Arg =
          Frame->Site ? argumentFor(Frame->Site, P->getFunctionScopeIndex())
                      : nullptr;
      if (!Arg)
        return std::nullopt;
      HostConstEval Up(S, Frame->Parent, Frame->Site);
      return Eval(Up, Arg, D->SubPath);
    }
    if (!D->Value)
      return std::nullopt;
    HostConstEval At(S, Frame, D->At);
    if (D->OutArg) {
      if constexpr (std::is_same_v<T, int64_t>)
        if (D->SubPath.empty())
          return At.occupancyOutput(cast<CallExpr>(D->Value), *D->OutArg);
      return std::nullopt;
    }
    return Eval(At, D->Value, D->SubPath);
  }
  // Not a local of this frame: a constant's initializer is its value. A
  // non-const global that nothing in this unit writes keeps its initializer
  // too, unless another unit writes it: one of external linkage is taken
  // with that said (GlobalsRead).
  if (!VD->isLocalVarDeclOrParm() && S.writtenInUnit(VD))
    if (std::optional<InitWrite> IW = S.initWrite(VD, {}, Path)) {
      noteInit(VD, *IW);
      HostConstEval G(S, nullptr, nullptr);
      return Eval(G, IW->Value, IW->SubPath);
    }
  const Expr *Init = VD->getAnyInitializer();
  if (!Init || VD->isLocalVarDeclOrParm())
    return std::nullopt;
  bool Const = VD->getType().isConstQualified() || VD->isConstexpr();
  if (!Const && (!VD->hasGlobalStorage() || VD->isStaticDataMember() ||
                 S.writtenInUnit(VD)))
    return std::nullopt;
  HostConstEval G(S, nullptr, nullptr);
  std::optional<T> V = Eval(G, Init, Path);
  if (V && !Const && VD->isExternallyVisible() &&
      !llvm::is_contained(S.GlobalsRead, VD->getNameAsString()))
    S.GlobalsRead.push_back(VD->getNameAsString());
  return V;
}

std::optional<int64_t> HostConstEval::evalInt(const Expr *E) {
  if (!E || E->isValueDependent())
    return std::nullopt;
  DepthGuard G(S.Depth);
  if (!G.Ok)
    return std::nullopt;
  // A floating value tested as a condition (`if (!scale)`) is compared with
  // zero, not truncated first.
  if (const auto *IC = dyn_cast<ImplicitCastExpr>(E->IgnoreParens());
      IC && IC->getCastKind() == CK_FloatingToBoolean) {
    std::optional<APFloat> F = evalReal(IC->getSubExpr());
    return F ? std::optional<int64_t>(!F->isZero()) : std::nullopt;
  }
  E = skipWrappers(E);
  ASTContext &Ctx = S.Ctx;
  if (E->getType()->isRealFloatingType()) {
    // `dim3 grid(ceil(n / 16.0))`: the conversion to an integer truncates.
    std::optional<APFloat> F = evalReal(E);
    if (!F)
      return std::nullopt;
    llvm::APSInt I(64, /*isUnsigned=*/false);
    bool Exact;
    if (F->convertToInteger(I, APFloat::rmTowardZero, &Exact) &
        APFloat::opInvalidOp)
      return std::nullopt;
    return I.getExtValue();
  }
  Expr::EvalResult R;
  if (E->getType()->isIntegralOrEnumerationType() && E->EvaluateAsInt(R, Ctx))
    return R.Val.getInt().getExtValue();
  if (E->getType()->isPointerType() &&
      E->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
    return 0; // a null stream
  if (isa<ImplicitValueInitExpr>(E))
    return 0;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      return evalMember(E, "");
    return std::nullopt;
  }
  if (std::optional<int64_t> V = deviceProperty(E))
    return V;
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return ME->isArrow()
               ? std::nullopt
               : evalMember(ME->getBase(), ME->getMemberDecl()->getName());
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && BO->getOpcode() == BO_Assign)
    return evalInt(BO->getRHS()); // `a = b = 1`: b's assignment is 1
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    // argc compared (`argc > 1`) is the run without arguments; argc used as
    // a value stays unknown.
    struct CmpGuard {
      unsigned &N;
      bool On;
      CmpGuard(unsigned &N, bool On) : N(N), On(On) { N += On; }
      ~CmpGuard() { N -= On; }
    } Cmp(S.InComparison, BO->isComparisonOp());
    // Floating operands compare as floating values: `tol > 0.0f` with
    // tol = 1e-5f holds, although both truncate to 0.
    if (BO->isComparisonOp() &&
        (BO->getLHS()->getType()->isRealFloatingType() ||
         BO->getRHS()->getType()->isRealFloatingType())) {
      std::optional<APFloat> L = evalReal(BO->getLHS()),
                             R = evalReal(BO->getRHS());
      if (!L || !R)
        return std::nullopt;
      if (&L->getSemantics() != &R->getSemantics()) {
        bool Lost;
        L->convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &Lost);
        R->convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &Lost);
      }
      APFloat::cmpResult C = L->compare(*R);
      switch (BO->getOpcode()) {
      case BO_LT:
        return C == APFloat::cmpLessThan;
      case BO_GT:
        return C == APFloat::cmpGreaterThan;
      case BO_LE:
        return C == APFloat::cmpLessThan || C == APFloat::cmpEqual;
      case BO_GE:
        return C == APFloat::cmpGreaterThan || C == APFloat::cmpEqual;
      case BO_EQ:
        return C == APFloat::cmpEqual;
      case BO_NE:
        return C != APFloat::cmpEqual;
      default:
        return std::nullopt;
      }
    }
    return evalIntBinary(BO, [&](const Expr *X) { return evalInt(X); });
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    auto V = evalInt(UO->getSubExpr());
    return V ? foldIntUnary(UO->getOpcode(), *V) : std::nullopt;
  }
  if (const auto *CE = dyn_cast<ExplicitCastExpr>(E))
    return evalInt(CE->getSubExpr());
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    const Expr *Arm = takenArm(CO);
    return Arm ? evalInt(Arm) : std::nullopt;
  }
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
    return evalElement(AS);
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    // min(a, b) and max(a, b), as host code caps block counts.
    bool Min = isMathCall(CE, {"min"}), Max = isMathCall(CE, {"max"});
    if ((Min || Max) && CE->getNumArgs() == 2) {
      auto A = evalInt(CE->getArg(0)), B = evalInt(CE->getArg(1));
      if (A && B)
        return Min ? std::min(*A, *B) : std::max(*A, *B);
    }
    return evalCall(CE);
  }
  return std::nullopt;
}

/// The subscripts of element \p E (`t[i][j]`: {i, j}) as \p Eval gives
/// them, and in \p Root what they index (`t`); nullopt when one is not
/// known.
template <typename Fn>
static std::optional<std::vector<int64_t>>
subscripts(const Expr *E, Fn Eval, const Expr **Root = nullptr) {
  std::vector<int64_t> Out;
  E = E->IgnoreParenImpCasts();
  while (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    std::optional<int64_t> I = Eval(AS->getIdx());
    if (!I)
      return std::nullopt;
    Out.insert(Out.begin(), *I);
    E = AS->getBase()->IgnoreParenImpCasts();
  }
  if (Root)
    *Root = E;
  return Out;
}

void HostConstEval::noteInit(const VarDecl *VD, const InitWrite &IW) {
  std::string Text = VD->getNameAsString() + ": as " +
                     IW.By->getNameAsString() +
                     "() sets it, called from main() before";
  if (!llvm::is_contained(S.InitsRead, Text))
    S.InitsRead.push_back(Text);
}

std::optional<int64_t>
HostConstEval::globalElement(const ArraySubscriptExpr *AS, StringRef Path) {
  const Expr *E = nullptr;
  std::optional<std::vector<int64_t>> Index =
      subscripts(AS, [&](const Expr *I) { return evalInt(I); }, &E);
  if (!Index)
    return std::nullopt;
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || VD->isLocalVarDeclOrParm() || !S.writtenInUnit(VD))
    return std::nullopt;
  std::optional<InitWrite> IW = S.initWrite(VD, *Index, Path);
  if (!IW)
    return std::nullopt;
  noteInit(VD, *IW);
  HostConstEval G(S, nullptr, nullptr);
  return G.evalMember(IW->Value, IW->SubPath);
}

std::optional<int64_t>
HostConstEval::evalElement(const ArraySubscriptExpr *AS) {
  if (std::optional<int64_t> V = globalElement(AS, ""))
    return V;
  // `int block_sizes[] = {32, 64, 128}; ... block_sizes[j]`: a local array
  // that nothing writes after its initializer, or a constant global one.
  const auto *DRE = dyn_cast<DeclRefExpr>(AS->getBase()->IgnoreParenImpCasts());
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  // An array with no initializer (`int dims[3];`, filled at run time, or
  // an `extern` one) has no element to read here.
  if (!VD || !VD->getType()->isConstantArrayType() || !VD->getAnyInitializer())
    return std::nullopt;
  const auto *Init =
      dyn_cast_or_null<InitListExpr>(skipWrappers(VD->getAnyInitializer()));
  if (!Init)
    return std::nullopt;
  bool Local = ownsLocal(VD);
  if (Local ? !S.writes(Frame->F).writesOf(VD).empty()
            : VD->isLocalVarDeclOrParm() || !VD->getType().isConstQualified())
    return std::nullopt;
  std::optional<int64_t> I = evalInt(AS->getIdx());
  const auto *AT = S.Ctx.getAsConstantArrayType(VD->getType());
  if (!I || *I < 0 || uint64_t(*I) >= AT->getSize().getZExtValue())
    return std::nullopt;
  const Expr *Elem = uint64_t(*I) < Init->getNumInits()
                         ? Init->getInit(unsigned(*I))
                         : Init->getArrayFiller();
  if (!Elem)
    return std::nullopt;
  if (!Local) {
    HostConstEval G(S, nullptr, nullptr);
    return G.evalInt(Elem);
  }
  DynTypedNodeList Ps = S.Ctx.getParents(*VD);
  const Stmt *DS = Ps.empty() ? nullptr : Ps[0].get<DeclStmt>();
  HostConstEval At(S, Frame, DS);
  return At.evalInt(Elem);
}

std::optional<int64_t> HostConstEval::deviceProperty(const Expr *E) {
  if (!S.Device)
    return std::nullopt;
  // `prop.maxThreadsDim[0]`: the field, then the element.
  std::string Index;
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    Expr::EvalResult R;
    if (!AS->getIdx()->EvaluateAsInt(R, S.Ctx))
      return std::nullopt;
    Index = "[" + std::to_string(R.Val.getInt().getExtValue()) + "]";
    E = AS->getBase()->IgnoreParenImpCasts();
  }
  const auto *ME = dyn_cast<MemberExpr>(E);
  if (!ME)
    return std::nullopt;
  QualType Base = ME->getBase()->getType();
  if (ME->isArrow() && Base->isPointerType())
    Base = Base->getPointeeType();
  const RecordDecl *RD = Base->getAsRecordDecl();
  if (!RD || !RD->getIdentifier() || RD->getName() != "cudaDeviceProp")
    return std::nullopt;
  std::string Field = ME->getMemberDecl()->getNameAsString() + Index;
  auto It = S.Device->Fields.find(Field);
  if (It == S.Device->Fields.end())
    return std::nullopt;
  std::string Read = Field + " = " + std::to_string(It->second);
  if (!llvm::is_contained(S.DeviceRead, Read))
    S.DeviceRead.push_back(Read);
  return It->second;
}

std::optional<int64_t> HostConstEval::evalCall(const CallExpr *CE) {
  // `ceil_div(n, bs)`: a function whose body is one return statement is
  // its returned expression, with the parameters bound to this call's
  // arguments (a frame of its own).
  const FunctionDecl *FD = CE->getDirectCallee();
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || isa<CXXMethodDecl>(Def))
    return std::nullopt;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  const auto *Ret = Body && Body->size() == 1
                        ? dyn_cast<ReturnStmt>(Body->body_front())
                        : nullptr;
  if (Def->getNumParams() != CE->getNumArgs())
    return std::nullopt;
  if (!Ret || !Ret->getRetValue()) {
    // `largestPowerOfTwoLessOrEqual(bs)`: a helper with loops and tests
    // over integers, run on the arguments' values.
    // argc given to such a helper (`checkCmdLineFlag(argc, argv, "n")`) is
    // 1, as in a comparison: the program run without arguments, said so.
    ++S.InComparison;
    std::optional<std::vector<std::optional<int64_t>>> Args =
        evalIntArgs(CE, [&](const Expr *A) { return evalInt(A); });
    --S.InComparison;
    return Args ? runIntegerFunction(S.Ctx, Def, *Args) : std::nullopt;
  }
  const CallFrame &F = S.CallFrames.emplace_back(CallFrame{Def, CE, Frame});
  HostConstEval In(S, &F, Ret);
  return In.evalInt(Ret->getRetValue());
}

std::optional<APFloat> HostConstEval::evalReal(const Expr *E) {
  if (!E || E->isValueDependent())
    return std::nullopt;
  DepthGuard G(S.Depth);
  if (!G.Ok)
    return std::nullopt;
  ASTContext &Ctx = S.Ctx;
  E = E->IgnoreParens();
  QualType T = E->getType();
  if (!T->isRealFloatingType())
    return std::nullopt;
  const llvm::fltSemantics &Sem = Ctx.getFloatTypeSemantics(T);
  APFloat Folded(Sem);
  if (E->EvaluateAsFloat(Folded, Ctx))
    return Folded;
  if (const auto *CE = dyn_cast<CastExpr>(E)) {
    const Expr *Sub = CE->getSubExpr();
    switch (CE->getCastKind()) {
    case CK_IntegralToFloating: {
      auto V = evalInt(Sub);
      if (!V)
        return std::nullopt;
      APFloat F(Sem);
      F.convertFromAPInt(llvm::APInt(64, uint64_t(*V), /*isSigned=*/true),
                         /*IsSigned=*/true, APFloat::rmNearestTiesToEven);
      return F;
    }
    case CK_FloatingCast: {
      auto F = evalReal(Sub);
      bool Lost;
      if (F)
        F->convert(Sem, APFloat::rmNearestTiesToEven, &Lost);
      return F;
    }
    case CK_NoOp:
    case CK_LValueToRValue:
      return evalReal(Sub);
    default:
      return std::nullopt;
    }
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD)
      return std::nullopt;
    return atDef<APFloat>(VD, "",
                          [](HostConstEval &Ev, const Expr *V, StringRef Sub) {
                            return Sub.empty() ? Ev.evalReal(V) : std::nullopt;
                          });
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    // Both operands already have E's type (the usual arithmetic
    // conversions are explicit in the AST), so each step rounds as the
    // program does.
    auto L = evalReal(BO->getLHS()), R = evalReal(BO->getRHS());
    if (!L || !R)
      return std::nullopt;
    auto RM = APFloat::rmNearestTiesToEven;
    switch (BO->getOpcode()) {
    case BO_Add:
      L->add(*R, RM);
      return L;
    case BO_Sub:
      L->subtract(*R, RM);
      return L;
    case BO_Mul:
      L->multiply(*R, RM);
      return L;
    case BO_Div:
      if (R->isZero())
        return std::nullopt;
      L->divide(*R, RM);
      return L;
    default:
      return std::nullopt;
    }
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    auto V = evalReal(UO->getSubExpr());
    if (V && UO->getOpcode() == UO_Minus)
      V->changeSign();
    return UO->getOpcode() == UO_Minus || UO->getOpcode() == UO_Plus
               ? V
               : std::nullopt;
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    const Expr *Arm = takenArm(CO);
    return Arm ? evalReal(Arm) : std::nullopt;
  }
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    bool Ceil = isMathCall(CE, {"ceil", "ceilf"});
    bool Floor = isMathCall(CE, {"floor", "floorf"});
    if ((Ceil || Floor) && CE->getNumArgs() == 1) {
      auto V = evalReal(CE->getArg(0));
      if (!V)
        return std::nullopt;
      V->roundToIntegral(Ceil ? APFloat::rmTowardPositive
                              : APFloat::rmTowardNegative);
      bool Lost;
      V->convert(Sem, APFloat::rmNearestTiesToEven, &Lost);
      return V;
    }
  }
  return std::nullopt;
}

std::optional<int64_t> HostConstEval::evalMember(const Expr *E,
                                                 StringRef Path) {
  if (!E || E->isValueDependent())
    return std::nullopt;
  DepthGuard G(S.Depth);
  if (!G.Ok)
    return std::nullopt;
  E = skipWrappers(E);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD)
      return std::nullopt;
    return atDef<int64_t>(VD, Path,
                          [](HostConstEval &Ev, const Expr *V, StringRef Sub) {
                            return Ev.evalMember(V, Sub);
                          });
  }
  if (Path.empty())
    return evalInt(E);
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
    return globalElement(AS, Path);
  auto [Head, Rest] = Path.split('.');
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    if (ME->isArrow())
      return std::nullopt;
    std::string Inner =
        ME->getMemberDecl()->getNameAsString() + "." + Path.str();
    return evalMember(ME->getBase(), Inner);
  }
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    // Copy or move construction, or dim3(uint3).
    if (CE->getNumArgs() == 1 && CE->getArg(0)->getType()->isRecordType())
      return evalMember(CE->getArg(0), Path);
    // dim3(x, y, z): the defaults of the missing arguments are written in
    // the AST as CXXDefaultArgExpr, so every component has an argument.
    const CXXRecordDecl *RD = CE->getConstructor()->getParent();
    std::optional<unsigned> I = dim3Index(Head);
    if (RD->getName() != "dim3" || !I || !Rest.empty())
      return std::nullopt;
    if (*I < CE->getNumArgs())
      return evalInt(CE->getArg(*I));
    return std::nullopt;
  }
  if (const auto *IL = dyn_cast<InitListExpr>(E)) {
    // An aggregate (cudaLaunchConfig_t cfg = {grid, block, shmem, stream}):
    // the semantic form has one initializer per field, in field order.
    const RecordDecl *RD = IL->getType()->getAsRecordDecl();
    if (!RD || RD->isUnion())
      return std::nullopt;
    unsigned I = 0;
    for (const FieldDecl *FD : RD->fields()) {
      if (FD->getName() == Head)
        return I < IL->getNumInits() ? evalMember(IL->getInit(I), Rest)
                                     : std::nullopt;
      ++I;
    }
    return std::nullopt;
  }
  if (isa<ImplicitValueInitExpr>(E))
    return 0; // value-initialised: every scalar member is zero
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    const Expr *Arm = takenArm(CO);
    return Arm ? evalMember(Arm, Path) : std::nullopt;
  }
  return std::nullopt;
}

const Expr *HostConstEval::takenArm(const ConditionalOperator *CO) {
  std::optional<int64_t> C = evalInt(CO->getCond());
  if (!C)
    return nullptr;
  return *C ? CO->getTrueExpr() : CO->getFalseExpr();
}

PartialDim3 HostConstEval::evalDim3(const Expr *E) {
  PartialDim3 D;
  if (!E)
    return D;
  const Expr *S0 = skipWrappers(E);
  if (S0->getType()->isIntegralOrEnumerationType() ||
      S0->getType()->isRealFloatingType()) {
    D = {evalInt(S0), 1, 1};
    return D;
  }
  for (unsigned I = 0; I < 3; ++I)
    D[I] = evalMember(E, I == 0 ? "x" : I == 1 ? "y" : "z");
  return D;
}

std::vector<const FunctionDecl *> HostConstEval::targets(const Expr *E) {
  if (!E)
    return {};
  DepthGuard G(S.Depth);
  if (!G.Ok)
    return {};
  while (true) {
    E = skipWrappers(E);
    if (const auto *UO = dyn_cast<UnaryOperator>(E);
        UO && (UO->getOpcode() == UO_AddrOf || UO->getOpcode() == UO_Deref))
      E = UO->getSubExpr();
    else if (const auto *CE = dyn_cast<ExplicitCastExpr>(E))
      E = CE->getSubExpr();
    else
      break;
  }
  // An element of a local table of kernels (`fp[k]<<<...>>>`, the table
  // filled in a `switch`): one of the kernels any write puts in it.
  bool Element = false;
  const Expr *Read = E;
  while (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    E = AS->getBase()->IgnoreParenImpCasts();
    Element = true;
  }
  // The element read, when its subscripts are known here.
  std::optional<std::vector<int64_t>> Index;
  if (Element)
    Index = subscripts(Read, [&](const Expr *I) { return evalInt(I); });
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  if (!DRE)
    return {};
  if (const auto *FD = dyn_cast<FunctionDecl>(DRE->getDecl()))
    return Element ? std::vector<const FunctionDecl *>{}
                   : std::vector<const FunctionDecl *>{FD};
  const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
  if (!VD || (Element && !VD->getType()->isArrayType()))
    return {};
  using Targets = std::vector<const FunctionDecl *>;
  if (!Element)
    if (auto Single = atDef<Targets>(
            VD, "", [](HostConstEval &Ev, const Expr *V, StringRef Sub) {
              return Sub.empty() ? std::optional<Targets>(Ev.targets(V))
                                 : std::nullopt;
            }))
      return *Single;
  // Assigned in several places (`if (k == 0) kernel = &copy; else ...`):
  // the targets are certain when every write assigns a known kernel.
  if (!ownsLocal(VD) || isa<ParmVarDecl>(VD))
    return {};
  Targets All;
  std::function<bool(const Expr *, const Stmt *)> Add = [&](const Expr *V,
                                                            const Stmt *At) {
    if (V && V->isNullPointerConstant(S.Ctx, Expr::NPC_ValueDependentIsNull))
      return true;
    // A table's initializer: each of its elements (nested for 2-D).
    if (const auto *IL = dyn_cast_or_null<InitListExpr>(skipWrappers(V)))
      return Element && llvm::all_of(IL->inits(),
                                     [&](const Expr *X) { return Add(X, At); });
    if (isa_and_nonnull<ImplicitValueInitExpr>(V))
      return true;
    Targets T = HostConstEval(S, Frame, At).targets(V);
    if (T.size() != 1)
      return false;
    if (!llvm::is_contained(All, T[0]))
      All.push_back(T[0]);
    return true;
  };
  if (VD->getInit() && !Add(VD->getInit(), Point))
    return {};
  // A copy: resolving a target may scan more variables of the same body.
  const std::vector<VarWrites::Write> Ws = S.writes(Frame->F).writesOf(VD);
  for (const VarWrites::Write &W : Ws) {
    if (!W.Path.empty() || !W.Value)
      return {};
    // A write of another element of the table, or one the frame's values
    // never run (`case 1:` where dimension is 0), puts nothing in the
    // element read.
    if (Element) {
      const auto *A = dyn_cast<BinaryOperator>(W.E);
      std::optional<std::vector<int64_t>> J =
          A ? subscripts(A->getLHS(),
                         [&](const Expr *I) {
                           return HostConstEval(S, nullptr, nullptr).evalInt(I);
                         })
            : std::nullopt;
      if ((Index && J && *Index != *J) || !mayRun(S, Frame, W.E))
        continue;
    }
    if (!Add(W.Value, W.E))
      return {};
  }
  return All;
}

const Expr *HostConstEval::definitionOf(const VarDecl *VD) {
  if (!ownsLocal(VD))
    return nullptr;
  std::optional<ReachingDef> D = S.writes(Frame->F).reaching(VD, "", Point);
  return D && D->Kind == ReachingDef::Init ? D->Value : nullptr;
}

bool HostConstEval::initReaches(const VarDecl *VD, llvm::StringRef Path) {
  if (!ownsLocal(VD))
    return false;
  std::optional<ReachingDef> D = S.writes(Frame->F).reaching(VD, Path, Point);
  return D && D->Kind == ReachingDef::Init;
}

bool stmtWithin(const SourceManager &SM, const Stmt *Inner, const Stmt *Outer) {
  if (!Inner || !Outer)
    return false;
  SourceLocation B = SM.getExpansionLoc(Inner->getBeginLoc()),
                 OB = SM.getExpansionLoc(Outer->getBeginLoc()),
                 OE = SM.getExpansionLoc(Outer->getEndLoc());
  return !SM.isBeforeInTranslationUnit(B, OB) &&
         !SM.isBeforeInTranslationUnit(OE, B);
}

const VarDecl *namedVar(const Expr *E) {
  const auto *DRE =
      E ? dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()) : nullptr;
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

std::optional<int64_t> foldIntBinary(BinaryOperatorKind Op, int64_t L,
                                     int64_t R) {
  switch (Op) {
  case BO_Add:
    return L + R;
  case BO_Sub:
    return L - R;
  case BO_Mul:
    return L * R;
  case BO_Div:
    return R ? std::optional<int64_t>(L / R) : std::nullopt;
  case BO_Rem:
    return R ? std::optional<int64_t>(L % R) : std::nullopt;
  case BO_Shl:
    return R >= 0 && R < 63 ? std::optional<int64_t>(L << R) : std::nullopt;
  case BO_Shr:
    return R >= 0 && R < 63 ? std::optional<int64_t>(L >> R) : std::nullopt;
  case BO_And:
    return L & R;
  case BO_Or:
    return L | R;
  case BO_Xor:
    return L ^ R;
  case BO_LT:
    return L < R;
  case BO_GT:
    return L > R;
  case BO_LE:
    return L <= R;
  case BO_GE:
    return L >= R;
  case BO_EQ:
    return L == R;
  case BO_NE:
    return L != R;
  case BO_LAnd:
    return L && R;
  case BO_LOr:
    return L || R;
  default:
    return std::nullopt;
  }
}

std::optional<int64_t> foldIntUnary(UnaryOperatorKind Op, int64_t V) {
  switch (Op) {
  case UO_Minus:
    return -V;
  case UO_Plus:
    return V;
  case UO_Not:
    return ~V;
  case UO_LNot:
    return !V;
  default:
    return std::nullopt;
  }
}

std::optional<std::pair<int64_t, int64_t>>
HostConstEval::loopCounterRange(const Expr *E) {
  const VarDecl *V = namedVar(E);
  if (!V || !ownsLocal(V) || !V->getType()->isIntegerType())
    return std::nullopt;
  ASTContext &Ctx = S.Ctx;
  const SourceManager &SM = Ctx.getSourceManager();
  // The innermost `for` whose body holds the point and whose init sets V.
  const ForStmt *F = nullptr;
  const Expr *Start = nullptr;
  for (const Stmt *C = Point; C && !F;) {
    auto Ps = Ctx.getParents(*C);
    C = Ps.empty() ? nullptr : Ps[0].get<Stmt>();
    const auto *FS = dyn_cast_or_null<ForStmt>(C);
    if (!FS || !stmtWithin(SM, Point, FS->getBody()))
      continue;
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(FS->getInit())) {
      if (DS->isSingleDecl() && DS->getSingleDecl() == V)
        Start = V->getInit();
    } else if (const auto *BO =
                   dyn_cast_or_null<BinaryOperator>(FS->getInit())) {
      if (BO->getOpcode() == BO_Assign && namedVar(BO->getLHS()) == V)
        Start = BO->getRHS();
    }
    if (Start)
      F = FS;
  }
  if (!F)
    return std::nullopt;
  // Written only where the loop steps it: its init and its increment.
  for (const VarWrites::Write &W : S.writes(Frame->F).writesOf(V))
    if (stmtWithin(SM, W.E, F) && !stmtWithin(SM, W.E, F->getInit()) &&
        !stmtWithin(SM, W.E, F->getInc()))
      return std::nullopt;
  // The step: ++V, V++, --V, V--, V += c, V -= c.
  HostConstEval AtLoop(S, Frame, F);
  std::optional<int64_t> Step;
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(F->getInc())) {
    if (namedVar(UO->getSubExpr()) == V && UO->isIncrementDecrementOp())
      Step = UO->isIncrementOp() ? 1 : -1;
  } else if (const auto *CA =
                 dyn_cast_or_null<CompoundAssignOperator>(F->getInc())) {
    if (namedVar(CA->getLHS()) == V)
      if (std::optional<int64_t> C = AtLoop.evalInt(CA->getRHS())) {
        if (CA->getOpcode() == BO_AddAssign)
          Step = *C;
        else if (CA->getOpcode() == BO_SubAssign)
          Step = -*C;
      }
  }
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      F->getCond() ? F->getCond()->IgnoreParenImpCasts() : nullptr);
  if (!Step || *Step == 0 || !Cond || namedVar(Cond->getLHS()) != V)
    return std::nullopt;
  std::optional<int64_t> A = AtLoop.evalInt(Start),
                         B = AtLoop.evalInt(Cond->getRHS());
  if (!A || !B)
    return std::nullopt;
  int64_t St = *Step, Lo = *A, Hi = *B, N = 0;
  // Iterations: the values A, A+St, ... that satisfy the test.
  switch (Cond->getOpcode()) {
  case BO_LT:
    N = St > 0 && Lo < Hi ? (Hi - Lo + St - 1) / St : 0;
    break;
  case BO_LE:
    N = St > 0 && Lo <= Hi ? (Hi - Lo) / St + 1 : 0;
    break;
  case BO_GT:
    N = St < 0 && Lo > Hi ? (Lo - Hi + (-St) - 1) / (-St) : 0;
    break;
  case BO_GE:
    N = St < 0 && Lo >= Hi ? (Lo - Hi) / (-St) + 1 : 0;
    break;
  case BO_NE:
    N = (Hi - Lo) % St == 0 && (Hi - Lo) / St > 0 ? (Hi - Lo) / St : 0;
    break;
  default:
    return std::nullopt;
  }
  if (N <= 0)
    return std::nullopt;
  return std::make_pair(Lo, Lo + (N - 1) * St);
}

} // namespace cal
