//===- DivergentBranchCheck.cpp - cuda-divergent-branch -------------------===//
//
// A branch diverges when lanes of one warp disagree: the warp runs both
// sides under masks. Granularity that is a multiple of the warp size costs
// nothing. The warning states what a divergent warp pays, as the
// interpreter counted it (DivergenceCost): the statements of the arm run on
// top of the other, or with lanes idle, or the extra loop iterations.
// A branch whose bodies are short straight-line code is usually predicated
// by the compiler, so no divergent branch ever executes (none of them
// diverged on the H100, docs/compiler-effects.md): a note unless
// ReportLikelyPredicated is set.
//
//===----------------------------------------------------------------------===//
#include "CheckSupport.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace cal {

namespace {
constexpr const char *ReportLikelyPredicated = "ReportLikelyPredicated";

/// "3 statements", "1 statement", "2 to 6 (mean 3.50) statements".
std::string countText(const Stat &S, StringRef One, StringRef Many) {
  if (S.constant())
    return fmtNum(S.Min) + " " + (S.Min == 1 ? One : Many).str();
  return formatv("{0} to {1} (mean {2}) {3}", fmtNum(S.Min), fmtNum(S.Max),
                 fmtNum(S.mean()), Many);
}

json::Value statJSON(const Stat &S) {
  if (S.empty())
    return nullptr;
  return json::Object{{"min", S.Min}, {"max", S.Max}, {"mean", S.mean()}};
}

/// The cost part of the message, and the same as data (Finding::Cost),
/// from what the interpreter counted.
struct CostText {
  std::string Text;
  json::Object Data;
};

CostText divergenceCost(const BranchSummary &B, bool Loop) {
  const DivergenceCost &C = B.Cost;
  CostText Out;
  json::Object &D = Out.Data;
  auto NotCounted = [&](StringRef Why, StringRef Text) {
    D = json::Object{{"kind", "not-counted"},
                     {"unit", nullptr},
                     {"per_split", nullptr},
                     {"per_divergent_warp", nullptr},
                     {"reason", Why}};
    Out.Text = Text.str();
    return Out;
  };
  if (B.Kind == "switch")
    return NotCounted("the cases' sizes are not counted",
                      "a divergent warp runs the cases its lanes chose one "
                      "after the other; their sizes are not counted");
  if (Loop && C.Unknown && C.PerSplit.empty())
    return NotCounted("the test is unknown for some lanes",
                      "how many more iterations some lanes run than others "
                      "is not known (the test is unknown for some lanes)");
  if (C.PerSplit.empty())
    return Loop ? NotCounted("no evaluated warp ran it with lanes of "
                             "different trip counts",
                             "the extra iterations are not counted")
                : NotCounted("the arms make the same accesses, which the "
                             "compiler merges; the analyzer ran them together",
                             "the arms' sizes are not counted (they make the "
                             "same accesses, which the compiler merges)");
  StringRef One = Loop ? "iteration" : "statement";
  StringRef Many = Loop ? "iterations" : "statements";
  std::string AtLeast = C.LowerBound ? "at least " : "";
  D["unit"] = Many;
  D["per_split"] = statJSON(C.PerSplit);
  D["per_divergent_warp"] = C.PerWarp.mean();
  D["splits_per_divergent_warp"] = C.SplitsPerWarp.mean();
  D["lower_bound"] = C.LowerBound;
  bool LanesLeave = false; // the lanes that take the branch leave at once
  if (Loop) {
    D["kind"] = "extra-iterations";
    D["first_split_trips"] =
        json::Object{{"min", C.FirstMinTrips}, {"max", C.FirstMaxTrips}};
    Out.Text = formatv("some lanes of a divergent warp run {0}{1} more than "
                       "the others, which wait idle (trip counts {2} to {3} "
                       "in the first split)",
                       AtLeast, countText(C.PerSplit, One, Many),
                       C.FirstMinTrips, C.FirstMaxTrips);
  } else {
    D["lanes_leave"] = C.LanesLeft;
    D["arms"] =
        json::Object{{"then", statJSON(C.Then)}, {"else", statJSON(C.Else)}};
    if (C.HasElse && C.PerSplit.Max > 0) {
      // Both arms ran statements: the shorter one is paid on top of the
      // other.
      D["kind"] = "both-arms";
      StringRef Arm = C.ThenShorter && !C.ElseShorter && !C.Even   ? "then"
                      : C.ElseShorter && !C.ThenShorter && !C.Even ? "else"
                      : C.Even && !C.ThenShorter && !C.ElseShorter ? "either"
                                                                   : "";
      D["arm"] = Arm.empty() ? json::Value(nullptr) : json::Value(Arm);
      std::string N = AtLeast + countText(C.PerSplit, One, Many);
      StringRef Verb =
          C.PerSplit.constant() && C.PerSplit.Min == 1 ? "is" : "are";
      Out.Text = "a divergent warp runs both arms in turn: ";
      if (Arm == "either")
        Out.Text += formatv("one arm's {0} {1} serialised (the arms are the "
                            "same size)",
                            N, Verb);
      else
        Out.Text += formatv("the {0} of the shorter arm{1} {2} serialised", N,
                            Arm.empty() ? "" : " (" + Arm.str() + ")", Verb);
    } else {
      // One arm ran with the other lanes of the warp idle: an `if`
      // without else, or an if/else one of whose arms ran nothing.
      bool ElseRan = C.HasElse && C.Else.Max > 0 && C.Then.Max == 0;
      StringRef Arm = ElseRan ? "else" : "then";
      const Stat &Ran = ElseRan ? C.Else : C.Then;
      D["arm"] = Arm;
      if (Ran.Max == 0 && C.LanesLeft) {
        D["kind"] = "lanes-leave";
        LanesLeave = true;
        Out.Text = "the lanes that take it leave (return, break or continue) "
                   "and wait for the rest of the warp, for a time not counted";
      } else {
        D["kind"] = "idle-lanes";
        Out.Text = formatv("a divergent warp runs {0}{1}{2} with the other "
                           "lanes idle",
                           C.HasElse ? "the " + Arm.str() + " arm's "
                                     : std::string("the arm's "),
                           AtLeast, countText(Ran, One, Many));
      }
    }
  }
  // A warp that splits the branch more than once (in a loop) pays each.
  if (!LanesLeave && (!C.SplitsPerWarp.constant() || C.SplitsPerWarp.Min != 1))
    Out.Text += formatv(", {0}{1} {2} per divergent warp{3} over {4} splits",
                        AtLeast, fmtNum(C.PerWarp.mean()), Many,
                        C.SplitsPerWarp.constant() ? "" : " on average",
                        fmtNum(C.SplitsPerWarp.mean()));
  if (!Loop && C.LanesLeft && !LanesLeave)
    Out.Text += "; lanes that leave an arm (return, break or continue) wait "
                "for the rest of the warp, for a time not counted";
  if (C.LowerBound)
    Out.Text += " (a loop stopped at the analyzer's iteration cap)";
  if (Loop && C.Unknown) {
    D["reason"] = "executions whose test was unknown for some lanes are not "
                  "counted";
    Out.Text += " (executions whose test was unknown for some lanes are not "
                "counted)";
  }
  return Out;
}

class DivergentBranchCheck : public Check {
public:
  StringRef id() const override { return "cuda-divergent-branch"; }
  StringRef summary() const override {
    return "branch or loop test splits a warp";
  }
  StringRef explanation() const override;
  ArrayRef<CheckOption> options() const override {
    static const CheckOption Opts[] = {
        {CheckOption::Bool, ReportLikelyPredicated, "false",
         "warn also about divergent branches whose bodies the compiler will "
         "likely predicate (otherwise they are notes, JSON and SARIF only)"}};
    return Opts;
  }
  void run(const KernelResult &K, const TargetModel &TM, const CheckSettings &S,
           FindingSink &Out) const override;
};
} // namespace

