//===- VarWrites.cpp - Which write of a host local reaches a launch -------===//
#include "VarWrites.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace cal {

namespace {

/// The local an lvalue names and the member path inside it: `cfg.gridDim.x`
/// gives (cfg, "gridDim.x"). An element of an array counts as the whole
/// array; a write through a pointer (`p->x`, `*p`) names no local.
std::pair<const VarDecl *, std::string> lvalueOf(const Expr *E) {
  std::string Path;
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (ME->isArrow())
        return {nullptr, ""};
      std::string N = ME->getMemberDecl()->getNameAsString();
      Path = Path.empty() ? N : N + "." + Path;
      E = ME->getBase();
    } else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      Path.clear();
      E = AS->getBase();
    } else if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      return {dyn_cast<VarDecl>(DRE->getDecl()), Path};
    } else {
      return {nullptr, ""};
    }
  }
}

bool isNonConstRef(QualType T) {
  return T->isReferenceType() && !T->getPointeeType().isConstQualified();
}

/// Whether some expression inside \p E (itself included) satisfies \p Pred.
template <typename Fn> bool anyWithin(const Expr *E, Fn Pred) {
  struct Finder : RecursiveASTVisitor<Finder> {
    Fn &P;
    bool Found = false;
    explicit Finder(Fn &P) : P(P) {}
    bool VisitExpr(Expr *X) {
      Found |= P(X);
      return !Found;
    }
  } F(Pred);
  F.TraverseStmt(const_cast<Expr *>(E));
  return F.Found;
}

/// Whether \p E names parameter 0 of main, argc.
bool namesArgc(const Expr *E) {
  return anyWithin(E, [](const Expr *X) {
    const auto *D = dyn_cast<DeclRefExpr>(X);
    const auto *P = D ? dyn_cast<ParmVarDecl>(D->getDecl()) : nullptr;
    const auto *F =
        P ? dyn_cast_or_null<FunctionDecl>(P->getDeclContext()) : nullptr;
    return F && F->isMain() && P->getFunctionScopeIndex() == 0;
  });
}

/// Whether \p Cond calls getopt, getopt_long or getopt_long_only.
bool callsGetopt(const Expr *Cond) {
  return anyWithin(Cond, [](const Expr *X) {
    const auto *CE = dyn_cast<CallExpr>(X);
    const FunctionDecl *FD = CE ? CE->getDirectCallee() : nullptr;
    return FD && FD->getIdentifier() && FD->getName().starts_with("getopt");
  });
}

/// Whether loop \p S runs no iteration when the program is run without
/// arguments: `while ((c = getopt(argc, argv, ...)) != -1)` returns -1 at
/// once, and `for (int i = 1; i < argc; ++i)` starts at argc.
bool argumentLoop(const Stmt *S) {
  if (const auto *W = dyn_cast<WhileStmt>(S))
    return W->getCond() && callsGetopt(W->getCond());
  const auto *F = dyn_cast<ForStmt>(S);
  if (!F || !F->getCond())
    return false;
  if (callsGetopt(F->getCond()))
    return true;
  const auto *BO =
      dyn_cast<BinaryOperator>(F->getCond()->IgnoreParenImpCasts());
  if (!BO || !namesArgc(BO->getRHS()) ||
      (BO->getOpcode() != BO_LT && BO->getOpcode() != BO_NE))
    return false;
  // The counter starts at 1 or more: `for (int i = 1; ...)`, `for (i = 1;`.
  const Expr *Start = nullptr;
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit())) {
    if (const auto *VD = DS->isSingleDecl()
                             ? dyn_cast<VarDecl>(DS->getSingleDecl())
                             : nullptr)
      Start = VD->getInit();
  } else if (const auto *A = dyn_cast_or_null<BinaryOperator>(F->getInit())) {
    if (A->getOpcode() == BO_Assign)
      Start = A->getRHS();
  }
  const auto *IL =
      Start ? dyn_cast<IntegerLiteral>(Start->IgnoreParenImpCasts()) : nullptr;
  return IL && IL->getValue().getZExtValue() >= 1;
}

