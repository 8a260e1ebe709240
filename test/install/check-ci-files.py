#!/usr/bin/env python3
"""The files others run the tool through, checked without running them:
action.yml (a composite GitHub Action), .pre-commit-hooks.yaml and the
Dockerfile's command. Each parses, holds the keys GitHub and pre-commit
need, and every option it gives cuda-access-lint is one that the tool's
--help lists, so that renaming an option cannot silently break them.
Skipped (77) without PyYAML (Debian: python3-yaml).

    check-ci-files.py SRC LINT
"""
import json
import re
import subprocess
import sys

try:
    import yaml
except ImportError:
    print("SKIPPED: PyYAML is not installed (apt-get install python3-yaml)")
    sys.exit(77)

src, lint = sys.argv[1], sys.argv[2]
failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL: " + msg)


def load(name):
    with open(f"{src}/{name}") as f:
        # BaseLoader: every scalar a string, as GitHub reads `on`/`true`.
        return yaml.load(f, Loader=yaml.BaseLoader)


help_text = subprocess.run([lint, "--help"], capture_output=True, text=True,
                           check=True).stdout
# `  --checks=<string> - ...`, `  -p <dir> - ...`, `  --fix - ...`
known = set(re.findall(r"^\s+(--?[A-Za-z][\w-]*)", help_text, re.M))
if "--checks" not in known or "-p" not in known:
    fail("could not read the options from --help")


def check_options(where, words):
    """Every option among \p words is one --help lists."""
    for w in words:
        m = re.match(r"^(--?[A-Za-z][\w-]*)", w)
        if m and m.group(1) not in known:
            fail(f"{where}: '{m.group(1)}' is not an option of cuda-access-lint")


# action.yml: a composite action with the inputs the README documents.
action = load("action.yml")
for key in ("name", "description", "inputs", "runs"):
    if key not in action:
        fail(f"action.yml: no '{key}'")
inputs = action.get("inputs", {})
for name in ("compile-database", "checks", "sarif-file", "release-url"):
    if name not in inputs:
        fail(f"action.yml: no input '{name}'")
for name, spec in inputs.items():
    if "description" not in spec:
        fail(f"action.yml: input '{name}' has no description")
runs = action.get("runs", {})
if runs.get("using") != "composite":
    fail("action.yml: runs.using is not 'composite'")
steps = runs.get("steps", [])
text = open(f"{src}/action.yml").read()
for name in inputs:
    if f"inputs.{name}" not in text:
        fail(f"action.yml: input '{name}' is never used")
lint_steps = 0
uploads = [s for s in steps if s.get("uses", "").startswith(
    "github/codeql-action/upload-sarif@")]
if len(uploads) != 1:
    fail("action.yml: no single github/codeql-action/upload-sarif step")
elif uploads[0].get("with", {}).get("sarif_file") != "${{ inputs.sarif-file }}":
    fail("action.yml: upload-sarif does not upload inputs.sarif-file")
for i, step in enumerate(steps):
    where = f"action.yml step {i + 1} ({step.get('name', '?')})"
    if ("run" in step) == ("uses" in step):
        fail(f"{where}: needs exactly one of 'run' and 'uses'")
    if "run" in step and "shell" not in step:
        fail(f"{where}: a composite action's run step needs 'shell'")
    run = step.get("run", "")
    if not re.search(r"(^|\s)cuda-access-lint\s+\"\$\{args", run, re.M):
        continue
    lint_steps += 1
    if "--format=sarif" not in run:
        fail(f"{where}: the tool is not run with --format=sarif")
    # The tool's command line: what follows its name, and the args array.
    words = []
    for l in run.splitlines():
        m = re.search(r"(?:^|\s)cuda-access-lint\s(.*)", l)
        if m:
            words += m.group(1).split()
        for m in re.finditer(r"\bargs\+?=\((.*)\)", l):
            words += m.group(1).split()
    check_options(where, [w.strip("\"'") for w in words])
if lint_steps != 1:
    fail("action.yml: no single step runs cuda-access-lint \"${args[@]}\"")

# .pre-commit-hooks.yaml: the system hook and the container one.
hooks = load(".pre-commit-hooks.yaml")
if not isinstance(hooks, list):
    fail(".pre-commit-hooks.yaml: not a list of hooks")
    hooks = []
ids = [h.get("id") for h in hooks]
if len(set(ids)) != len(ids):
    fail(".pre-commit-hooks.yaml: an id is used twice")
languages = {}
for h in hooks:
    where = f".pre-commit-hooks.yaml hook '{h.get('id')}'"
    for key in ("id", "name", "entry", "language"):
        if key not in h:
            fail(f"{where}: no '{key}'")
    languages[h.get("language")] = h
    words = h.get("entry", "").split()
    if h.get("language") == "system":
        if not words or words[0] != "cuda-access-lint":
            fail(f"{where}: the entry does not run cuda-access-lint")
    elif h.get("language") == "docker_image":
        # The image's ENTRYPOINT is the tool; the entry names the image.
        if not words or words[0].startswith("-"):
            fail(f"{where}: the entry does not start with an image")
        elif f"docker build -t {words[0]}" not in " ".join(
                open(f"{src}/README.md").read().split()):
            fail(f"{where}: README.md does not name the image {words[0]}")
    else:
        fail(f"{where}: unexpected language '{h.get('language')}'")
    check_options(where, words[1:] + h.get("args", []))
for lang in ("system", "docker_image"):
    if lang not in languages:
        fail(f".pre-commit-hooks.yaml: no '{lang}' hook")

# The Dockerfile: its image runs the tool, and its default command is
# options the tool takes.
docker = open(f"{src}/Dockerfile").read()
entry = re.findall(r"^ENTRYPOINT\s+(\[.*\])\s*$", docker, re.M)
cmd = re.findall(r"^CMD\s+(\[.*\])\s*$", docker, re.M)
if not entry or json.loads(entry[-1]) != ["cuda-access-lint"]:
    fail("Dockerfile: the ENTRYPOINT is not [\"cuda-access-lint\"]")
if not cmd:
    fail("Dockerfile: no CMD in exec form")
else:
    check_options("Dockerfile CMD", json.loads(cmd[-1]))

if failures:
    sys.exit(1)
print(f"PASS: action.yml ({len(steps)} steps), .pre-commit-hooks.yaml "
      f"({len(hooks)} hooks), Dockerfile; {len(known)} options known")
