//===- LaunchSets.cpp - The values a launch dimension can take ------------===//
//
// Host code often decides a launch's size at run time from a small, finite
// set: a loop over block sizes (`for (int bs = 64; bs <= 1024; bs *= 2)`),
// `if`/`else` of constants, a default that a command-line argument may
// replace. Averaging the kernel's behaviour over guessed shapes is true of
// none of them; each value of the set is a launch of its own. This file
// finds the set of one variable at one program point; LaunchSites.cpp
// evaluates the launch once per member.
//
//===----------------------------------------------------------------------===//
#include "HostConstEval.h"
#include "LaunchSites.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace cal {

namespace {

/// Members of one set analysed at most, and loop iterations followed.
constexpr unsigned MaxMembers = 16, MaxIterations = 1u << 12;

/// The statement that holds \p S, skipping the VarDecl level of a DeclStmt.
const Stmt *parentStmt(ASTContext &Ctx, const Stmt *S) {
  DynTypedNodeList Ps = Ctx.getParents(*S);
  while (!Ps.empty() && Ps[0].get<VarDecl>())
    Ps = Ctx.getParents(*Ps[0].get<VarDecl>());
  return Ps.empty() ? nullptr : Ps[0].get<Stmt>();
}

/// The DeclStmt that declares \p VD, or null.
const Stmt *declStmtOf(ASTContext &Ctx, const VarDecl *VD) {
  DynTypedNodeList Ps = Ctx.getParents(*VD);
  return Ps.empty() ? nullptr : Ps[0].get<DeclStmt>();
}

/// Whether the definition at \p At in \p F's function runs, as the `if`s
/// around it decide: Dead when one is known to lead elsewhere (`if (argc >
/// 1) bs = atoi(argv[1]);` in the run without arguments), Always when each
/// is known to take its branch and nothing else (a loop, a switch) is on
/// the way, else Maybe.
enum class Runs { Dead, Maybe, Always };
Runs definitionRuns(HostEvalSession &S, const CallFrame *F, const Stmt *At) {
  const Stmt *Body = F->F->getBody();
  Runs R = Runs::Always;
  for (const Stmt *C = At, *P = parentStmt(S.Ctx, C); P && P != Body;
       C = P, P = parentStmt(S.Ctx, P)) {
    if (isa<CompoundStmt, Expr, DeclStmt>(P))
      continue;
    const auto *If = dyn_cast<IfStmt>(P);
    if (!If || (C != If->getThen() && C != If->getElse())) {
      R = Runs::Maybe;
      continue;
    }
    std::optional<int64_t> T = HostConstEval(S, F, If).evalInt(If->getCond());
    if (T && (*T != 0) != (C == If->getThen()))
      return Runs::Dead;
    if (!T)
      R = Runs::Maybe;
  }
  return R;
}

/// The elements of a braced list (`{4, 8, 16}`, also as a std::vector's or
/// std::array's initializer), or none.
std::optional<std::vector<const Expr *>> listElements(const Expr *E) {
  E = E ? E->IgnoreImplicit()->IgnoreParens() : nullptr;
  if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(E))
    if (CE->getNumArgs() >= 1)
      E = CE->getArg(0)->IgnoreImplicit();
  if (const auto *IL = dyn_cast_or_null<CXXStdInitializerListExpr>(E))
    E = IL->getSubExpr()->IgnoreImplicit();
  const auto *List = dyn_cast_or_null<InitListExpr>(E);
  // std::array's `{{...}}`: the one member's list.
  if (List && List->getNumInits() == 1 &&
      isa<InitListExpr>(List->getInit(0)->IgnoreImplicit()) &&
      List->getType()->isRecordType())
    List = cast<InitListExpr>(List->getInit(0)->IgnoreImplicit());
  if (!List)
    return std::nullopt;
  std::vector<const Expr *> Out;
  for (unsigned I = 0; I < List->getNumInits(); ++I)
    Out.push_back(List->getInit(I));
  return Out;
}

/// The values a range-`for` over a list of constants gives its variable:
/// `for (int bs : {64, 128})`, or over a local array or std::vector whose
/// declaration's list is the only definition that runs before the loop.
std::optional<std::vector<int64_t>>
rangeValues(HostEvalSession &S, const CallFrame *F, const CXXForRangeStmt *RF) {
  const Expr *Range = RF->getRangeInit();
  std::optional<std::vector<const Expr *>> Elems = listElements(Range);
  if (!Elems) {
    const VarDecl *L = namedVar(Range);
    if (!L || !L->isLocalVarDecl() || L->getParentFunctionOrMethod() != F->F)
      return std::nullopt;
    for (const VarWrites::Write &W : S.writes(F->F).writesOf(L))
      if (S.Ctx.getSourceManager().isBeforeInTranslationUnit(
              W.E->getBeginLoc(), RF->getBeginLoc()) &&
          definitionRuns(S, F, W.E) != Runs::Dead)
        return std::nullopt;
    Elems = listElements(L->getInit());
  }
  if (!Elems || Elems->empty())
    return std::nullopt;
  std::vector<int64_t> Out;
  for (const Expr *E : *Elems) {
    std::optional<int64_t> V = HostConstEval(S, F, RF).evalInt(E);
    if (!V)
      return std::nullopt;
    Out.push_back(*V);
  }
  return Out;
}

