//===- SimtCalls.cpp - Calls, objects and closures, per lane --------------===//
//
// Device code reaches memory through functions, methods, operators,
// constructors and lambdas. Each is inlined: the callee gets a frame whose
// parameters hold the argument values (or, for reference parameters, the
// argument's location), whose `this` is the object's location, and whose
// captures are the closure's. Structs and closures held in registers are
// Rec values, field by field, so that a pointer kept in a struct (an
// accessor, a by-value kernel argument) keeps its target.
//
//===----------------------------------------------------------------------===//
#include "SimtInterpreter.h"
#include "clang/Basic/SourceManager.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/STLExtras.h"

namespace cal {

using Value = SimtInterpreter::Value;
using LValue = SimtInterpreter::LValue;
using Frame = SimtInterpreter::Frame;
using Record = SimtInterpreter::Record;

/// A location that outlives the current frame must say which frame holds
/// its variable.
static LValue pinned(LValue LV, Frame *Current) {
  if (LV.Kind == LValue::Var && !LV.F)
    LV.F = Current;
  return LV;
}

static Value recordValue(Record R) {
  Value V;
  V.Kind = Value::Rec;
  V.Fields = std::make_shared<const Record>(std::move(R));
  return V;
}

//===-- Register-held variables and their fields --------------------------===//

/// The storage an lvalue of kind Var names, or null when its frame is gone
/// (a dangling reference, undefined in C++ too) or the variable is unset.
static Value *storageOf(const LValue &LV, std::vector<Frame *> &Frames,
                        bool Create) {
  Frame *F = LV.F ? LV.F : Frames.back();
  if (LV.F && !llvm::is_contained(Frames, LV.F))
    return nullptr;
  if (LV.Slot)
    return LV.Slot;
  if (!LV.VD)
    return nullptr;
  auto It = F->Vars.find(LV.VD);
  if (It != F->Vars.end())
    return &It->second;
  return Create ? &F->Vars[LV.VD] : nullptr;
}

Value SimtInterpreter::readVar(const LValue &LV, clang::QualType T) {
  const Value *Cur = storageOf(LV, Frames, false);
  if (!Cur)
    return opaque(T, LV.VD ? "value of '" + LV.VD->getNameAsString() + "'"
                           : std::string("value of a temporary"));
  for (const clang::Decl *D : LV.Path) {
    const Value *Next = nullptr;
    if (Cur->Kind == Value::Rec) {
      auto It = Cur->Fields->Vals.find(D);
      if (It != Cur->Fields->Vals.end())
        Next = &It->second;
    }
    if (!Next) {
      const auto *ND = dyn_cast<clang::NamedDecl>(D);
      return opaque(T, "field '" + (ND ? ND->getNameAsString() : "") +
                           "' of a struct whose value is unknown");
    }
    Cur = Next;
  }
  return *Cur;
}

/// \p New in the lanes of \p Active, \p Old in the others.
static Value mergeLanes(const Value &Old, const Value &New, uint32_t Active,
                        uint32_t Live) {
  if (Active == Live || Old.Kind == Value::Other)
    return New;
  if (Old.Kind != New.Kind || Old.Base != New.Base || Old.Type != New.Type)
    return Value(); // not mergeable lane by lane: unknown
  if (New.Kind == Value::Rec) {
    Record R = *Old.Fields;
    for (auto &[D, V] : New.Fields->Vals) {
      auto It = R.Vals.find(D);
      R.Vals[D] = It == R.Vals.end() ? Value()
                                     : mergeLanes(It->second, V, Active, Live);
    }
    return recordValue(std::move(R));
  }
  Value R = Old;
  for (unsigned I = 0; I < MaxLanes; ++I)
    if (Active >> I & 1)
      R.L[I] = New.L[I];
  return R;
}

static Value withField(const Value &Cur, llvm::ArrayRef<const clang::Decl *> P,
                       const Value &V, uint32_t Active, uint32_t Live) {
  if (P.empty())
    return mergeLanes(Cur, V, Active, Live);
  Record R = Cur.Kind == Value::Rec ? *Cur.Fields : Record();
  Value &Slot = R.Vals[P.front()];
  Slot = withField(Slot, P.drop_front(), V, Active, Live);
  return recordValue(std::move(R));
}

void SimtInterpreter::writeVar(const LValue &LV, const Value &V,
                               uint32_t Active) {
  if (!LV.Slot && LV.Path.empty() && V.Kind != Value::Rec &&
      (!LV.F || llvm::is_contained(Frames, LV.F))) {
    assign(LV.VD, LV.F ? *LV.F : *Frames.back(), V, Active);
    return;
  }
  if (Value *S = storageOf(LV, Frames, true))
    *S = withField(*S, LV.Path, V, Active & LiveLanes, LiveLanes);
}

/// \p Cur with the reference field \p FD of the struct at \p P bound to
/// \p Target.
static Value withRef(const Value &Cur, llvm::ArrayRef<const clang::Decl *> P,
                     const clang::Decl *FD, const LValue &Target) {
  Record R = Cur.Kind == Value::Rec ? *Cur.Fields : Record();
  if (P.empty())
    R.Refs[FD] = Target;
  else
    R.Vals[P.front()] = withRef(R.Vals[P.front()], P.drop_front(), FD, Target);
  return recordValue(std::move(R));
}

void SimtInterpreter::bindField(const LValue &Obj, const clang::Decl *FD,
                                const LValue &Target) {
  if (Obj.Kind != LValue::Var)
    return;
  if (Value *S = storageOf(Obj, Frames, true))
    *S = withRef(*S, Obj.Path, FD, pinned(Target, Frames.back()));
}

LValue SimtInterpreter::fieldRef(const LValue &Obj, const clang::Decl *FD) {
  LValue LV;
  LV.Why = "reference member of a struct whose value is unknown";
  if (Obj.Kind != LValue::Var)
    return LV;
  Value V = readVar(Obj, clang::QualType());
  if (V.Kind != Value::Rec)
    return LV;
  auto It = V.Fields->Refs.find(FD);
  return It == V.Fields->Refs.end() ? LV : It->second;
}

std::optional<LValue> SimtInterpreter::lookupBinding(const clang::VarDecl *VD) {
  const Frame &F = *Frames.back();
  auto It = F.Refs.find(VD);
  if (It == F.Refs.end())
    return std::nullopt;
  return It->second;
}

LValue SimtInterpreter::materialize(const clang::Expr *E, uint32_t Active) {
  Frame &F = *Frames.back();
  Value V = eval(E, Active);
  Value &Slot = F.Temps[E];
  Slot = V;
  // A new object where an earlier one was: none of its bytes are known.
  freshObject(&Slot);
  LValue LV;
  LV.Kind = LValue::Var;
  LV.F = &F;
  LV.Slot = &Slot;
  return LV;
}

//===-- Calls -------------------------------------------------------------===//

LValue SimtInterpreter::objectOf(const clang::Expr *Obj, bool Arrow,
                                 uint32_t Active) {
  if (Arrow) {
    if (const LValue *This = thisObject(Obj))
      return *This;
    Value P = eval(Obj, Active);
    if (P.Kind != Value::Ptr) {
      LValue LV;
      LV.Why = "object through an untracked pointer";
      return LV;
    }
    return memoryAt(P);
  }
  if (Obj->isPRValue())
    return materialize(Obj, Active);
  return pinned(evalLValue(Obj, Active), Frames.back());
}

bool SimtInterpreter::inlineCall(const clang::FunctionDecl *FD,
                                 const LValue &This,
                                 llvm::ArrayRef<const clang::Expr *> Args,
                                 uint32_t Active, Frame &Out) {
  if (Frames.size() > CallDepthLimit)
    return false;
  Out.Fn = FD;
  Out.This = This;
  // Arguments are evaluated in the caller: a value for a value parameter,
  // the location for a reference parameter.
  for (unsigned I = 0; I < Args.size(); ++I) {
    if (I >= FD->getNumParams()) {
      (void)eval(Args[I], Active); // variadic tail
      continue;
    }
    const clang::ParmVarDecl *P = FD->getParamDecl(I);
    if (P->getType()->isReferenceType())
      Out.Refs[P] = bindReference(P, Args[I], Out, Active);
    else
      Out.Vars[P] = convert(eval(Args[I], Active), P->getType());
    freshObject(P);
  }
  // A lambda's body sees its captures: by copy as its own variables, by
  // reference as the captured location, and the enclosing `this`.
  if (const auto *MD = dyn_cast<clang::CXXMethodDecl>(FD))
    if (MD->getParent()->isLambda() && This.Kind == LValue::Var) {
      Value C = readVar(This, MD->getThisType()->getPointeeType());
      if (C.Kind == Value::Rec) {
        for (auto &[D, V] : C.Fields->Vals)
          if (const auto *VD = dyn_cast<clang::VarDecl>(D))
            Out.Vars[VD] = V;
        for (auto &[D, LV] : C.Fields->Refs)
          if (const auto *VD = dyn_cast<clang::VarDecl>(D))
            Out.Refs[VD] = LV;
        Out.This = C.Fields->This ? *C.Fields->This : LValue();
      }
    }
  Frames.push_back(&Out);
  std::vector<Exit> SavedExits;
  SavedExits.swap(Exits);
  uint32_t A = Active;
  if (const auto *Ctor = dyn_cast<clang::CXXConstructorDecl>(FD))
    for (const clang::CXXCtorInitializer *Init : Ctor->inits()) {
      // Member initializers write the new object's fields; a base's
      // constructor runs on the same object (fields are unique decls).
      if (const clang::FieldDecl *Fld = Init->getAnyMember()) {
        LValue LV = Out.This;
        if (Fld->getType()->isReferenceType()) {
          bindField(LV, Fld, evalLValue(Init->getInit(), A));
        } else if (LV.Kind == LValue::Var) {
          LV.Path.push_back(Fld);
          writeVar(LV, eval(Init->getInit(), A), A);
        } else {
          (void)eval(Init->getInit(), A);
        }
      } else if (const auto *BC = dyn_cast<clang::CXXConstructExpr>(
                     Init->getInit()->IgnoreImplicit())) {
        const clang::FunctionDecl *BDef = nullptr;
        if (BC->getConstructor()->hasBody(BDef)) {
          Frame BF;
          llvm::SmallVector<const clang::Expr *, 4> BArgs(BC->arguments());
          (void)inlineCall(BDef, Out.This, BArgs, A, BF);
        }
      }
    }
  exec(FD->getBody(), A);
  Exits.swap(SavedExits);
  Frames.pop_back();
  return true;
}

/// The callee, the object and the arguments of a call.
namespace {
struct CallParts {
  const clang::FunctionDecl *Callee = nullptr;
  const clang::Expr *Object = nullptr;
  bool Arrow = false;
  llvm::SmallVector<const clang::Expr *, 4> Args;
};
} // namespace

static CallParts partsOf(const clang::CallExpr *CE) {
  CallParts P;
  P.Callee = CE->getDirectCallee();
  if (const auto *MC = dyn_cast<clang::CXXMemberCallExpr>(CE)) {
    P.Object = MC->getImplicitObjectArgument();
    if (const auto *ME =
            dyn_cast<clang::MemberExpr>(MC->getCallee()->IgnoreParens()))
      P.Arrow = ME->isArrow();
    P.Args.append(CE->arg_begin(), CE->arg_end());
    return P;
  }
  const auto *MD = dyn_cast_or_null<clang::CXXMethodDecl>(P.Callee);
  if (isa<clang::CXXOperatorCallExpr>(CE) && MD && MD->isInstance() &&
      CE->getNumArgs() >= 1) {
    // `a(i, j)`, `a[i]`: argument 0 is the object.
    P.Object = CE->getArg(0);
    P.Args.append(CE->arg_begin() + 1, CE->arg_end());
    return P;
  }
  P.Args.append(CE->arg_begin(), CE->arg_end());
  return P;
}

Value SimtInterpreter::evalUserCall(const clang::CallExpr *CE,
                                    uint32_t Active) {
  clang::QualType T = CE->getType();
  CallParts P = partsOf(CE);
  const clang::FunctionDecl *Def = nullptr;
  std::string Name = P.Callee ? P.Callee->getNameAsString() : "";
  LValue This;
  if (P.Object)
    This = objectOf(P.Object, P.Arrow, Active);
  if (!P.Callee || !P.Callee->hasBody(Def)) {
    for (const clang::Expr *A : P.Args)
      (void)eval(A, Active);
    onUnsupported(CE, "call to '" + Name + "' at " + where(CE) +
                          " is not followed; accesses inside it are not "
                          "counted");
    return opaque(T, "result of '" + Name + "' at " + where(CE));
  }
  Frame F;
  F.CallSite = CE;
  if (!inlineCall(Def, This, P.Args, Active, F)) {
    onUnsupported(CE, "call to '" + Name + "' at " + where(CE) +
                          " is past the inlining depth limit; accesses "
                          "inside it are not counted");
    return opaque(T, "call depth limit reached at " + where(CE));
  }
  if (F.HasRet && !Def->getReturnType()->isReferenceType())
    return convert(F.Ret, T);
  if (T->isVoidType())
    return Value();
  return opaque(T, "result of '" + Name + "'");
}

LValue SimtInterpreter::evalCallLValue(const clang::CallExpr *CE,
                                       uint32_t Active) {
  CallParts P = partsOf(CE);
  const clang::FunctionDecl *Def = nullptr;
  if (!P.Callee || !P.Callee->getReturnType()->isReferenceType() ||
      !P.Callee->hasBody(Def)) {
    // A reference from a function without a body: memory or a register.
    (void)eval(CE, Active);
    return unfollowed(CE);
  }
  LValue This;
  if (P.Object)
    This = objectOf(P.Object, P.Arrow, Active);
  Frame F;
  F.CallSite = CE;
  if (!inlineCall(Def, This, P.Args, Active, F)) {
    onUnsupported(CE, "call to '" + P.Callee->getNameAsString() + "' at " +
                          where(CE) +
                          " is past the inlining depth limit; accesses "
                          "inside it are not counted");
    return unfollowed(CE);
  }
  if (F.RetLV.Kind == LValue::None && F.RetLV.Why.empty())
    F.RetLV.Why = "location returned by '" + P.Callee->getNameAsString() + "'";
  return F.RetLV;
}

//===-- Objects -----------------------------------------------------------===//

Value SimtInterpreter::evalConstruct(const clang::CXXConstructExpr *CC,
                                     uint32_t Active) {
  const clang::CXXConstructorDecl *Ctor = CC->getConstructor();
  if (auto G = constructCoopGroup(CC, Active))
    return *G;
  // Copying a struct (`double2 v = a[i];`, `Acc b = a;`) reads it whole.
  if (CC->getNumArgs() == 1 && Ctor->isCopyOrMoveConstructor() &&
      copiesWhole(Ctor))
    return copySource(CC->getArg(0), Active);
  const clang::FunctionDecl *Def = nullptr;
  if (!CC->getType()->isRecordType() || !Ctor->hasBody(Def)) {
    for (const clang::Expr *A : CC->arguments())
      (void)eval(A, Active);
    return CC->getType()->isRecordType() ? recordValue(Record()) : Value();
  }
  // The new object is a temporary of this frame until it is stored.
  Frame &Cur = *Frames.back();
  Value &Slot = Cur.Temps[CC];
  Slot = recordValue(Record());
  LValue This;
  This.Kind = LValue::Var;
  This.F = &Cur;
  This.Slot = &Slot;
  Frame F;
  F.CallSite = CC;
  llvm::SmallVector<const clang::Expr *, 4> Args(CC->arguments());
  if (!inlineCall(Def, This, Args, Active, F)) {
    onUnsupported(CC, "constructor at " + where(CC) +
                          " is past the inlining depth limit; accesses "
                          "inside it are not counted");
    return Value();
  }
  return Slot;
}

Value SimtInterpreter::copySource(const clang::Expr *Src, uint32_t Active) {
  Src = Src->IgnoreParenImpCasts();
  if (const auto *MT = dyn_cast<clang::MaterializeTemporaryExpr>(Src))
    Src = MT->getSubExpr()->IgnoreParenImpCasts();
  if (Src->isGLValue()) {
    LValue LV = evalLValue(Src, Active);
    return load(Src, LV, Src->getType(), Active);
  }
  return eval(Src, Active);
}

bool SimtInterpreter::copiesWhole(const clang::CXXMethodDecl *MD) {
  // The CUDA headers' copies (__half2, __nv_bfloat162) are one 32-bit move
  // on the device side of their NV_IF_ELSE_TARGET and a copy field by field
  // on the host side, the side this parse may have: either way the object
  // moves whole, which is what nvcc emits (one LDG.E or STG.E).
  return !MD->isUserProvided() ||
         AST.getSourceManager().isInSystemHeader(
             AST.getSourceManager().getExpansionLoc(MD->getLocation()));
}

Value SimtInterpreter::evalInitList(const clang::InitListExpr *IL,
                                    uint32_t Active) {
  const auto *RD = IL->getType()->getAsRecordDecl();
  if (!RD || IL->getType()->isUnionType()) {
    for (const clang::Expr *I : IL->inits())
      (void)eval(I, Active);
    return Value();
  }
  // Aggregate initialization: the initializers in field order.
  Record R;
  unsigned I = 0;
  for (const clang::FieldDecl *FD : RD->fields()) {
    if (FD->isUnnamedBitField())
      continue;
    if (I >= IL->getNumInits())
      break;
    if (FD->getType()->isReferenceType())
      R.Refs[FD] = pinned(evalLValue(IL->getInit(I++), Active), Frames.back());
    else
      R.Vals[FD] = convert(eval(IL->getInit(I++), Active), FD->getType());
  }
  for (; I < IL->getNumInits(); ++I)
    (void)eval(IL->getInit(I), Active);
  return recordValue(std::move(R));
}

Value SimtInterpreter::evalLambda(const clang::LambdaExpr *LE,
                                  uint32_t Active) {
  Record R;
  auto Init = LE->capture_init_begin();
  for (const clang::LambdaCapture &C : LE->captures()) {
    const clang::Expr *IE = *Init++;
    if (C.capturesThis()) {
      R.This = std::make_shared<const LValue>(Frames.back()->This);
      continue;
    }
    if (!C.capturesVariable() || !IE)
      continue;
    const auto *VD = dyn_cast<clang::VarDecl>(C.getCapturedVar());
    if (!VD)
      continue;
    if (C.getCaptureKind() == clang::LCK_ByRef)
      R.Refs[VD] = pinned(evalLValue(IE, Active), Frames.back());
    else if (!VD->getType()->isArrayType())
      R.Vals[VD] = convert(eval(IE, Active), VD->getType());
  }
  return recordValue(std::move(R));
}

Value SimtInterpreter::paramRecord(const clang::ParmVarDecl *P,
                                   clang::QualType T, const std::string &Name,
                                   const WarpSetup &W) {
  Record R;
  const auto *RD = T->getAsRecordDecl();
  if (!RD)
    return Value();
  for (const clang::FieldDecl *FD : RD->fields()) {
    clang::QualType FT = FD->getType();
    std::string FName = Name + "." + FD->getNameAsString();
    Value V;
    if (FT->isPointerType()) {
      // Each pointer field is its own cudaMalloc'd buffer: 256-byte
      // aligned, apart from every other argument.
      auto [It, New] = FieldObjects.try_emplace(FName, nullptr);
      if (New) {
        MemObject &M = Objects.emplace_back();
        M.Space = AddrSpace::Global;
        M.Name = FName;
        M.Base = uint64_t(NextGlobal++)
                 << TargetModel::GlobalObjectSpacingShift;
        It->second = &M;
      }
      V.Kind = Value::Ptr;
      V.Base = It->second;
      V.L.fill(EC.getConst(0, IntType::i64()));
    } else if (FT->isIntegralOrEnumerationType()) {
      V.Kind = Value::Int;
      V.Type = {unsigned(AST.getTypeSize(FT)),
                FT->isSignedIntegerOrEnumerationType()};
      const Expr *Atom = paramAtom(FName, V.Type);
      auto Known = W.KnownParams.find(Atom);
      V.L.fill(Known == W.KnownParams.end()
                   ? Atom
                   : EC.getConst(Known->second, V.Type));
    } else if (FT->isRecordType()) {
      V = paramRecord(P, FT, FName, W);
    }
    R.Vals[FD] = V;
  }
  return recordValue(std::move(R));
}

//===-- Range-based for ---------------------------------------------------===//

void SimtInterpreter::execForRange(const clang::CXXForRangeStmt *S,
                                   uint32_t &Active) {
  // The loop as the standard spells it: `auto &&__range = r; auto __begin
  // = begin(__range), __end = end(__range); for (; __begin != __end;
  // ++__begin) { T x = *__begin; body }`.
  // The header is not a statement of the cost (countStatement).
  uint64_t Before = Statements;
  if (S->getInit())
    exec(S->getInit(), Active);
  exec(S->getRangeStmt(), Active);
  exec(S->getBeginStmt(), Active);
  exec(S->getEndStmt(), Active);
  Statements = Before;
  auto [It, New] = RangeBodies.try_emplace(S, nullptr);
  if (New) {
    const clang::Stmt *Parts[] = {S->getLoopVarStmt(), S->getBody()};
    It->second = clang::CompoundStmt::Create(
        AST,
        llvm::ArrayRef<clang::Stmt *>(const_cast<clang::Stmt **>(&Parts[0]), 2),
        clang::FPOptionsOverride(), S->getBeginLoc(), S->getEndLoc());
  }
  execLoop(S, nullptr, S->getCond(), S->getInc(), It->second, true, "for",
           Active);
}

} // namespace cal