/// Whether \p FD, called as \p CE with main's argc as one argument,
/// touches its parameter \p Ptr only inside a loop `for (int i = 1; i <
/// argc_param; ...)`: a command-line parser (`chCommandLineGet(&n, "n",
/// argc, argv)`) that writes nothing in the run without arguments.
bool parsesArgumentsOnly(ASTContext &Ctx, const CallExpr *CE,
                         const FunctionDecl *FD, unsigned Ptr) {
  if (!FD->hasBody() || Ptr >= FD->getNumParams())
    return false;
  const ParmVarDecl *Argc = nullptr;
  for (unsigned I = 0; I < CE->getNumArgs() && I < FD->getNumParams(); ++I)
    if (const auto *D =
            dyn_cast<DeclRefExpr>(CE->getArg(I)->IgnoreParenImpCasts());
        D && namesArgc(D))
      Argc = FD->getParamDecl(I);
  if (!Argc)
    return false;
  const ParmVarDecl *P = FD->getParamDecl(Ptr);
  struct Uses : RecursiveASTVisitor<Uses> {
    const ParmVarDecl *P;
    std::vector<const DeclRefExpr *> Refs;
    bool VisitDeclRefExpr(DeclRefExpr *D) {
      if (D->getDecl() == P)
        Refs.push_back(D);
      return true;
    }
  } U;
  U.P = P;
  U.TraverseStmt(FD->getBody());
  auto InArgumentLoop = [&](const Stmt *S) {
    while (S) {
      DynTypedNodeList Ps = Ctx.getParents(*S);
      S = Ps.empty() ? nullptr : Ps[0].get<Stmt>();
      const auto *F = dyn_cast_or_null<ForStmt>(S);
      if (!F || !F->getCond())
        continue;
      const auto *BO =
          dyn_cast<BinaryOperator>(F->getCond()->IgnoreParenImpCasts());
      const auto *Bound =
          BO ? dyn_cast<DeclRefExpr>(BO->getRHS()->IgnoreParenImpCasts())
             : nullptr;
      const auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit());
      const auto *VD = DS && DS->isSingleDecl()
                           ? dyn_cast<VarDecl>(DS->getSingleDecl())
                           : nullptr;
      const auto *IL =
          VD && VD->getInit()
              ? dyn_cast<IntegerLiteral>(VD->getInit()->IgnoreParenImpCasts())
              : nullptr;
      if (Bound && Bound->getDecl() == Argc && BO->getOpcode() == BO_LT && IL &&
          IL->getValue().getZExtValue() >= 1)
        return true;
    }
    return false;
  };
  return !U.Refs.empty() && llvm::all_of(U.Refs, InArgumentLoop);
}

class WriteFinder : public RecursiveASTVisitor<WriteFinder> {
public:
  using WriteMap =
      llvm::DenseMap<const VarDecl *, std::vector<VarWrites::Write>>;
  WriteFinder(ASTContext &Ctx, WriteMap &W, WriteMap &ArgW)
      : Ctx(Ctx), W(W), ArgW(ArgW) {}

  /// The body of a loop that only a command-line argument enters writes
  /// nothing in the run without arguments: its writes go apart.
  bool TraverseWhileStmt(WhileStmt *S) {
    return traverseLoop(
        S, [&] { return RecursiveASTVisitor::TraverseWhileStmt(S); });
  }
  bool TraverseForStmt(ForStmt *S) {
    return traverseLoop(
        S, [&] { return RecursiveASTVisitor::TraverseForStmt(S); });
  }

