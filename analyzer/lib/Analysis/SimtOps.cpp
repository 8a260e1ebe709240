//===- SimtOps.cpp - Operators, casts and calls, per lane -----------------===//
#include "SimtInterpreter.h"
#include "clang/AST/RecordLayout.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"

namespace cal {

using Value = SimtInterpreter::Value;
using LValue = SimtInterpreter::LValue;

static std::optional<BinaryOp> mapOp(clang::BinaryOperatorKind K) {
  switch (K) {
  case clang::BO_Add:
    return BinaryOp::Add;
  case clang::BO_Sub:
    return BinaryOp::Sub;
  case clang::BO_Mul:
    return BinaryOp::Mul;
  case clang::BO_Div:
    return BinaryOp::Div;
  case clang::BO_Rem:
    return BinaryOp::Rem;
  case clang::BO_Shl:
    return BinaryOp::Shl;
  case clang::BO_Shr:
    return BinaryOp::Shr;
  case clang::BO_And:
    return BinaryOp::And;
  case clang::BO_Or:
    return BinaryOp::Or;
  case clang::BO_Xor:
    return BinaryOp::Xor;
  case clang::BO_LT:
    return BinaryOp::LT;
  case clang::BO_LE:
    return BinaryOp::LE;
  case clang::BO_GT:
    return BinaryOp::GT;
  case clang::BO_GE:
    return BinaryOp::GE;
  case clang::BO_EQ:
    return BinaryOp::EQ;
  case clang::BO_NE:
    return BinaryOp::NE;
  case clang::BO_LAnd:
    return BinaryOp::LAnd;
  case clang::BO_LOr:
    return BinaryOp::LOr;
  default:
    return std::nullopt;
  }
}

static int64_t pointeeSize(const clang::ASTContext &AST, clang::QualType P) {
  clang::QualType T = P->getPointeeType();
  if (T.isNull() || T->isVoidType() || T->isIncompleteType())
    return 1; // void* arithmetic is a GNU extension counting bytes
  return AST.getTypeSizeInChars(T).getQuantity();
}

Value SimtInterpreter::arith(clang::BinaryOperatorKind Op, const Value &L,
                             const Value &R, clang::QualType ResultTy,
                             clang::QualType LTy, clang::QualType RTy) {
  // Pointer +/- integer: the byte offset moves by index * element size.
  if ((Op == clang::BO_Add || Op == clang::BO_Sub) &&
      (L.Kind == Value::Ptr || R.Kind == Value::Ptr)) {
    const Value &P = L.Kind == Value::Ptr ? L : R;
    const Value &I = L.Kind == Value::Ptr ? R : L;
    clang::QualType PT = L.Kind == Value::Ptr ? LTy : RTy;
    if (L.Kind == Value::Ptr && R.Kind == Value::Ptr) {
      // p - q: element distance, known only within one object.
      if (Op != clang::BO_Sub || L.Base != R.Base || !L.Base)
        return opaque(ResultTy, "difference of unrelated pointers");
      int64_t Sz = pointeeSize(AST, LTy);
      Value V;
      V.Kind = Value::Int;
      V.Type = IntType::i64();
      V.L = zipLanes(L.L, R.L, [&](const Expr *A, const Expr *B) {
        return EC.getBinary(BinaryOp::Div, EC.getBinary(BinaryOp::Sub, A, B),
                            EC.getConst(Sz, IntType::i64()));
      });
      return convert(V, ResultTy);
    }
    if (I.Kind != Value::Int)
      return opaque(ResultTy, "pointer offset by an untracked value");
    int64_t Sz = pointeeSize(AST, PT);
    Value V = P;
    V.L = zipLanes(P.L, I.L, [&](const Expr *O, const Expr *X) {
      const Expr *D = EC.getBinary(BinaryOp::Mul, EC.getCast(X, IntType::i64()),
                                   EC.getConst(Sz, IntType::i64()));
      return EC.getBinary(Op == clang::BO_Add ? BinaryOp::Add : BinaryOp::Sub,
                          O, D);
    });
    return V;
  }
  auto BOp = mapOp(Op);
  // p < q, p != q within one object compare the byte offsets (a range-for
  // over an array tests `__begin != __end`).
  bool SameObjectCompare = BOp && clang::BinaryOperator::isComparisonOp(Op) &&
                           L.Kind == Value::Ptr && R.Kind == Value::Ptr &&
                           L.Base && L.Base == R.Base;
  if (!SameObjectCompare &&
      (!BOp || L.Kind != Value::Int || R.Kind != Value::Int))
    return opaque(ResultTy, L.Kind == Value::Int && R.Kind == Value::Int
                                ? "unsupported operator"
                                : "operand is not an integer");
  Value V;
  V.Kind = Value::Int;
  V.L = zipLanes(L.L, R.L, [&](const Expr *A, const Expr *B) {
    return EC.getBinary(*BOp, A, B);
  });
  V.Type = V.L[0]->getType();
  return convert(V, ResultTy);
}

void SimtInterpreter::countOps(clang::QualType T, unsigned N, uint32_t Active) {
  if (T.isNull() || !Active)
    return;
  T = T.getCanonicalType();
  if (const auto *VT = T->getAs<clang::VectorType>())
    T = VT->getElementType().getCanonicalType();
  if (const auto *BT = T->getAs<clang::BuiltinType>();
      BT && BT->isFloatingPoint()) {
    switch (BT->getKind()) {
    case clang::BuiltinType::Half:
    case clang::BuiltinType::Float16:
    case clang::BuiltinType::BFloat16:
      return Sink.onArith(OpClass::Fp16, N, Active);
    case clang::BuiltinType::Float:
      return Sink.onArith(OpClass::Fp32, N, Active);
    default:
      return Sink.onArith(OpClass::Fp64, N, Active);
    }
  }
  if (T->isIntegralOrEnumerationType() && !T->isBooleanType()) {
    Sink.onArith(OpClass::Int, N, Active);
    // sm_90's integer units are 32 bits wide: a 64-bit operation is two
    // instructions (the low half and the high half with its carry).
    if (AST.getTypeSize(T) > 32)
      Sink.onIssue(N, Active, /*Folds=*/true);
  }
}

void SimtInterpreter::countDivision(const clang::Expr *Site,
                                    clang::BinaryOperatorKind Op,
                                    clang::QualType T,
                                    const clang::Expr *Divisor, const Value &R,
                                    uint32_t Active) {
  if (!Active || (Op != clang::BO_Div && Op != clang::BO_Rem) || T.isNull())
    return;
  T = T.getCanonicalType();
  // sm_90 has no divide instruction. By a constant, a multiply-high and a
  // shift (nothing extra for a power of two); by a run-time integer,
  // nvcc's sequence of a reciprocal estimate, its conversion and two
  // multiply-high corrections, about 18 instructions with the signs; a
  // floating-point quotient, a reciprocal refined by fused multiply-adds
  // and a range check, about 8.
  std::optional<llvm::APSInt> C;
  if (!Divisor->isValueDependent())
    C = Divisor->getIntegerConstantExpr(AST);
  unsigned Extra = 0;
  if (T->isIntegralOrEnumerationType())
    Extra = !C ? 17 : C->isPowerOf2() ? 0 : 2;
  else if (T->isRealFloatingType() && !C)
    Extra = 7;
  if (Extra && !C && T->isIntegralOrEnumerationType()) {
    std::array<int64_t, MaxLanes> Divisors{};
    for (unsigned I = 0; I < MaxLanes; ++I)
      if (Active >> I & 1 && R.Kind == Value::Int && R.L[I] &&
          R.L[I]->isConst())
        Divisors[I] = R.L[I]->getConstValue();
    Sink.onDivision(Site, Extra, Active, Divisors);
  } else if (Extra) {
    Sink.onIssue(Extra, Active, /*Folds=*/bool(C));
  }
}

/// Operators that compute (comparisons, logic and assignment do not).
static bool isArithmeticOp(clang::BinaryOperatorKind Op) {
  return Op == clang::BO_Mul || Op == clang::BO_Div || Op == clang::BO_Rem ||
         Op == clang::BO_Add || Op == clang::BO_Sub || Op == clang::BO_Shl ||
         Op == clang::BO_Shr || Op == clang::BO_And || Op == clang::BO_Xor ||
         Op == clang::BO_Or;
}

Value SimtInterpreter::evalBinary(const clang::BinaryOperator *BO,
                                  uint32_t Active) {
  clang::BinaryOperatorKind Op = BO->getOpcode();
  clang::QualType T = BO->getType();
  if (Op == clang::BO_Comma) {
    (void)eval(BO->getLHS(), Active);
    return eval(BO->getRHS(), Active);
  }
  if (Op == clang::BO_Assign) {
    LValue LV = evalLValue(BO->getLHS(), Active);
    Value R = eval(BO->getRHS(), Active);
    store(BO, LV, R, BO->getLHS()->getType(), Active, AccessKind::Store);
    return convert(R, T);
  }
  if (const auto *CA = dyn_cast<clang::CompoundAssignOperator>(BO)) {
    // a op= b reads a, computes in the computation type, writes back.
    LValue LV = evalLValue(BO->getLHS(), Active);
    Value R = eval(BO->getRHS(), Active);
    Value Old = load(BO->getLHS(), LV, BO->getLHS()->getType(), Active);
    clang::QualType CT = CA->getComputationLHSType();
    // Pointer += n is address arithmetic: its type is a pointer, not
    // counted.
    countOps(CA->getComputationResultType(), 1, Active);
    countDivision(BO, clang::BinaryOperator::getOpForCompoundAssignment(Op),
                  CA->getComputationResultType(), BO->getRHS(), R, Active);
    Value New = arith(clang::BinaryOperator::getOpForCompoundAssignment(Op),
                      convert(Old, CT), R, CA->getComputationResultType(), CT,
                      BO->getRHS()->getType());
    store(BO, LV, New, BO->getLHS()->getType(), Active, AccessKind::Store);
    return convert(New, T);
  }
  if (Op == clang::BO_LAnd || Op == clang::BO_LOr) {
    // Short-circuit: the right side runs only in lanes the left side did
    // not decide (and in lanes where the left side is unknown).
    uint32_t Tm = 0, Fm = 0;
    std::string Why;
    Value L = test(BO->getLHS(), Active, Tm, Fm, Why);
    uint32_t U = Active & ~(Tm | Fm);
    uint32_t RightMask = (Op == clang::BO_LAnd ? Tm : Fm) | U;
    UndecidedDepth += U != 0;
    Value R = RightMask ? eval(BO->getRHS(), RightMask) : Value();
    UndecidedDepth -= U != 0;
    if (L.Kind != Value::Int)
      return opaque(T, "non-integer operand of a logical operator");
    if (R.Kind != Value::Int) {
      if (RightMask)
        return opaque(T, "non-integer operand of a logical operator");
      R = L; // right side never ran; its value does not matter
    }
    Value V;
    V.Kind = Value::Int;
    V.Type = IntType::boolean();
    V.L = zipLanes(L.L, R.L, [&](const Expr *A, const Expr *B) {
      return EC.getBinary(Op == clang::BO_LAnd ? BinaryOp::LAnd : BinaryOp::LOr,
                          A, B);
    });
    return convert(V, T);
  }
  Value L = eval(BO->getLHS(), Active);
  Value R = eval(BO->getRHS(), Active);
  if (isArithmeticOp(Op)) {
    countOps(T, 1, Active);
    countDivision(BO, Op, T, BO->getRHS(), R, Active);
  }
  return arith(Op, L, R, T, BO->getLHS()->getType(), BO->getRHS()->getType());
}

Value SimtInterpreter::evalUnary(const clang::UnaryOperator *UO,
                                 uint32_t Active) {
  clang::QualType T = UO->getType();
  const clang::Expr *Sub = UO->getSubExpr();
  switch (UO->getOpcode()) {
  case clang::UO_AddrOf: {
    LValue LV = evalLValue(Sub, Active);
    if (LV.Kind == LValue::Var) {
      // `&x` of a scalar: a register or local-memory object, never global.
      // Dereferencing it reads and writes x itself.
      Value V;
      V.Kind = Value::Ptr;
      V.Var = LV.VD;
      V.VarFrame = LV.F ? LV.F : Frames.back();
      V.L.fill(EC.getConst(0, IntType::i64()));
      return V;
    }
    if (LV.Kind != LValue::Mem)
      return opaque(T, LV.Why.empty() ? "address of an untracked object"
                                      : "address of " + LV.Why);
    return pointerTo(LV);
  }
  case clang::UO_Deref:
    return load(UO, evalLValue(UO, Active), T, Active);
  case clang::UO_PreInc:
  case clang::UO_PreDec:
  case clang::UO_PostInc:
  case clang::UO_PostDec: {
    LValue LV = evalLValue(Sub, Active);
    Value Old = load(Sub, LV, Sub->getType(), Active);
    countOps(Sub->getType(), 1, Active);
    Value One;
    One.Kind = Value::Int;
    One.Type = IntType::i32();
    One.L.fill(EC.getConst(1, IntType::i32()));
    bool Inc = UO->isIncrementOp();
    Value New;
    if (Old.Kind == Value::Ptr)
      New = arith(Inc ? clang::BO_Add : clang::BO_Sub, Old, One, Sub->getType(),
                  Sub->getType(), AST.IntTy);
    else if (Old.Kind == Value::Int) {
      New = Old;
      New.L = mapLanes(Old.L, [&](const Expr *X) {
        return EC.getBinary(Inc ? BinaryOp::Add : BinaryOp::Sub, X,
                            EC.getConst(1, Old.Type));
      });
    } else
      New = Old;
    store(UO, LV, New, Sub->getType(), Active, AccessKind::Store);
    return UO->isPrefix() ? New : Old;
  }
  case clang::UO_Minus:
  case clang::UO_Not:
  case clang::UO_LNot: {
    Value V = eval(Sub, Active);
    if (UO->getOpcode() != clang::UO_LNot)
      countOps(T, 1, Active);
    if (V.Kind != Value::Int)
      return opaque(T, "non-integer operand");
    UnaryOp Op = UO->getOpcode() == clang::UO_Minus ? UnaryOp::Neg
                 : UO->getOpcode() == clang::UO_Not ? UnaryOp::BitNot
                                                    : UnaryOp::LNot;
    Value R = V;
    R.L = mapLanes(V.L, [&](const Expr *X) { return EC.getUnary(Op, X); });
    R.Type = R.L[0]->getType();
    return convert(R, T);
  }
  case clang::UO_Plus:
  case clang::UO_Extension:
    return eval(Sub, Active);
  default:
    return opaque(T, "unsupported unary operator");
  }
}

/// An array inside a struct variable of the thread (`frag.x` of a WMMA
/// fragment) is indexed in the variable's local memory, as a local array
/// is: the variable's object, at the field's byte offset. Other variable
/// lvalues come back unchanged.
SimtInterpreter::LValue SimtInterpreter::localMemberArray(const LValue &LV) {
  if (LV.Path.empty())
    return LV;
  // A temporary (the value a function or operator returned, whose member
  // function now runs) and a device function's value parameter are the
  // thread's own objects too; a kernel's parameters are not (they live in
  // the constant bank).
  const MemObject *Obj = nullptr;
  if (LV.Slot)
    Obj = objectForTemp(LV.Slot);
  else if (LV.VD && LV.VD->hasLocalStorage() && !isKernelParam(LV.VD))
    Obj = objectFor(LV.VD);
  if (!Obj)
    return LV;
  int64_t Offset = 0;
  for (const clang::Decl *D : LV.Path) {
    const auto *FD = dyn_cast<clang::FieldDecl>(D);
    if (!FD || FD->isBitField())
      return LV;
    const clang::ASTRecordLayout &RL = AST.getASTRecordLayout(FD->getParent());
    Offset +=
        int64_t(RL.getFieldOffset(FD->getFieldIndex()) / AST.getCharWidth());
  }
  LValue M;
  M.Kind = LValue::Mem;
  M.Base = Obj;
  M.Off.fill(EC.getConst(Offset, IntType::i64()));
  return M;
}

Value SimtInterpreter::evalCast(const clang::CastExpr *CE, uint32_t Active) {
  const clang::Expr *Sub = CE->getSubExpr();
  clang::QualType T = CE->getType();
  switch (CE->getCastKind()) {
  case clang::CK_LValueToRValue:
    // Reading `c ? a[i] : b[i]` reads the arms, each at its own site.
    if (isa<clang::ConditionalOperator>(skipWrappers(Sub)))
      return convert(eval(Sub, Active), T);
    // std::min(a, b) returns a reference to one of its arguments: its
    // value is the builtin's.
    if (const auto *C = dyn_cast<clang::CallExpr>(skipWrappers(Sub)))
      if (std::optional<Value> B = evalBuiltin(C, Active))
        return convert(*B, T);
    return load(Sub, evalLValue(Sub, Active), Sub->getType(), Active);
  case clang::CK_ArrayToPointerDecay: {
    LValue LV = evalLValue(Sub, Active);
    if (LV.Kind == LValue::Var)
      LV = localMemberArray(LV);
    if (LV.Kind != LValue::Mem)
      return opaque(T, "decay of an untracked array");
    return pointerTo(LV);
  }
  case clang::CK_FloatingToIntegral:
  case clang::CK_FloatingToBoolean:
    (void)eval(Sub, Active);
    return opaque(T, "integer converted from floating point at " + where(CE));
  case clang::CK_IntegralToFloating:
  case clang::CK_FloatingCast:
  case clang::CK_ToVoid:
    (void)eval(Sub, Active);
    return Value();
  case clang::CK_FunctionToPointerDecay:
  case clang::CK_BuiltinFnToFnPtr:
    return Value();
  case clang::CK_NullToPointer:
    return opaque(T, "null pointer");
  case clang::CK_ConstructorConversion:
  case clang::CK_UserDefinedConversion:
    // The conversion is a call (an `operator T *()`, a constructor) that
    // is inlined like any other.
    return convert(eval(Sub, Active), T);
  default:
    // Integral casts, bit casts of pointers (float* -> double2*), no-ops:
    // the value is kept and converted to the destination type.
    return convert(eval(Sub, Active), T);
  }
}

Value SimtInterpreter::evalCall(const clang::CallExpr *CE, uint32_t Active) {
  const clang::FunctionDecl *FD = CE->getDirectCallee();
  clang::QualType T = CE->getType();
  llvm::StringRef Name =
      FD && FD->getIdentifier() ? FD->getName() : llvm::StringRef();
  // A launch from device code (dynamic parallelism) starts a grid of its
  // own, whose accesses the hardware counts for that launch, not for this
  // kernel: the warp evaluates the configuration and the arguments only
  // (the parameter buffer the launch writes is not modelled).
  if (const auto *KC = dyn_cast<clang::CUDAKernelCallExpr>(CE)) {
    if (const clang::CallExpr *Config = KC->getConfig())
      for (const clang::Expr *A : Config->arguments())
        (void)eval(A, Active);
    for (const clang::Expr *A : KC->arguments())
      (void)eval(A, Active);
    return Value();
  }
  if (auto CG = evalCoopGroups(CE, Active))
    return *CG;
  // CUDA builtins and intrinsics come first, before any header body of
  // theirs could be inlined.
  if (std::optional<Value> B = evalBuiltin(CE, Active))
    return *B;
  // Struct assignment (`*(double2 *)&a[k] = v`) is a call of the implicit
  // copy-assignment operator: a store of the whole record.
  const auto *MD = dyn_cast_or_null<clang::CXXMethodDecl>(FD);
  if (const auto *OC = dyn_cast<clang::CXXOperatorCallExpr>(CE))
    if (OC->getOperator() == clang::OO_Equal && OC->getNumArgs() == 2 &&
        (!MD || (copiesWhole(MD) &&
                 (!MD->isUserProvided() || MD->isCopyAssignmentOperator() ||
                  MD->isMoveAssignmentOperator())))) {
      LValue LV = evalLValue(OC->getArg(0), Active);
      // The source is read whole, from memory where it lives there
      // (`this->x = src.x;` in __half2's copy constructor).
      Value R = copySource(OC->getArg(1), Active);
      store(CE, LV, R, OC->getArg(0)->getType(), Active, AccessKind::Store);
      return Value();
    }
  // Functions, methods, operators and lambdas with a body are inlined
  // (SimtCalls.cpp).
  if ((FD && FD->hasBody()) || isa<clang::CXXMemberCallExpr>(CE))
    return evalUserCall(CE, Active);
  for (const clang::Expr *A : CE->arguments())
    (void)eval(A, Active);
  // A call that is neither a known builtin nor inlined (a member function,
  // a lambda, a call through a pointer, a function without a body) may
  // access memory the analysis does not see: say so, by name.
  onUnsupported(CE, "call to " +
                        (Name.empty() ? std::string("a function pointer "
                                                    "or lambda")
                                      : "'" + Name.str() + "'") +
                        " at " + where(CE) +
                        " is not followed; accesses inside it are not "
                        "counted");
  if (T->isVoidType())
    return Value();
  return opaque(T, (Name.empty() ? std::string("indirect call")
                                 : "result of '" + Name.str() + "'") +
                       " at " + where(CE));
}

} // namespace cal
