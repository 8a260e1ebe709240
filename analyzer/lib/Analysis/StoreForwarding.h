//===- StoreForwarding.h - Accesses the compiled code never issues -*- C++
//-*-===//
//
// The interpreter reports one access per source read or write; nvcc keeps
// values in registers instead where a thread reads memory it has just
// written or read, and drops a store that a later store overwrites before
// anything can read it. This EventSink sits between the interpreter and the
// collector and removes those accesses, so that the predictions count what
// the hardware issues. Each rule is backed by SASS in
// docs/compiler-effects.md.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_LIB_ANALYSIS_STOREFORWARDING_H
#define CAL_LIB_ANALYSIS_STOREFORWARDING_H

#include "SimtInterpreter.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include <deque>
#include <list>
#include <map>
#include <vector>

namespace cal {

/// Per warp and per lane, the memory values the thread holds in registers:
/// the addresses it stored or loaded since the last barrier, fence, atomic,
/// unfollowed call or possibly aliasing store.
/// - A load whose every active lane reads (same object, address and size)
///   a value its own thread holds is not issued.
/// - A store whose every lane is overwritten by a later store of the same
///   thread, with no possible read of it in between, is not issued.
/// - Volatile accesses are always issued.
/// Registers are finite, so a value is held only where the compiler can
/// name it: within one iteration of the enclosing loops (or from before
/// them), or carried to the next iteration of a loop when the reading site
/// had the same address in the previous one (an address invariant in the
/// loop, which nvcc promotes to a register). A value from a loop that has
/// ended, such as a second pass over the same array, is loaded again; so
/// is a store overwritten in another loop kept.
/// The compiler matches addresses symbolically, the analysis by value: a
/// match also needs both accesses spelled alike (`c[i * N + j]` twice), as
/// nvcc does not see that `rowOf(t, 8) * 8 + t % 8` is `t` when rowOf may
/// return early. A store is dropped only when the store overwriting it runs
/// with the same lanes (one executed under a branch is kept, cond_then).
/// A load some of whose lanes hold the value runs for the others only
/// (fwd_cond: `@P0 LDG`).
/// What is not issued is recorded in KernelResult::NotIssued.
class StoreForwarding : public EventSink {
public:
  StoreForwarding(clang::ASTContext &AST, EventSink &Next, KernelResult &K,
                  bool Dump)
      : AST(AST), Next(Next), K(K), Dump(Dump) {}

  void onAccess(const clang::Expr *Site, AccessKind Kind, const MemObject &Obj,
                unsigned Bytes, uint32_t Active, const LaneAddresses &Addrs,
                bool UnderUnknown) override;
  void onBranch(const clang::Stmt *S, llvm::StringRef Kind, uint32_t Active,
                uint32_t Taken, uint32_t Unknown, llvm::StringRef UnknownWhy,
                const Expr *Cond) override;
  void onLoopCapped(const clang::Stmt *Loop) override {
    Next.onLoopCapped(Loop);
  }
  void onSampledLoad(const Expr *Atom) override { Next.onSampledLoad(Atom); }
  void onArith(OpClass C, unsigned N, uint32_t Active) override {
    Next.onArith(C, N, Active);
  }
  void onIssue(unsigned N, uint32_t Active, bool Folds) override {
    Next.onIssue(N, Active, Folds);
  }
  void onDivision(const clang::Expr *Site, unsigned Extra, uint32_t Active,
                  const std::array<int64_t, MaxLanes> &Divisors) override {
    Next.onDivision(Site, Extra, Active, Divisors);
  }
  void onLoop(const clang::Stmt *Loop, bool Enter, bool Unrolled) override {
    Next.onLoop(Loop, Enter, Unrolled);
  }
  void onSplitArms(const clang::IfStmt *If, uint64_t ThenStmts,
                   uint64_t ElseStmts, bool LanesLeft, bool Capped) override {
    Next.onSplitArms(If, ThenStmts, ElseStmts, LanesLeft, Capped);
  }
  void onLoopTrips(const clang::Stmt *Loop, unsigned MinTrips,
                   unsigned MaxTrips, bool Capped, bool Unknown) override {
    Next.onLoopTrips(Loop, MinTrips, MaxTrips, Capped, Unknown);
  }
  void onUnsupported(const clang::Stmt *S, llvm::StringRef What) override;
  void onBarrier(const clang::Stmt *S) override;
  void onWarpEnd() override;

  /// Sorts KernelResult::NotIssued into source order.
  void finish();