  /// Adds the deferred writes of argument arrays that are used otherwise
  /// than as a launch's arguments.
  void finish() {
    for (auto &[Array, Ws] : ArgsArrayWrites)
      if (OtherUse.count(Array) || W.count(Array))
        for (auto &[VD, Wr] : Ws)
          W[VD].push_back(Wr);
  }

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      add(BO, BO->getLHS(),
          BO->getOpcode() == BO_Assign ? BO->getRHS() : nullptr);
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OC) {
    if (OC->isAssignmentOp() && OC->getNumArgs() == 2)
      add(OC, OC->getArg(0),
          OC->getOperator() == OO_Equal ? OC->getArg(1) : nullptr);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    // `cudaOccupancyMaxPotentialBlockSize(&grid, &block, k)`, perhaps
    // inside checkCudaErrors(...): a definition of what the calculator
    // returns, made by the statement around the call.
    if (UO->getOpcode() == UO_AddrOf)
      if (const auto *CE = dyn_cast_or_null<CallExpr>(parentSkippingCasts(UO)))
        for (unsigned I = 0; I < CE->getNumArgs(); ++I)
          if (CE->getArg(I)->IgnoreParenImpCasts() == UO &&
              isOccupancyOutput(CE, I)) {
            auto [VD, Path] = lvalueOf(UO->getSubExpr());
            if (VD)
              (ArgLoops ? ArgW : W)[VD].push_back(
                  {statementExpr(CE), std::move(Path), CE, I});
            return true;
          }
    // `chCommandLineGet(&nThreads, "nThreads", argc, argv)`: a parser that
    // writes only when the option is on the command line.
    if (UO->getOpcode() == UO_AddrOf)
      if (const auto *CE = dyn_cast_or_null<CallExpr>(parentSkippingCasts(UO)))
        if (const FunctionDecl *FD = CE->getDirectCallee())
          for (unsigned I = 0; I < CE->getNumArgs(); ++I)
            if (CE->getArg(I)->IgnoreParenImpCasts() == UO &&
                parsesArgumentsOnly(Ctx, CE, FD, I)) {
              auto [VD, Path] = lvalueOf(UO->getSubExpr());
              if (VD)
                ArgW[VD].push_back({statementExpr(CE), std::move(Path)});
              return true;
            }
    if (UO->getOpcode() == UO_AddrOf)
      if (const VarDecl *Array = argsArrayOf(UO)) {
        auto [VD, Path] = lvalueOf(UO->getSubExpr());
        if (VD)
          ArgsArrayWrites[Array].push_back({VD, {UO, Path, nullptr}});
        return true;
      }
    if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
      add(UO, UO->getSubExpr(), nullptr);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD || !VD->getType()->isArrayType())
      return true;
    const Stmt *P = parentSkippingCasts(DRE);
    const auto *CE = dyn_cast_or_null<CallExpr>(P);
    const FunctionDecl *FD = CE ? CE->getDirectCallee() : nullptr;
    if (!FD || !FD->getIdentifier() || !FD->getName().starts_with("cudaLaunch"))
      OtherUse.insert(VD);
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    if (const FunctionDecl *FD = CE->getDirectCallee()) {
      // An operator call's first argument is the object for a method.
      unsigned Skip = isa<CXXOperatorCallExpr>(CE) && isa<CXXMethodDecl>(FD);
      for (unsigned I = Skip; I < CE->getNumArgs(); ++I)
        if (I - Skip < FD->getNumParams() &&
            isNonConstRef(FD->getParamDecl(I - Skip)->getType()))
          add(CE, CE->getArg(I), nullptr);
    }
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE))
      if (const CXXMethodDecl *MD = MC->getMethodDecl();
          MD && !MD->isConst() && MC->getImplicitObjectArgument())
        add(CE, MC->getImplicitObjectArgument(), nullptr);
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *CE) {
    const CXXConstructorDecl *CD = CE->getConstructor();
    for (unsigned I = 0; I < CE->getNumArgs() && I < CD->getNumParams(); ++I)
      if (isNonConstRef(CD->getParamDecl(I)->getType()))
        add(CE, CE->getArg(I), nullptr);
    return true;
  }
  /// An expression clang rejected and replaced (ErrorPlaces.h) may have
  /// been meant to write any variable it names, through a reference or a
  /// pointer: each is written with an unknown value there.
  bool VisitRecoveryExpr(RecoveryExpr *RE) {
    struct Names : RecursiveASTVisitor<Names> {
      std::vector<DeclRefExpr *> Refs;
      bool VisitDeclRefExpr(DeclRefExpr *D) {
        Refs.push_back(D);
        return true;
      }
    } N;
    N.TraverseStmt(RE);
    for (DeclRefExpr *D : N.Refs)
      if (isa<VarDecl>(D->getDecl()))
        add(RE, D, nullptr);
    return true;
  }

  bool VisitVarDecl(VarDecl *VD) {
    // `int &r = x;` lets r write x.
    if (isNonConstRef(VD->getType()) && VD->getInit())
      add(VD->getInit(), VD->getInit(), nullptr);
    return true;
  }

