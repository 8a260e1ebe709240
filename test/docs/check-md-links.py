#!/usr/bin/env python3
"""Every relative link of the repository's Markdown files points at a file
or directory that exists.

  check-md-links.py ROOT [--only DIR] [--exclude DIR]...

Reads the Markdown files of the checkout at ROOT (tracked, or new and not
ignored; every *.md file under ROOT when it is not a git checkout): inline
links and images `[text](target)` and reference definitions `[name]:
target`, outside fenced code blocks and inline code. URLs (scheme:...) and
in-page anchors (#...) are skipped; a target's own anchor or query is cut
off. Prints each broken link as FILE:LINE: target and exits 1 if there is
one.
"""
import argparse
import os
import re
import subprocess
import sys

INLINE = re.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFDEF = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)")
CODE = re.compile(r"`+[^`]*`+")


def markdown_files(root):
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-z", "--cached",
                              "--others", "--exclude-standard", "--", "*.md"],
                             check=True, capture_output=True).stdout
        return [f for f in out.decode().split("\0") if f]
    except (OSError, subprocess.CalledProcessError):
        found = []
        for d, _, files in os.walk(root):
            found += [os.path.relpath(os.path.join(d, f), root)
                      for f in files if f.endswith(".md")]
        return sorted(found)


def links(text):
    fence = None
    for n, line in enumerate(text.splitlines(), 1):
        m = re.match(r"^\s*(```+|~~~+)", line)
        if m:
            if fence is None:
                fence = m.group(1)[0] * 3
            elif m.group(1).startswith(fence):
                fence = None
            continue
        if fence:
            continue
        line = CODE.sub("", line)
        for m in INLINE.finditer(line):
            yield n, m.group(1)
        m = REFDEF.match(line)
        if m:
            yield n, m.group(1)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("root")
    ap.add_argument("--only", action="append", default=[],
                    help="check only files under this directory (repeatable)")
    ap.add_argument("--exclude", action="append", default=[],
                    help="skip files under this directory (repeatable)")
    a = ap.parse_args()
    root = os.path.abspath(a.root)
    under = lambda f, d: f == d or f.startswith(d.rstrip("/") + "/")
    files = [f for f in markdown_files(root)
             if (not a.only or any(under(f, d) for d in a.only))
             and not any(under(f, d) for d in a.exclude)]
    broken = checked = 0
    for f in files:
        text = open(os.path.join(root, f), encoding="utf-8").read()
        for n, target in links(text):
            if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", target) or target.startswith("#"):
                continue
            path = re.split(r"[#?]", target, 1)[0]
            if not path:
                continue
            checked += 1
            base = root if path.startswith("/") else os.path.dirname(os.path.join(root, f))
            if not os.path.exists(os.path.join(base, path.lstrip("/"))):
                print("%s:%d: %s" % (f, n, target))
                broken += 1
    print("%d Markdown files, %d relative links, %d broken" % (len(files), checked, broken))
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
