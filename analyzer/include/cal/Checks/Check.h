//===- Check.h - The check interface and registry ---------------*- C++ -*-===//
//
// A check turns one kernel's analysis result into findings. Each check is a
// small class with a stable id (`cuda-...`), a one-line summary, the text
// that `--explain` prints, and its options, all registered in one table
// (Checks.cpp). Checks never format output; the driver runs them once per
// kernel and hands the findings to every reporter.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_CHECKS_CHECK_H
#define CAL_CHECKS_CHECK_H

#include "cal/Checks/Finding.h"
#include "cal/Report/GlobList.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cal {

/// One documented option of a check, spelled `<check-id>.<Name>` in the
/// configuration's CheckOptions, as in clang-tidy.
struct CheckOption {
  enum KindTy { Number, Bool } Kind;
  const char *Name;
  const char *Default;
  const char *Description;
};

/// Which checks run and with which option values.
class CheckSettings {
public:
  /// --checks / Checks: globs; every check when unset.
  std::optional<GlobList> Enabled;

  bool enabled(llvm::StringRef CheckId) const {
    return !Enabled || Enabled->contains(CheckId);
  }
  /// Sets `<check-id>.<Name>` to \p Value; an unknown check or option, or a
  /// value of the wrong kind, is an error naming the nearest valid one.
  llvm::Error set(llvm::StringRef Key, llvm::StringRef Value);
  /// The value of option \p Name of \p CheckId, or its default.
  double number(llvm::StringRef CheckId, llvm::StringRef Name) const;
  bool flag(llvm::StringRef CheckId, llvm::StringRef Name) const;
  /// Every option of every check, set or default, for --dump-config.
  std::vector<std::pair<std::string, std::string>> allOptions() const;

private:
  std::string raw(llvm::StringRef CheckId, llvm::StringRef Name) const;
  std::map<std::string, std::string> Values; ///< "check.Option" -> value
};

/// Collects one check's findings and stamps its id on each, so that the id
/// is written once, in the check's class.
class FindingSink {
public:
  FindingSink(llvm::StringRef CheckId, std::vector<Finding> &Out)
      : CheckId(CheckId), Out(Out) {}
  void report(Finding F) {
    F.CheckId = CheckId.str();
    Out.push_back(std::move(F));
  }

private:
  llvm::StringRef CheckId;
  std::vector<Finding> &Out;
};

class Check {
public:
  virtual ~Check() = default;
  virtual llvm::StringRef id() const = 0;
  virtual llvm::StringRef summary() const = 0;
  /// What a finding means, how its figure is computed, how to fix it, and
  /// a small example: printed by --explain, used as SARIF help.
  virtual llvm::StringRef explanation() const = 0;
  /// The level of the check's findings at or above its threshold.
  virtual Finding::SeverityTy severity() const { return Finding::Warning; }
  virtual llvm::ArrayRef<CheckOption> options() const { return {}; }
  virtual void run(const KernelResult &K, const TargetModel &TM,
                   const CheckSettings &S, FindingSink &Out) const = 0;
};

/// The registered checks, in the order they run.
llvm::ArrayRef<const Check *> registeredChecks();
/// The check named \p Id, or null.
const Check *findCheck(llvm::StringRef Id);
/// The registered check id nearest to \p Id in spelling, or empty.
std::string nearestCheckId(llvm::StringRef Id);
/// The candidate nearest to \p Word in spelling (case-insensitive edit
/// distance), when near enough to be a plausible misspelling; else empty.
/// For "did you mean" in every message about a misspelled name.
std::string nearestSpelling(llvm::StringRef Word,
                            llvm::ArrayRef<std::string> Candidates);

/// An item of a --checks/Checks list without '*' must name a check: a
/// misspelled id would silently turn nothing on (or off).
llvm::Error validateCheckGlobs(llvm::StringRef Globs);

/// Why cuda-partition-camping does not apply to \p TM (no partition
/// layout), for the kernels' assumptions.
std::string partitionCampingNotApplicable(const TargetModel &TM);

/// Runs every enabled check over one kernel result; findings in source
/// order.
std::vector<Finding> runChecks(const KernelResult &K, const TargetModel &TM,
                               const CheckSettings &S);

} // namespace cal

#endif // CAL_CHECKS_CHECK_H