private:
  template <typename Fn> bool traverseLoop(const Stmt *S, Fn Traverse) {
    bool Arg = argumentLoop(S);
    ArgLoops += Arg;
    bool R = Traverse();
    ArgLoops -= Arg;
    return R;
  }
  const Stmt *parentSkippingCasts(const Stmt *S) {
    while (true) {
      auto Ps = Ctx.getParents(*S);
      const Stmt *P = Ps.empty() ? nullptr : Ps[0].get<Stmt>();
      if (!P || !isa<ImplicitCastExpr, ParenExpr, CStyleCastExpr>(P))
        return P;
      S = P;
    }
  }
  /// The outermost expression around \p E: the statement it is part of.
  const Expr *statementExpr(const Expr *E) {
    while (true) {
      auto Ps = Ctx.getParents(*E);
      const auto *P = Ps.empty() ? nullptr : Ps[0].get<Expr>();
      if (!P)
        return E;
      E = P;
    }
  }
  /// `void *args[] = {&a, &n};`: the address of a kernel argument stored in
  /// a local array of pointers, for cudaLaunchKernel, which only reads it.
  const VarDecl *argsArrayOf(const UnaryOperator *AddrOf) {
    const Stmt *P = parentSkippingCasts(AddrOf);
    if (!isa_and_nonnull<InitListExpr>(P))
      return nullptr;
    auto Ps = Ctx.getParents(*P);
    const VarDecl *VD = Ps.empty() ? nullptr : Ps[0].get<VarDecl>();
    if (!VD || !VD->isLocalVarDecl())
      return nullptr;
    const auto *AT = Ctx.getAsArrayType(VD->getType());
    return AT && AT->getElementType()->isVoidPointerType() ? VD : nullptr;
  }
  void add(const Expr *Writer, const Expr *LHS, const Expr *Value) {
    auto [VD, Path] = lvalueOf(LHS);
    if (VD)
      (ArgLoops ? ArgW : W)[VD].push_back({Writer, std::move(Path), Value});
  }
  ASTContext &Ctx;
  WriteMap &W, &ArgW;
  unsigned ArgLoops = 0;
  llvm::DenseMap<const VarDecl *,
                 std::vector<std::pair<const VarDecl *, VarWrites::Write>>>
      ArgsArrayWrites;
  llvm::SmallPtrSet<const VarDecl *, 4> OtherUse;
};

/// Whether the write \p E changes the variable where it is written only: an
/// assignment or increment. Taking the address or binding a reference lets
/// the variable change later, anywhere, so no later definition kills it.
bool writesOnlyThere(const Expr *E) {
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return UO->isIncrementDecrementOp();
  if (isa<BinaryOperator>(E))
    return true;
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E))
    return OC->isAssignmentOp();
  return false;
}

bool isLoop(const Stmt *S) {
  return isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S);
}

/// Whether writing member \p W can change member \p Q: one is a prefix of
/// the other ("" is a prefix of everything).
bool pathPrefix(StringRef A, StringRef B) {
  return A.empty() || B == A || B.starts_with((A + ".").str());
}
bool overlaps(StringRef W, StringRef Q) {
  return pathPrefix(W, Q) || pathPrefix(Q, W);
}

} // namespace

bool isOccupancyOutput(const CallExpr *CE, unsigned Arg) {
  const FunctionDecl *FD = CE->getDirectCallee();
  if (!FD || !FD->getIdentifier())
    return false;
  // minGridSize, blockSize. cudaOccupancyMaxActiveBlocksPerMultiprocessor
  // is left out (OccupancyCalls.cpp says why).
  return FD->getName().starts_with("cudaOccupancyMaxPotentialBlockSize") &&
         Arg <= 1;
}

VarWrites::VarWrites(ASTContext &Ctx, const Stmt *Body) : Ctx(Ctx), Body(Body) {
  if (Body) {
    WriteFinder F(Ctx, Writes, ArgumentWrites);
    F.TraverseStmt(const_cast<Stmt *>(Body));
    F.finish();
  }
}

std::vector<const Stmt *> VarWrites::ancestors(const Stmt *S) {
  std::vector<const Stmt *> Out;
  while (S) {
    Out.push_back(S);
    if (S == Body)
      return Out;
    DynTypedNodeList Ps = Ctx.getParents(*S);
    // An initializer's parent is its VarDecl, whose parent is the DeclStmt;
    // a lambda's body hangs below its call operator and class.
    while (!Ps.empty() && Ps[0].get<Decl>())
      Ps = Ctx.getParents(*Ps[0].get<Decl>());
    S = Ps.empty() ? nullptr : Ps[0].get<Stmt>();
  }
  return {}; // not under the body (a lambda's, say)
}

