#!/usr/bin/env python3
"""Runs the editor and configuration snippets of README.md.

For each snippet the README marks with `<!-- snippet: NAME -->`, the
command the snippet gives is run on KERNEL (a file with one known warning)
with the cuda-access-lint under test, and its output is parsed with the
snippet's own pattern, translated from the editor's regex dialect. The
editors themselves are started by editor-flymake.test and
editor-nvim-lint*.test, where they are installed. Prints one line per
snippet; exits 1 on the first failure.

usage: check-editor-snippets.py README CAL KERNEL LINE
"""
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'Inputs'))
import readme_snippets  # noqa: E402

readme, cal, kernel, line = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
text = open(readme).read()


def snippet(name):
    return readme_snippets.snippet(text, name, readme)


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def run(args, stdin=None):
    args = [cal if a == "cuda-access-lint" else a for a in args]
    return subprocess.run(args, input=stdin, capture_output=True, text=True)


def expect_warning(name, out, regex, file_group, line_group, sev_group):
    hits = [m for m in (regex.match(l) for l in out.splitlines()) if m]
    ours = [m for m in hits
            if os.path.basename(m.group(file_group)) == os.path.basename(kernel)
            and m.group(line_group) == line and m.group(sev_group) == "warning"]
    if not ours:
        fail("%s: no warning at line %s matched in:\n%s" % (name, line, out))
    print("%s: %d diagnostic(s) matched, the warning at line %s among them"
          % (name, len(hits), line))


source = open(kernel).read()

# Configuration: the README's example is a valid configuration.
with tempfile.TemporaryDirectory() as d:
    cfg = os.path.join(d, ".cuda-access-lint.yaml")
    open(cfg, "w").write(snippet("config") + "\n")
    r = run(["cuda-access-lint", "--config-file=" + cfg, "--dump-config", kernel])
    if r.returncode != 0:
        fail("config: --dump-config rejected the README's example:\n" + r.stderr)
    print("config: accepted (%d lines of effective configuration)"
          % len(r.stdout.splitlines()))

# VS Code: tasks.json is JSON; the first task through cpptools' $gcc
# pattern, the second writes SARIF.
tasks = json.loads(snippet("vscode-tasks"))["tasks"]
GCC = re.compile(r"^(.*):(\d+):(\d+):\s+(?:fatal\s+)?(warning|error):\s+(.*)$")
with tempfile.TemporaryDirectory() as ws:
    for t in tasks:
        args = [a.replace("${file}", kernel).replace("${workspaceFolder}", ws)
                for a in [t["command"]] + t["args"]]
        os.makedirs(os.path.join(ws, ".sarif"), exist_ok=True)
        r = run(args)
        if t.get("problemMatcher") == "$gcc":
            expect_warning("vscode $gcc task", r.stdout, GCC, 1, 2, 4)
        else:
            log = json.load(open(os.path.join(ws, ".sarif", "cuda-access-lint.sarif")))
            results = log["runs"][0]["results"]
            if not any(str(x["locations"][0]["physicalLocation"]["region"]["startLine"]) == line
                       for x in results):
                fail("vscode SARIF task: no result at line " + line)
            print("vscode SARIF task: %d result(s), line %s among them" % (len(results), line))

# Neovim: the Lua pattern, with %d and %a as Lua defines them.
lua = snippet("nvim-lint")
pat = re.search(r"from_pattern\(\s*\[\[(.*?)\]\]", lua, re.S).group(1)
# Lua's classes and escapes: %d %a %w, and %x for a punctuation mark x.
regex = re.compile(re.sub(r"%(.)", lambda m: {"d": r"\d", "a": "[A-Za-z]",
                                              "w": r"\w"}.get(m.group(1), "\\" + m.group(1)), pat))
if "stdin = true" not in lua or "'--stdin-filename'" not in lua:
    fail("nvim-lint: the snippet no longer reads standard input")
r = run(["cuda-access-lint", "--quiet", "--stdin-filename", kernel], stdin=source)
expect_warning("nvim-lint pattern", r.stdout, regex, 1, 2, 4)
# One diagnostic per finding: the notes under it are not diagnostics.
notes = [l for l in r.stdout.splitlines() if regex.match(l) and ": note: " in l]
if notes:
    fail("nvim-lint: the pattern turns note lines into diagnostics: %r" % notes[0])
print("nvim-lint: no note line matched (%d note line(s) in the output)"
      % sum(": note: " in l for l in r.stdout.splitlines()))

# Emacs: the regex of re-search-forward, from elisp string syntax to Python.
el = snippet("flymake")
lit = re.search(r're-search-forward\s+"((?:[^"\\]|\\.)*)"', el).group(1)
emacs_re = lit.encode().decode("unicode_escape")  # the string's value
py = (emacs_re.replace(r"\(", "(").replace(r"\)", ")").replace(r"\|", "|"))
cmd = re.search(r":command \(list (.*?)\)\s*:sentinel", el, re.S).group(1)
if '"--stdin-filename"' not in cmd:
    fail("flymake: the snippet no longer reads standard input")
r = run(["cuda-access-lint", "--quiet", "--stdin-filename", kernel], stdin=source)
# make-process merges stderr into the buffer.
expect_warning("flymake regex", r.stdout + r.stderr, re.compile(py), 1, 2, 4)