/// The next value of a loop counter stepped by \p Inc, or nullopt when the
/// step is not one of ++, --, += c, -= c, *= c, /= c, <<= c, >>= c.
std::optional<int64_t> step(HostConstEval &Ev, const VarDecl *V,
                            const Expr *Inc, int64_t X) {
  Inc = Inc ? Inc->IgnoreParenImpCasts() : nullptr;
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Inc)) {
    if (namedVar(UO->getSubExpr()) == V && UO->isIncrementDecrementOp())
      return X + (UO->isIncrementOp() ? 1 : -1);
    return std::nullopt;
  }
  const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(Inc);
  if (!CA || namedVar(CA->getLHS()) != V)
    return std::nullopt;
  std::optional<int64_t> C = Ev.evalInt(CA->getRHS());
  if (!C)
    return std::nullopt;
  BinaryOperatorKind Op;
  switch (CA->getOpcode()) {
  case BO_AddAssign: Op = BO_Add; break;
  case BO_SubAssign: Op = BO_Sub; break;
  case BO_MulAssign: Op = BO_Mul; break;
  case BO_DivAssign: Op = BO_Div; break;
  case BO_ShlAssign: Op = BO_Shl; break;
  case BO_ShrAssign: Op = BO_Shr; break;
  default: return std::nullopt;
  }
  return foldIntBinary(Op, X, *C);
}

} // namespace