std::optional<ReachingDef>
VarWrites::reaching(const VarDecl *VD, StringRef Path, const Stmt *Point) {
  if (!Body || !Point)
    return std::nullopt;
  if (VD->getType()->isReferenceType()) {
    // A parameter bound to a const object (`const Config &c`) holds what
    // the caller passed: the function cannot write it.
    if (!isa<ParmVarDecl>(VD) ||
        !VD->getType().getNonReferenceType().isConstQualified())
      return std::nullopt;
    ReachingDef R;
    R.Kind = ReachingDef::Param;
    R.SubPath = Path.str();
    return R;
  }
  std::vector<const Stmt *> Anc = ancestors(Point);
  if (Anc.empty())
    return std::nullopt;
  // The statement the variable is declared in, and its scope's statement.
  const Stmt *DeclS = nullptr, *Scope = Body;
  if (!isa<ParmVarDecl>(VD)) {
    auto Ps = Ctx.getParents(*VD);
    DeclS = Ps.empty() ? nullptr : Ps[0].get<DeclStmt>();
    if (!DeclS)
      return std::nullopt;
    auto Qs = Ctx.getParents(*DeclS);
    Scope = Qs.empty() ? nullptr : Qs[0].get<Stmt>();
  }
  auto ScopeIt = std::find(Anc.begin(), Anc.end(), Scope);
  if (ScopeIt == Anc.end())
    return std::nullopt;
  size_t D = ScopeIt - Anc.begin();
  // A lambda runs when called, not where it is written: any write of the
  // function may come first.
  bool InLambda = false;
  for (size_t J = 0; J <= D; ++J)
    InLambda |= isa<LambdaExpr>(Anc[J]);

  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation PointEnd = SM.getExpansionLoc(Point->getEndLoc());
  auto Before = [&](SourceLocation A, SourceLocation B) {
    return SM.isBeforeInTranslationUnit(A, B);
  };
  // The innermost loop (below the variable's scope) around both the point
  // and \p WA's write, or null: only through its back edge can a write
  // written after the point run before it.
  auto CommonLoop = [&](const std::vector<const Stmt *> &WA) -> const Stmt * {
    for (size_t J = 0; J <= D; ++J)
      if (isLoop(Anc[J]) && llvm::is_contained(WA, Anc[J]))
        return Anc[J];
    return nullptr;
  };
  // Whether \p W is a plain `=` of the queried member (or of a whole that
  // contains it) written as a statement of a compound on the point's chain,
  // before the point: it then runs on every path to the point. Sets
  // \p Compound to that compound.
  auto Counted = [&](const Write &W, const std::vector<const Stmt *> &WA,
                     const Stmt *&Compound) {
    if (!W.Value || !pathPrefix(W.Path, Path) || WA.size() < 2)
      return false;
    size_t I = 1;
    // `b.x = b.y = b.z = 1;`: each write of the chain is part of the
    // statement the outermost one makes.
    while (I + 1 < WA.size()) {
      size_t J = I;
      while (J + 1 < WA.size() && isa<ImplicitCastExpr, ParenExpr>(WA[J]))
        ++J;
      const auto *A = dyn_cast<BinaryOperator>(WA[J]);
      if (!A || A->getOpcode() != BO_Assign ||
          A->getRHS()->IgnoreParenImpCasts() != WA[I - 1])
        break;
      I = J + 1;
    }
    if (isa<ExprWithCleanups>(WA[I]) && WA.size() >= I + 2)
      ++I;
    // A bare block (`{ cudaDeviceProp p; ...; maxThreads = p.x; }`) runs
    // its statements in order where it stands: a write in it counts as
    // one of the compound that holds the block.
    auto OnChain = [&](const Stmt *S) {
      return std::find(Anc.begin() + 1, Anc.begin() + D + 1, S) !=
             Anc.begin() + D + 1;
    };
    while (I + 1 < WA.size() && isa<CompoundStmt>(WA[I]) &&
           isa<CompoundStmt>(WA[I + 1]) && !OnChain(WA[I]))
      ++I;
    const auto *CS = dyn_cast<CompoundStmt>(WA[I]);
    auto At = std::find(Anc.begin() + 1, Anc.begin() + D + 1, WA[I]);
    if (!CS || At == Anc.begin() + D + 1)
      return false;
    const Stmt *OnPath = *(At - 1);
    for (const Stmt *C : CS->body()) {
      if (C == OnPath)
        return false;
      if (C == WA[I - 1]) {
        Compound = CS;
        return true;
      }
    }
    return false;
  };

  struct Seen {
    const Write *W;
    std::vector<const Stmt *> WA;
    SourceLocation Begin;
  };
  std::vector<Seen> Relevant;
  const std::vector<Write> All = Writes.lookup(VD);
  for (const Write &W : All) {
    if (!overlaps(W.Path, Path))
      continue;
    std::vector<const Stmt *> WA = ancestors(W.E);
    if (llvm::is_contained(WA, Point))
      continue; // part of the point itself
    SourceLocation WBegin = SM.getExpansionLoc(W.E->getBeginLoc());
    // Written after the point and not in a loop around both: runs after it.
    if (!InLambda && Before(PointEnd, WBegin) && !CommonLoop(WA))
      continue;
    Relevant.push_back({&W, std::move(WA), WBegin});
  }
  // The last counted definition before the point.
  const Seen *Best = nullptr;
  const Stmt *BestCompound = nullptr;
  for (const Seen &S : Relevant) {
    const Stmt *CS = nullptr;
    if (!Before(S.Begin, PointEnd) || !Counted(*S.W, S.WA, CS))
      continue;
    if (!Best || Before(Best->Begin, S.Begin)) {
      Best = &S;
      BestCompound = CS;
    }
  }
  // Every other write must be one that Best kills on every path to the
  // point, else another value may reach it.
  for (const Seen &S : Relevant) {
    if (&S == Best)
      continue;
    if (InLambda || !Best || !(S.W->OutArg || writesOnlyThere(S.W->E)))
      return std::nullopt;
    // Written before Best: every path from it to the point enters Best's
    // compound and runs Best (it precedes the point there).
    if (Before(S.Begin, Best->Begin))
      continue;
    // Written after the point, in a loop around both: the next iteration
    // runs Best again if Best's compound is inside that loop.
    if (Before(PointEnd, S.Begin)) {
      const Stmt *L = CommonLoop(S.WA);
      std::vector<const Stmt *> CA = ancestors(BestCompound);
      if (L && llvm::is_contained(CA, L) && CA.front() != L)
        continue;
    }
    return std::nullopt;
  }
  const VarWrites::Write *BestW = Best ? Best->W : nullptr;
  ReachingDef R;
  if (BestW) {
    R.Kind = ReachingDef::Assign;
    R.Value = BestW->Value;
    R.SubPath = StringRef(Path).drop_front(BestW->Path.size()).ltrim('.').str();
    R.At = BestW->E;
    R.OutArg = BestW->OutArg;
    return R;
  }
  R.Kind = isa<ParmVarDecl>(VD) ? ReachingDef::Param : ReachingDef::Init;
  R.Value = isa<ParmVarDecl>(VD) ? nullptr : VD->getInit();
  R.SubPath = Path.str();
  R.At = DeclS;
  return R;
}

