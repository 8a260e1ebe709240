"""Validates a SARIF log against the official SARIF 2.1.0 JSON schema, and
checks what GitHub code scanning needs beyond the schema: a ruleId that is
one of the tool's rules, a region with start and end, paths relative to
%SRCROOT% and partial fingerprints.

usage: validate-sarif.py SCHEMA LOG
"""
import json
import sys

import jsonschema

schema_path, log_path = sys.argv[1], sys.argv[2]
with open(schema_path) as f:
    schema = json.load(f)
with open(log_path) as f:
    log = json.load(f)

validator_class = jsonschema.validators.validator_for(schema)
validator_class.check_schema(schema)
errors = sorted(validator_class(schema).iter_errors(log), key=lambda e: list(e.path))
for e in errors:
    print("schema: %s: %s" % ("/".join(map(str, e.path)), e.message))

problems = []
run = log["runs"][0]
rules = [r["id"] for r in run["tool"]["driver"]["rules"]]
for r in run["tool"]["driver"]["rules"]:
    if not r.get("help", {}).get("text"):
        problems.append("rule %s has no help text" % r["id"])
if "%SRCROOT%" not in run.get("originalUriBaseIds", {}):
    problems.append("no %SRCROOT% in originalUriBaseIds")
for i, res in enumerate(run["results"]):
    if res["ruleId"] not in rules:
        problems.append("result %d: ruleId %s is not a rule" % (i, res["ruleId"]))
    if rules.index(res["ruleId"]) != res.get("ruleIndex"):
        problems.append("result %d: ruleIndex does not match ruleId" % i)
    loc = res["locations"][0]["physicalLocation"]
    # Under the source root: relative to %SRCROOT%; outside it: absolute.
    art = loc["artifactLocation"]
    if art.get("uriBaseId") == "%SRCROOT%":
        if art["uri"].startswith("/") or ":" in art["uri"]:
            problems.append("result %d: absolute uri under %%SRCROOT%%" % i)
    elif not art["uri"].startswith("file:///"):
        problems.append("result %d: neither under %%SRCROOT%% nor absolute" % i)
    region = loc["region"]
    for key in ("startLine", "startColumn", "endLine", "endColumn"):
        if key not in region:
            problems.append("result %d: region has no %s" % (i, key))
    if not res.get("partialFingerprints"):
        problems.append("result %d: no partialFingerprints" % i)
for p in problems:
    print("github:", p)
if errors or problems:
    sys.exit(1)
print("valid SARIF 2.1.0: %d results, %d rules" % (len(run["results"]), len(rules)))
