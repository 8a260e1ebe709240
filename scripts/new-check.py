#!/usr/bin/env python3
"""Writes a new check's three pieces: its class, its line in the registry
and its lit test (CONTRIBUTING.md, "Adding a check").

  scripts/new-check.py cuda-NAME --summary "what a finding means"
                       [--severity warning|remark] [--root DIR]

  analyzer/lib/Checks/<Name>Check.cpp   the class, with id, summary,
                                        severity, explanation and an empty
                                        run() for the rule
  analyzer/lib/Checks/Checks.def        CAL_CHECK(<name>Check) appended
  test/lit/checks/cuda-NAME.cu          a lit test that the check is
                                        registered and explained; add the
                                        cases of the rule, each expected
                                        figure derived in a comment

An existing file or registry line is an error: nothing is overwritten.
"""
import argparse, os, re, sys

CHECK = '''//===- {cls}.cpp - {id} {pad}===//
//
// {summary_sentence}
//
//===----------------------------------------------------------------------===//
#include "CheckSupport.h"

using namespace llvm;

namespace cal {{

namespace {{
class {cls} : public Check {{
public:
  StringRef id() const override {{ return "{id}"; }}
  StringRef summary() const override {{
    return "{summary}";
  }}
  Finding::SeverityTy severity() const override {{ return Finding::{sev}; }}
  StringRef explanation() const override;
  void run(const KernelResult &K, const TargetModel &TM, const CheckSettings &S,
           FindingSink &Out) const override;
}};
}} // namespace

StringRef {cls}::explanation() const {{
  return R"({summary_sentence}

How it is computed: (what the analysis evaluates, and against which rule
of the target model).

How to fix it: (the change that removes the cost).

Example:
  __global__ void k(float *a) {{ a[threadIdx.x] = 0; }}
)";
}}

void {cls}::run(const KernelResult &K, const TargetModel &TM,
{runpad}const CheckSettings &S, FindingSink &Out) const {{
  // The rule: read K.Accesses (AccessSummary), K.Branches or K.Launch and
  // report with accessFinding()/kernelFinding() (CheckSupport.h), e.g.
  //   for (const AccessSummary &A : K.Accesses)
  //     if (...)
  //       Out.report(accessFinding(A, K, "message", laneText, TM));
  (void)K, (void)TM, (void)S, (void)Out;
}}

const Check &{acc}() {{
  static const {cls} C;
  return C;
}}

}} // namespace cal
'''

TEST = '''// {id}: {summary}
// The check is registered (in --list-checks, in its order in Checks.def)
// and explained. Add the rule's cases below: a kernel, its launch, and the
// expected message with each figure derived in a comment.
// RUN: %cal --checks='*' --list-checks | FileCheck %s --check-prefix=LIST
// LIST: {id}
// RUN: %cal --explain {id} | FileCheck %s --check-prefix=EXPLAIN
// EXPLAIN: {id}: {summary} ({sevword})
// EXPLAIN: How it is computed:
// EXPLAIN: How to fix it:
// EXPLAIN: Example:
'''


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("id")
    ap.add_argument("--summary", required=True)
    ap.add_argument("--severity", choices=["warning", "remark"],
                    default="warning")
    ap.add_argument("--root", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), ".."))
    a = ap.parse_args()
    if not re.fullmatch(r"cuda-[a-z0-9]+(-[a-z0-9]+)*", a.id):
        sys.exit("new-check: error: '%s' is not a check name like "
                 "cuda-local-spill" % a.id)
    if '"' in a.summary or "\\" in a.summary:
        sys.exit("new-check: error: the summary may not contain quotes or "
                 "backslashes")
    words = a.id[len("cuda-"):].split("-")
    cls = "".join(w.capitalize() for w in words) + "Check"
    acc = cls[0].lower() + cls[1:]
    checks = os.path.join(a.root, "analyzer", "lib", "Checks")
    src = os.path.join(checks, cls + ".cpp")
    reg = os.path.join(checks, "Checks.def")
    test = os.path.join(a.root, "test", "lit", "checks", a.id + ".cu")
    line = "CAL_CHECK(%s)\n" % acc
    for p in (src, test):
        if os.path.exists(p):
            sys.exit("new-check: error: %s exists" % p)
    if not os.path.exists(reg):
        sys.exit("new-check: error: no registry at %s" % reg)
    if line in open(reg).read():
        sys.exit("new-check: error: %s already registers %s" % (reg, acc))
    sentence = a.summary[0].upper() + a.summary[1:] + "."
    head = "//===- %s.cpp - %s " % (cls, a.id)
    with open(src, "w") as f:
        f.write(CHECK.format(cls=cls, id=a.id, acc=acc, summary=a.summary,
                             summary_sentence=sentence,
                             sev="Warning" if a.severity == "warning"
                             else "Remark",
                             pad="-" * max(3, 77 - len(head)),
                             runpad=" " * len("void %s::run(" % cls)))
    with open(reg, "a") as f:
        f.write(line)
    os.makedirs(os.path.dirname(test), exist_ok=True)
    with open(test, "w") as f:
        f.write(TEST.format(id=a.id, summary=a.summary, sevword=a.severity))
    for p in (src, reg, test):
        print("wrote" if p != reg else "registered in", os.path.relpath(p, a.root))


main()