StringRef DivergentBranchCheck::explanation() const {
  return R"(The condition of a branch or loop differs between the lanes of one warp,
so the warp runs both paths (or the longest trip count) one after the other
with the other lanes switched off.

How it is computed: the condition is evaluated for every lane of each
evaluated warp under the launch configuration; a warp diverges when its
active lanes do not all agree. The message gives the percentage of
evaluated warps that diverge, the first warp's split, and the cost, what a
divergent warp pays, as the analyzer counted it while running the warp:
- an if/else: the warp runs both arms in turn, so the statements of the
  shorter arm are serialised (paid on top of the other arm);
- an `if` without else: the arm's statements run with the other lanes
  idle;
- a loop: how many more iterations some lanes run than others (the most
  minus the fewest trip count over the warp's lanes), the others idle.
Statements are expression statements, declarations that initialise a
variable, returns of a value and inline asm, counted each time they run:
loop iterations and the statements of called functions are included,
tests and `for` headers are not. Where the splits differ, the range and
the mean; where a warp splits more than once, the total per divergent
warp. A switch's cases and arms the compiler merges are not counted, and
the message says so. JSON and SARIF carry the same figures as the
finding's "cost" (docs/prediction-schema.md). A branch whose
bodies are short straight-line code is likely to be compiled into
predicated instructions, with no branch at all; it is reported as a note
unless ReportLikelyPredicated is true. A guard that ends the kernel for
some lanes (`if (i >= n) return;`) is a predicated exit, not a divergent
branch.

A warning needs a cost the user can act on. Two kinds of split have none,
and are notes (in JSON and SARIF, not in the text or --fail-on-findings):
the test of a grid-stride loop (its index steps by gridDim * blockDim),
which splits a warp only in its last, partial iteration, once per warp;
and the retry loop of a compare-and-swap (its test reads what atomicCAS
returned), whose cost is the contention on the address.

How to fix it: make the condition change only every warpSize threads (test
threadIdx.x / 32 rather than threadIdx.x), or give the lanes of a warp the
same trip count.

Example:
  if (threadIdx.x % 2 == 0) a[i] = f(a[i]);   // diverges in every warp
  else                      a[i] = g(a[i]);
)";
}