std::optional<HostConstEval::ValueSet>
HostConstEval::valueSet(const VarDecl *VD, StringRef Path, std::string &Why) {
  if (!ownsLocal(VD) || !(Path.empty() ? VD->getType()->isIntegerType()
                                       : VD->getType()->isRecordType())) {
    Why = "not a local integer";
    return std::nullopt;
  }
  std::string Name =
      VD->getNameAsString() + (Path.empty() ? "" : "." + Path.str());
  ASTContext &Ctx = S.Ctx;
  const SourceManager &SM = Ctx.getSourceManager();
  const Stmt *Body = Frame->F->getBody();
  std::vector<VarWrites::Write> Writes = S.writes(Frame->F).writesOf(VD);
  ValueSet Out;
  auto Add = [&](int64_t V) {
    if (!llvm::is_contained(Out.Values, V))
      Out.Values.push_back(V);
  };

  // A `for` loop around the point whose header steps VD: every iteration.
  for (const Stmt *C = Path.empty() ? parentStmt(Ctx, Point) : nullptr;
       C && C != Body; C = parentStmt(Ctx, C)) {
    if (const auto *RF = dyn_cast<CXXForRangeStmt>(C);
        RF && RF->getLoopVariable() == VD) {
      std::optional<std::vector<int64_t>> Vs = rangeValues(S, Frame, RF);
      if (!Vs) {
        Why = "the range-for's list is not one of constants";
        return std::nullopt;
      }
      for (int64_t V : *Vs)
        Add(V);
      Out.Origin = "the loop at " + makePos(Ctx, RF->getBeginLoc()).str();
      break;
    }
    const auto *FS = dyn_cast<ForStmt>(C);
    if (!FS || !FS->getBody() || !stmtWithin(SM, Point, FS->getBody()))
      continue;
    const Expr *Start = nullptr;
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(FS->getInit())) {
      if (DS->isSingleDecl() && DS->getSingleDecl() == VD)
        Start = VD->getInit();
    } else if (const auto *BO =
                   dyn_cast_or_null<BinaryOperator>(FS->getInit())) {
      if (BO->getOpcode() == BO_Assign && namedVar(BO->getLHS()) == VD)
        Start = BO->getRHS();
    }
    if (!Start)
      continue;
    for (const VarWrites::Write &W : Writes)
      if (stmtWithin(SM, W.E, FS) && !stmtWithin(SM, W.E, FS->getInit()) &&
          !stmtWithin(SM, W.E, FS->getInc())) {
        Why = "'" + VD->getNameAsString() + "' is written in the loop's body";
        return std::nullopt;
      }
    HostConstEval AtLoop(S, Frame, FS);
    std::optional<int64_t> X = AtLoop.evalInt(Start);
    if (!X || !FS->getCond()) {
      Why = "the loop's start is not a constant";
      return std::nullopt;
    }
    bool HadChoice = S.chosen(VD);
    int64_t Saved = HadChoice ? S.Chosen[{VD, ""}] : 0;
    bool Ok = false;
    for (unsigned I = 0; I < MaxIterations; ++I) {
      S.Chosen[{VD, ""}] = *X;
      std::optional<int64_t> Test = AtLoop.evalInt(FS->getCond());
      if (!Test)
        break;
      if (!*Test) {
        Ok = true;
        break;
      }
      Add(*X);
      X = step(AtLoop, VD, FS->getInc(), *X);
      if (!X)
        break;
    }
    if (HadChoice)
      S.Chosen[{VD, ""}] = Saved;
    else
      S.Chosen.erase({VD, ""});
    if (!Ok || Out.Values.empty()) {
      Why = "the loop's test, step or count is not constant";
      return std::nullopt;
    }
    Out.Origin = "the loop at " + makePos(Ctx, FS->getBeginLoc()).str();
    break;
  }

  if (Out.Origin.empty()) {
    // The definitions before the point: the declaration's and each plain
    // `=`; the last one that always runs hides those before it.
    struct Def {
      const Stmt *At;
      const Expr *Value;
      /// Value is an occupancy call writing through this argument.
      std::optional<unsigned> OutArg = std::nullopt;
    };
    std::vector<Def> Defs;
    // (A struct's declaration defines the member by its initializer.)
    if (const Stmt *DS = declStmtOf(Ctx, VD); DS && VD->getInit())
      Defs.push_back({DS, VD->getInit()});
    for (const VarWrites::Write &W : Writes) {
      if (!SM.isBeforeInTranslationUnit(W.E->getBeginLoc(),
                                        Point->getBeginLoc()))
        continue;
      // Another member's write leaves this one as it was.
      StringRef WP = W.Path;
      if (!Path.empty() && !WP.empty() && WP != Path &&
          !Path.starts_with(WP.str() + ".") &&
          !WP.starts_with(Path.str() + "."))
        continue;
      if (!W.Value || WP != Path) {
        Why = "'" + Name + "' is updated at " +
              makePos(Ctx, W.E->getBeginLoc()).str() + ", not assigned a value";
        return std::nullopt;
      }
      Defs.push_back({W.E, W.Value, W.OutArg});
    }
    // (Also under an `if` known to take its branch: `if (n > 1) bs = 4;`
    // with n = 4096 always runs.)
    for (size_t I = Defs.size(); I-- > 0;)
      if (definitionRuns(S, Frame, Defs[I].At) == Runs::Always) {
        Defs.erase(Defs.begin(), Defs.begin() + I);
        break;
      }
    std::vector<std::string> Places;
    for (const Def &D : Defs) {
      // A definition under an `if` known to lead elsewhere does not run
      // (`if (argc > 1) bs = atoi(argv[1]);` in the run without arguments).
      if (definitionRuns(S, Frame, D.At) == Runs::Dead)
        continue;
      HostConstEval At(S, Frame, D.At);
      std::string Note; // the calculator's answer, as it says it
      // The declaration's initializer holds the whole struct.
      bool WholeInit = !Path.empty() && D.Value == VD->getInit();
      std::optional<int64_t> V =
          D.OutArg
              ? At.occupancyOutput(cast<CallExpr>(D.Value), *D.OutArg, &Note)
          : WholeInit ? At.evalMember(D.Value, Path)
                      : At.evalInt(D.Value);
      if (!V) {
        Why = "'" + Name + "' = " + sourceText(Ctx, D.Value) + " at " +
              makePos(Ctx, D.At->getBeginLoc()).str() + " is not a constant";
        return std::nullopt;
      }
      Add(*V);
      if (D.OutArg && !llvm::is_contained(Out.FromOccupancy, *V))
        Out.FromOccupancy.push_back(*V);
      std::string Place = makePos(Ctx, D.At->getBeginLoc()).str();
      if (!Note.empty())
        Place += " (" + Note + ", on the " + S.Device->Name + ")";
      Places.push_back(Place);
    }
    if (Out.Values.empty()) {
      Why = "no definition of '" + Name + "' reaches it";
      return std::nullopt;
    }
    Out.Origin = "the definitions at " + llvm::join(Places, ", ");
  }
  Out.Total = Out.Values.size();
  if (Out.Values.size() > MaxMembers) {
    // The first, the last and evenly spaced members between.
    std::vector<int64_t> Kept;
    for (unsigned I = 0; I < MaxMembers; ++I)
      Kept.push_back(Out.Values[I * (Out.Values.size() - 1) / (MaxMembers - 1)]);
    Out.Values = std::move(Kept);
  }
  return Out;
}

} // namespace cal
