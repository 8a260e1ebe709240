"""Prints the first C++ block of a section of CONTRIBUTING.md as a
translation unit: the includes and namespaces the section's file would have,
then the block. The worked examples then compile against the real headers,
so the guide cannot drift from the code."""
import re
import sys

PRELUDE = {
    "Adding an output format": (
        '#include "cal/Report/OutputFormats.h"\n'
        '#include "cal/Report/AnalysisReport.h"\n'
        '#include "cal/Report/Reporters.h"\n'
        "using namespace llvm;\nnamespace cal {\n",
        "}\n"),
    "Adding a per-launch analysis": (
        '#include "LaunchPass.h"\nnamespace cal {\n', "}\n"),
}

guide, section = sys.argv[1], sys.argv[2]
text = open(guide, encoding="utf-8").read()
start = text.find("## " + section + "\n")
if start < 0:
    sys.exit(f"contributing-example: no section '{section}' in {guide}")
end = text.find("\n## ", start + 1)
body = text[start:end if end >= 0 else len(text)]
m = re.search(r"```cpp\n(.*?)```", body, re.S)
if not m:
    sys.exit(f"contributing-example: section '{section}' has no cpp block")
head, tail = PRELUDE[section]
sys.stdout.write(head + m.group(1) + tail)