bool VarWrites::argumentWriteBefore(const VarDecl *VD,
                                    const Stmt *Point) const {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation End = SM.getExpansionLoc(Point->getEndLoc());
  return llvm::any_of(ArgumentWrites.lookup(VD), [&](const Write &W) {
    return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(W.E->getBeginLoc()),
                                        End);
  });
}

const SwitchCase *governingLabel(const CompoundStmt *Body, const Stmt *Child) {
  const SwitchCase *Label = nullptr;
  const Stmt *Prev = nullptr;
  for (const Stmt *C : Body->body()) {
    if (const auto *SC = dyn_cast<SwitchCase>(C)) {
      bool FallsIn = Prev && !isa<BreakStmt, ReturnStmt, ContinueStmt>(Prev);
      Label = FallsIn || isa<SwitchCase>(SC->getSubStmt()) ? nullptr : SC;
      Prev = SC->getSubStmt();
    } else {
      Prev = C;
    }
    if (C == Child)
      return Label;
  }
  return nullptr;
}

const Expr *VarWrites::caseValue(const VarDecl *VD, const Stmt *Point) {
  std::vector<const Stmt *> Anc = ancestors(Point);
  for (size_t J = 2; J < Anc.size(); ++J) {
    const auto *Sw = dyn_cast<SwitchStmt>(Anc[J]);
    if (!Sw || !Sw->getCond())
      continue;
    const auto *DRE =
        dyn_cast<DeclRefExpr>(Sw->getCond()->IgnoreParenImpCasts());
    const auto *Body = dyn_cast<CompoundStmt>(Anc[J - 1]);
    if (!DRE || DRE->getDecl() != VD || !Body)
      return nullptr;
    for (const Write &W : Writes.lookup(VD)) {
      std::vector<const Stmt *> WA = ancestors(W.E);
      if (std::find(WA.begin(), WA.end(), Sw) != WA.end())
        return nullptr; // written inside the switch
    }
    const auto *Label =
        dyn_cast_or_null<CaseStmt>(governingLabel(Body, Anc[J - 2]));
    return Label && !Label->caseStmtIsGNURange() ? Label->getLHS() : nullptr;
  }
  return nullptr;
}

} // namespace cal
