#!/usr/bin/env bash
# The pages of make-reports.sh in a real headless browser: Chromium renders
# each one (a screenshot, whose size is checked) and dumps the DOM it built,
# which check_report.py checks against the CSV as it checked the file:
# what the browser parsed, including the inline SVG, is what the tool meant.
# Skipped (exit 77) when Chromium is not installed; scripts/setup.sh
# installs it where Debian has it.
#   check-browser.sh SRC OUT
set -euo pipefail
src=$1 out=$2
browser=""
for b in chromium chromium-browser; do
  command -v "$b" >/dev/null && { browser=$b; break; }
done
if [ -z "$browser" ]; then
  echo "SKIPPED: chromium is not installed (apt-get install chromium)"
  exit 77
fi
w=1280 h=1600
for name in app suite wrong; do
  page="$out/$name.html"
  [ -f "$page" ] || { echo "FAIL: $page missing (make-reports.sh runs first)"; exit 1; }
  flags=(--headless --disable-gpu --no-sandbox --disable-dev-shm-usage
         --hide-scrollbars --user-data-dir="$out/chromium-profile")
  rm -f "$out/$name.png"
  timeout 120 "$browser" "${flags[@]}" --window-size=$w,$h \
    --screenshot="$out/$name.png" "file://$page" >/dev/null 2>&1 || true
  timeout 120 "$browser" "${flags[@]}" --dump-dom "file://$page" \
    > "$out/$name.dom.html" 2>/dev/null
  python3 - "$out/$name.png" $w $h <<'PY'
import struct, sys
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
w, h = struct.unpack(">II", data[16:24])
assert (w, h) == (int(sys.argv[2]), int(sys.argv[3])), f"PNG is {w}x{h}"
assert len(data) > 20000, f"PNG of {len(data)} bytes: a blank page?"
print(f"screenshot {sys.argv[1]}: {w}x{h}, {len(data)} bytes")
PY
  echo "== $name (DOM as Chromium built it)"
  python3 "$src/test/html/check_report.py" "$out/$name.dom.html" \
    "$out/$name.csv" --source-root "$src"
done