void DivergentBranchCheck::run(const KernelResult &K, const TargetModel &TM,
                               const CheckSettings &S, FindingSink &Out) const {
  bool WarnPredicated = S.flag(id(), ReportLikelyPredicated);
  LaunchTime Time = launchTime(K, TM);
  for (const BranchSummary &B : K.Branches) {
    // Lanes leaving through a predicated EXIT split no branch: the
    // hardware counts no divergent target (docs/compiler-effects.md).
    if (B.classify() != BranchClass::Divergent ||
        B.Lowering == BranchLowering::PredicatedExit)
      continue;
    bool Loop = B.Kind == "for" || B.Kind == "while" || B.Kind == "do";
    Finding F;
    F.Range = B.TestRange.isValid() ? B.TestRange : B.Range;
    F.Pos = B.Pos;
    CostText Cost = divergenceCost(B, Loop);
    F.Message = formatv("{0} {1} diverges in {2}% of warps "
                        "(first split: {3} lanes taken/not taken); {4}",
                        Loop ? "loop test of" : "branch", B.Kind,
                        fmtNum(100 * B.Stats.divergentWarpFraction()),
                        B.Stats.laneSplit(), Cost.Text);
    F.Cost = std::move(Cost.Data);
    if (!Loop)
      if (std::optional<IssueSaving> BT = branchTime(K, Time, TM, B)) {
        F.Notes.push_back("cost: " + BT->text(K, TM, "are for idle lanes",
                                              "regrouping the lanes"));
        BT->addJSON(*F.Cost);
        F.SavedUs = BT->SavedUs;
      }
    F.Notes.push_back("in " + launchText(K));
    if (!B.NoCostWhy.empty()) {
      // A split the user cannot remove and that costs one iteration per
      // warp at most: a note, not a warning (JSON, SARIF).
      F.Notes.push_back("no cost to act on: " + B.NoCostWhy);
      F.Severity = Finding::Note;
    }
    if (B.LikelyPredicated) {
      F.Notes.push_back("the branch bodies are short straight-line code: the "
                        "compiler will likely predicate them (memory accesses "
                        "become predicated loads and stores), and hardware "
                        "counters will then show no divergent branch");
      if (!WarnPredicated)
        F.Severity = Finding::Note;
    }
    // K.SampledWhat may also name the assumed block shape, which the test
    // need not depend on: say only what the flag means.
    if (B.DependsOnSampledParameters)
      F.Notes.push_back("the test names a value the analyzer samples (an "
                        "unknown parameter or a run-time grid dimension; see "
                        "the kernel's assumptions): the program's values may "
                        "split no warp; give them with --param or the "
                        "configuration's Kernels list");
    if (Loop)
      F.Notes.push_back("fix: the trip count depends on the lane; give the "
                        "lanes of a warp equal trip counts");
    else
      F.Notes.push_back(
          formatv("fix: regroup work so that the condition changes only every "
                  "{0} threads (a multiple of warpSize), e.g. test (tid / {0}) "
                  "rather than tid",
                  TM.WarpSize));
    Out.report(std::move(F));
  }
}

const Check &divergentBranchCheck() {
  static const DivergentBranchCheck C;
  return C;
}

} // namespace cal
