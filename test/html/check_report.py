#!/usr/bin/env python3
"""Checks an HTML report of cuda-access-verify against the CSV of the same
comparison: one plot point per judged numeric row (coloured by verdict),
the yes/no count, one section per launch with its label as text (escaping),
one table row per kernel-wide row and per source line, the line's text
where the file can be found, and the highlighting of mismatches.

usage: check_report.py PAGE.html COMPARISON.csv [--source-root DIR]
PAGE may be the file the tool wrote or Chromium's --dump-dom of it.
"""
import csv
import os
import sys
from html.parser import HTMLParser


class Page(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.points = []          # class of each plot point
        self.yesno_rows = None
        self.launches = []        # h2 text of each launch section
        self.kernel_rows = 0
        self.line_rows = []       # [classes, full path:line, source or None]
        self.in_svg = self.in_section = False
        self.capture = None       # 'h2' | 'loc' | 'src'
        self.text = ""

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        cls = a.get("class", "").split()
        if tag == "svg" and a.get("id") == "scatter":
            self.in_svg = True
        elif tag == "circle" and self.in_svg and "pt" in cls:
            self.points.append(cls[1] if len(cls) > 1 else "")
        elif tag == "table" and a.get("id") == "yesno":
            self.yesno_rows = int(a["data-rows"])
        elif tag == "section" and "launch" in cls:
            self.in_section = True
        elif tag == "h2" and self.in_section:
            self.capture, self.text = "h2", ""
        elif tag == "tr" and "kernel-row" in cls:
            self.kernel_rows += 1
        elif tag == "tr" and "line-row" in cls:
            self.line_rows.append([cls, None, None])
        elif tag == "td" and "loc" in cls:
            self.capture, self.text = "loc", ""
            self.line_rows[-1][1] = a["title"]
        elif tag == "td" and "src" in cls:
            self.capture, self.text = "src", ""
            self.missing = "missing" in cls

    def handle_endtag(self, tag):
        if tag == "svg":
            self.in_svg = False
        elif tag == "section":
            self.in_section = False
        elif tag == "h2" and self.capture == "h2":
            self.launches.append(self.text)
            self.capture = None
        elif tag == "td" and self.capture == "loc":
            # "file:line" shown; the title holds the full path.
            self.line_rows[-1][1] += ":" + self.text.rsplit(":", 1)[1]
            self.capture = None
        elif tag == "td" and self.capture == "src":
            self.line_rows[-1][2] = None if self.missing else self.text
            self.capture = None

    def handle_data(self, data):
        if self.capture:
            self.text += data


def resolve(path, roots):
    if os.path.isfile(path):
        return path
    parts = path.split("/")
    for root in roots:
        for i in range(len(parts)):
            tail = "/".join(parts[i:])
            if tail and not tail.startswith("/") and \
                    os.path.isfile(os.path.join(root, tail)):
                return os.path.join(root, tail)
    return None


def main():
    args = sys.argv[1:]
    roots = []
    if "--source-root" in args:
        i = args.index("--source-root")
        roots.append(args[i + 1])
        del args[i:i + 2]
    page_path, csv_path = args
    page = Page()
    with open(page_path, encoding="utf-8") as f:
        page.feed(f.read())
    with open(csv_path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))

    judged = [r for r in rows if r["verdict"] in ("agree", "MISMATCH")]
    numeric = [r for r in judged if r["tolerance"] != "yes/no"
               and r["predicted"] and r["measured"]]
    yesno = [r for r in judged if r["tolerance"] == "yes/no"]
    launches = list(dict.fromkeys(r["launch"] for r in rows))
    lines = list(dict.fromkeys((r["launch"], r["scope"]) for r in rows
                               if r["scope"] != "kernel"))
    bad_lines = {(r["launch"], r["scope"]) for r in rows
                 if r["scope"] != "kernel" and r["verdict"] == "MISMATCH"}
    errors = []

    def expect(what, got, want):
        status = "ok" if got == want else "FAIL"
        print(f"{status}: {what}: page {got}, CSV {want}")
        if got != want:
            errors.append(what)

    expect("plot points (judged numeric rows)", len(page.points), len(numeric))
    expect("agree points", page.points.count("agree"),
           sum(r["verdict"] == "agree" for r in numeric))
    expect("mismatch points", page.points.count("mismatch"),
           sum(r["verdict"] == "MISMATCH" for r in numeric))
    expect("judged yes/no rows", page.yesno_rows, len(yesno))
    expect("launch sections", len(page.launches), len(launches))
    expect("launch labels as text (escaping)", page.launches == launches, True)
    expect("kernel-wide rows", page.kernel_rows,
           sum(r["scope"] == "kernel" for r in rows))
    expect("source-line rows", len(page.line_rows), len(lines))
    expect("highlighted source lines",
           sum("mismatch" in c for c, _, _ in page.line_rows), len(bad_lines))

    shown = 0
    for _, loc, text in page.line_rows:
        path, line = loc.rsplit(":", 1)
        found = resolve(path, roots)
        want = None
        if found:
            with open(found, encoding="utf-8", errors="replace") as f:
                src = f.read().split("\n")
            if int(line) <= len(src):
                want = src[int(line) - 1].rstrip("\r ")
        if text != want:
            errors.append(f"source of {loc}")
            print(f"FAIL: {loc}: page {text!r}, file {want!r}")
        shown += text is not None
    print(f"source text shown for {shown} of {len(page.line_rows)} lines")
    if errors:
        print("FAILED: " + ", ".join(errors))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