  /// Whether the compiler must assume that \p A and \p B overlap: the same
  /// object; or two global objects reached through kernel pointers, neither
  /// `__restrict__` (a pointer argument may also point to a `__device__`
  /// variable). Distinct shared, local or named global objects, and
  /// different address spaces, never overlap.
  static bool mayAlias(const MemObject &A, const MemObject &B);

  /// Values one thread holds at most, and stores kept pending at most. A
  /// thread has at most 255 32-bit registers (Programming Guide, compute
  /// capabilities table), so a compiler cannot hold 256 distinct memory
  /// values, nor keep 64 stores back; past these bounds the analysis
  /// forgets what it holds and issues the oldest pending store, which can
  /// only count an access the compiled code avoids, never drop one it
  /// makes. They also keep the
  /// cost per access bounded in long loops over distinct addresses.
  static constexpr size_t MaxHeldPerLane = 256, MaxPendingStores = 64;

private:
  /// Where an event happens: the enclosing loops, outermost first, each
  /// with its iteration (counted from the loop-test events).
  using LoopContext =
      llvm::SmallVector<std::pair<const clang::Stmt *, unsigned>, 3>;
  /// The lowest and highest known address of some lanes of an access, and
  /// whether every one of those lanes had a known address.
  struct AddrSpan {
    uint64_t Lo = ~0ull, Hi = 0;
    bool AllKnown = true;
    static AddrSpan of(const LaneAddresses &Addrs, uint32_t Lanes);
    /// Whether no byte of [Lo, Hi + Bytes) lies in [O.Lo, O.Hi + OBytes),
    /// both spans known.
    bool disjoint(unsigned Bytes, const AddrSpan &O, unsigned OBytes) const {
      return AllKnown && O.AllKnown && Lo <= Hi && O.Lo <= O.Hi &&
             (Hi + Bytes <= O.Lo || O.Hi + OBytes <= Lo);
    }
  };
  /// A value a lane holds in a register.
  struct Held {
    const MemObject *Obj;
    uint64_t Addr;
    unsigned Bytes;
    const clang::Expr *From; ///< the access it came from
    bool FromStore;
    unsigned Spelling; ///< spellingOf(From)
    /// Where it was read or written: a snapshot of Loops (snapshot()),
    /// shared by the lanes of one access instead of copied per lane.
    const LoopContext *Where;
    /// Its object's epoch when it was put, and the object's place in the
    /// lane's list of objects (LaneValues).
    unsigned Epoch = 0, ObjIdx = 0;
  };
  /// A store not yet passed on: a later store may still overwrite it.
  struct Pending {
    const clang::Expr *Site;
    const MemObject *Obj;
    unsigned Bytes;
    uint32_t Active;
    LaneAddresses Addrs;
    bool UnderUnknown;
    uint32_t Live; ///< lanes not yet overwritten
    unsigned Spelling;
    LoopContext Where;
    /// The lowest and highest address the active lanes store at (all are
    /// known): an access wholly outside [Lo, Hi + Bytes) meets no lane of
    /// it, which spares the lane-by-lane comparison.
    AddrSpan Span;
  };
  /// The address each lane used at a site, the last time it ran it.
  struct LastUse {
    std::array<uint64_t, MaxLanes> Addr{};
    uint32_t Known = 0;
  };

  /// Whether a value from \p From may still be in a register at \p Site
  /// for lane \p L reading \p Addr now (see the class comment).
  /// Whether a loop entered since \p From may run no iteration in some
  /// launch: a store made before it is then still needed after it (nvcc
  /// keeps `s[t] = 0;` before `while (i < n) s[t] += ...`).
  bool mayRunZeroTimes(const LoopContext &From) const;
  bool reachable(const LoopContext &From, const clang::Expr *Site, unsigned L,
                 uint64_t Addr) const;
  /// Passes on the pending stores that an access of \p Obj may read (all
  /// of them when \p Obj is null); with \p Addrs, a load of \p Obj at
  /// those addresses by the \p Active lanes.
  void flush(const MemObject *Obj, const LaneAddresses *Addrs = nullptr,
             uint32_t Active = 0, unsigned Bytes = 0);
  /// Forgets the values held that a store of \p Obj by lane \p L at
  /// \p Addr (unknown when null) may overwrite.
  void clobber(unsigned L, const MemObject &Obj, const EvalResult *Addr,
               unsigned Bytes);
  /// Forgets everything held and passes on every pending store.
  void reset();
  void elide(const clang::Expr *Site, AccessKind Kind, const MemObject &Obj,
             unsigned Bytes, const std::string &Why);
  std::string where(const clang::Expr *E) const;
  /// The accessed lvalue as written, whitespace removed, numbered; 0 when
  /// it has no source text (macro expansions), which matches nothing.
  unsigned spellingOf(const clang::Expr *Site);

