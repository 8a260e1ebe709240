#!/usr/bin/env python3
"""Compiles a probe with nvcc and prints its SASS, one instruction a line,
prefixed with the source line it came from (NOPs dropped).

usage: sass-by-line.py probe.cu [nvcc flags...]
Needs nvcc and nvdisasm on PATH (nvdisasm also comes in the PyPI package
nvidia-cuda-nvdisasm). Writes probe.cubin next to the source."""
import re
import subprocess
import sys

src = sys.argv[1]
cubin = src[:-3] + ".cubin"
subprocess.run(["nvcc", "-arch=sm_90", "-cubin", "-lineinfo", *sys.argv[2:],
                "-o", cubin, src], check=True)
out = subprocess.run(["nvdisasm", "-g", "-c", cubin], capture_output=True,
                     text=True, check=True).stdout
line = "?"
for text in out.splitlines():
    m = re.match(r"^\s*\.text\.(\S+):", text)
    if m:
        print("==", m.group(1))
        continue
    m = re.search(r'//## File ".*", line (\d+)', text)
    if m:
        line = m.group(1)
        continue
    m = re.match(r"^(\.L_x_\d+):", text)
    if m:
        print("      " + m.group(1))
        continue
    m = re.match(r"^\s*/\*[0-9a-f]+\*/\s*(.*?)\s*;", text)
    if m and "NOP" not in m.group(1):
        print("%4s  %s" % (line, m.group(1)))