  clang::ASTContext &AST;
  EventSink &Next;
  KernelResult &K;
  bool Dump;
  /// The values one lane holds, by absolute address, with how many belong
  /// to each object and the widest: a store then looks only at the entries
  /// it may overwrite instead of every value held (clobber). Forgetting all
  /// of an object's values (a store through a pointer that may alias it)
  /// only moves the object to a new epoch: entries of an older one are no
  /// longer held, and are swept out when they outnumber the held ones.
  class LaneValues {
  public:
    /// The value held at \p A, or null. Valid until the next change.
    const Held *find(uint64_t A) const {
      if (reserved(A))
        return nullptr;
      auto It = Index.find(A);
      return It != Index.end() && held(Slots[It->second]) ? &Slots[It->second]
                                                          : nullptr;
    }
    void put(uint64_t A, Held H);
    /// Forgets the value at \p A, if one is held.
    void erase(uint64_t A);
    /// Forgets every value of \p O.
    void dropObject(const MemObject *O);
    /// How many values of \p O are held.
    unsigned count(const MemObject *O) const {
      int I = indexOf(O);
      return I < 0 ? 0 : Objs[I].Count;
    }
    /// Calls \p F with each object some of whose values are held.
    template <typename Fn> void forEachObject(Fn F) const {
      for (const PerObj &P : Objs)
        if (P.Count)
          F(P.Obj);
    }
    /// Calls \p F with the address of each value of \p O held.
    template <typename Fn> void forEachOf(const MemObject *O, Fn F) const {
      for (const auto &[A, S] : Index)
        if (Slots[S].Obj == O && held(Slots[S]))
          F(A);
    }
    size_t size() const { return Live; }
    bool empty() const { return Live == 0; }
    void clear() {
      // Barriers clear every lane, most of them empty already.
      if (Index.empty() && Objs.empty())
        return;
      Index.clear();
      Slots.clear();
      Objs.clear();
      MaxBytes = 0;
      Gran = 0;
      Live = 0;
    }
    /// The widest value held since the last clear().
    unsigned MaxBytes = 0;
    /// A divisor of every address held since the last clear() (their gcd):
    /// no value starts between its multiples.
    uint64_t Gran = 0;

  private:
    /// The map's two reserved keys (DenseMapInfo<uint64_t>): a probe below
    /// a shared array's first byte (address 0) wraps around to them, and no
    /// value is held there.
    static bool reserved(uint64_t A) { return A >= ~uint64_t(1); }
    /// An object some of whose values the lane held since the last clear():
    /// how many it holds, and its epoch.
    struct PerObj {
      const MemObject *Obj;
      unsigned Count = 0, Epoch = 0;
    };
    /// \p O's place in Objs, or -1. A lane holds values of a few objects:
    /// a search of the list costs less than a hash look-up, and a value
    /// finds its object's entry by its place, with no search (held).
    int indexOf(const MemObject *O) const {
      for (size_t I = 0; I < Objs.size(); ++I)
        if (Objs[I].Obj == O)
          return int(I);
      return -1;
    }
    bool held(const Held &H) const { return Objs[H.ObjIdx].Epoch == H.Epoch; }
    /// Slots no address names any more outnumber those named: copy the
    /// named ones to a new array.
    void compact();
    /// Addresses and the slots of their values: the map's entries are
    /// small, so that clearing it at every barrier writes little.
    llvm::DenseMap<uint64_t, unsigned> Index;
    std::vector<Held> Slots;
    std::vector<PerObj> Objs;
    size_t Live = 0;
  };
  std::array<LaneValues, MaxLanes> Lanes;
  LoopContext Loops; ///< the current one
  /// Copies of Loops that held values point to, kept until reset(); the
  /// last is reused while Loops has not changed.
  std::deque<LoopContext> Snapshots;
  const LoopContext *snapshot() {
    if (Snapshots.empty() || Snapshots.back() != Loops)
      Snapshots.push_back(Loops);
    return &Snapshots.back();
  }
  llvm::DenseMap<const clang::Expr *, LastUse> Last;
  llvm::DenseMap<const clang::Expr *, unsigned> SpellingOf;
  llvm::StringMap<unsigned> Spellings;
  /// In the order made. A list: a pending store is over a kilobyte, and
  /// those passed on or dropped leave from anywhere in it.
  std::list<Pending> Stores;
  std::map<std::pair<const clang::Expr *, unsigned>, size_t> ElidedIndex;
};

} // namespace cal

#endif
