#!/usr/bin/env python3
"""cuda-access-lint --lsp, end to end, as an editor drives it.

  test_server.py path/to/cuda-access-lint

Opens a document whose strided load is uncoalesced, with the stride defined
only by its compile command (so the diagnostic proves the command was
used), checks the diagnostics, the hover and the code action, edits the
buffer and checks the warning goes, cancels a request, and shuts down with
exit code 0. Bad input gets JSON-RPC errors and the server stays up.
"""
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lspclient import Client  # noqa: E402

# in[STRIDE * i] with STRIDE 2 (from compile_commands.json): lane l reads
# the float at byte 8 l, so a warp's 32 lanes span 256 bytes, 8 sectors of
# 32 bytes where 4 (128 contiguous bytes) would do; stride s floats gives
# min(4 s, 32) sectors (kernels/coalescing.cu states the same rule).
# tile[threadIdx.x][threadIdx.y] of a [32][32] float tile: lane x reads
# byte 128 x, bank (128 x / 4) mod 32 = 0 for every lane: 32 wavefronts
# where 1 would do; padding the row to 33 floats ([TILE][TILE + 1]) puts
# lane x in bank x, which the fix (proven by re-analysis) proposes.
SOURCE = """#define TILE 32
__global__ void strided(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[STRIDE * i];
}
__global__ void transpose(float *out, const float *in, int n) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}
void host(float *o, const float *i) {
  strided<<<64, 256>>>(o, i);
  transpose<<<dim3(64, 64), dim3(TILE, TILE)>>>(o, i, 2048);
}
"""

failures = []


def check(cond, what, detail=None):
    if not cond:
        failures.append(what)
        print("FAIL: %s%s" % (what, "" if detail is None else "\n  " + json.dumps(detail)[:2000]))
    else:
        print("ok: %s" % what)


def by_code(diags, code):
    return [d for d in diags if d.get("code") == code]


def error_code(response):
    return response.get("error", {}).get("code")


def diagnostics_of(tool, work, uri, text):
    """The diagnostics of a fresh server for text: nothing reused."""
    c = Client([tool, "--lsp"], cwd=work)
    c.request("initialize", {"processId": None, "capabilities": {}})
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "cuda", "version": 1, "text": text}})
    pub, _ = c.diagnostics(uri, 1, timeout=120)
    c.request("shutdown")
    c.notify("exit")
    c.wait_exit()
    return sorted(json.dumps(d, sort_keys=True) for d in pub["diagnostics"])


def kept_note(c):
    """The -v note of the last analysis published: kernels kept, analysed
    (the server logs it before it publishes)."""
    notes = [m for m in c.logs if "kernel results:" in m]
    c.logs.clear()
    return notes[-1].split("kernel results: ")[1] if notes else None


def reuse(tool, work):
    """An edit inside one kernel re-analyses that kernel only; the others'
    results are kept, moved to where their text now is, and everything
    published is what a fresh analysis of the same text gives. A kernel
    whose access is in a __device__ function outside it is analysed every
    time (its finding lies outside its own text)."""
    path = os.path.join(work, "reuse.cu")
    uri = "file://" + path
    # pick's load: lane l reads byte 16 l, 32 lanes span 512 bytes, 16
    # sectors where 4 would do.
    text = SOURCE.replace("void host(", """__device__ float pick(const float *p, int i) { return p[4 * i]; }
__global__ void viaDevice(float *out, const float *in) {
  out[threadIdx.x] = pick(in, threadIdx.x);
}
void host(""").replace("  strided<<<64, 256>>>(o, i);\n",
                       "  strided<<<64, 256>>>(o, i);\n  viaDevice<<<1, 32>>>(o, i);\n")
    open(path, "w").write(text)
    c = Client([tool, "--lsp", "-v"], cwd=work)
    c.request("initialize", {"processId": None, "capabilities": {}})
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "cuda", "version": 1, "text": text}})
    pub, _ = c.diagnostics(uri, 1, timeout=120)
    check(kept_note(c) == "0 kept from the last analysis, 3 analysed",
          "reuse: the first analysis analyses the 3 kernels")
    check(any("16 sectors per request where 4 would do" in d["message"]
              for d in pub["diagnostics"]), "reuse: pick's load, 16 sectors", pub)
    # The fix, on the same line: 9 bytes shorter, the lines unchanged.
    fixed = text.replace("STRIDE * i", "i")
    c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                        "contentChanges": [{"text": fixed}]})
    pub, _ = c.diagnostics(uri, 2, timeout=120)
    note = kept_note(c)
    check(note == "1 kept from the last analysis, 2 analysed",
          "reuse: transpose kept; strided and viaDevice (its finding is in pick) analysed", note)
    mine = sorted(json.dumps(d, sort_keys=True) for d in pub["diagnostics"])
    check(mine == diagnostics_of(tool, work, uri, fixed),
          "reuse: the diagnostics are a fresh analysis's", mine)
    r = c.request("textDocument/hover", {"textDocument": {"uri": uri},
                                         "position": {"line": 12, "character": 22}})
    res = r.get("result") or {}
    check("**32 wavefronts per request**" in res.get("contents", {}).get("value", "")
          and res.get("range", {}).get("start") == {"line": 12, "character": 19},
          "reuse: hover on the kept kernel's shared read, at its new offset", r)
    r = c.request("textDocument/codeAction", {
        "textDocument": {"uri": uri},
        "range": {"start": {"line": 12, "character": 0}, "end": {"line": 12, "character": 0}},
        "context": {"diagnostics": []}})
    edits = [e for a in (r.get("result") or []) for e in a["edit"]["changes"][uri]]
    check(len(edits) == 1 and edits[0]["range"]["start"] == {"line": 6, "character": 34},
          "reuse: the kept kernel's proven fix, moved with its text", r)
    # A new line in a kernel moves the lines of everything after it: all
    # kernels are analysed again.
    c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 3},
                                        "contentChanges": [{"text": fixed.replace(
                                            "out[i] = in[i];", "out[i] = in[i];\n")}]})
    c.diagnostics(uri, 3, timeout=120)
    check(kept_note(c) == "0 kept from the last analysis, 3 analysed",
          "reuse: a new line re-analyses every kernel")
    c.request("shutdown")
    c.notify("exit")
    check(c.wait_exit() == 0, "reuse: clean exit")


def main():
    tool = os.path.abspath(sys.argv[1])
    work = tempfile.mkdtemp(prefix="cal-lsp-")
    path = os.path.join(work, "k.cu")
    with open(path, "w") as f:
        f.write(SOURCE.replace("STRIDE * i", "i"))  # the saved file is clean
    with open(os.path.join(work, "compile_commands.json"), "w") as f:
        json.dump([{"directory": work, "file": name,
                    "command": "nvcc -arch=sm_90 -DSTRIDE=2 -c " + name}
                   for name in ("k.cu", "reuse.cu")], f)
    uri = "file://" + path
    c = Client([tool, "--lsp"], cwd=work)

    # Before initialize, requests are refused with ServerNotInitialized.
    r = c.request("textDocument/hover", {"textDocument": {"uri": uri},
                                         "position": {"line": 0, "character": 0}})
    check(error_code(r) == -32002, "request before initialize: -32002", r)

    r = c.request("initialize", {"processId": os.getpid(), "rootUri": "file://" + work,
                                 "capabilities": {}})
    caps = r.get("result", {}).get("capabilities", {})
    check(caps.get("hoverProvider") is True and "codeActionProvider" in caps
          and caps.get("textDocumentSync", {}).get("change") == 1,
          "initialize: hover, code actions, full sync", r)
    c.notify("initialized", {})

    # Bad input: each gets its JSON-RPC error, and the server stays up.
    c.send_raw("{not json")
    r = c.response(None)
    check(error_code(r) == -32700, "malformed JSON: parse error -32700", r)
    c.send_raw("[1, 2]")
    r = c.response(None)
    check(error_code(r) == -32600, "a JSON array: invalid request -32600", r)
    # A header block without Content-Length is skipped; the next message
    # is read as usual.
    c.proc.stdin.write(b"X-Unknown: 1\r\n\r\n")
    r = c.request("workspace/frobnicate", {})
    check(error_code(r) == -32601,
          "a header without Content-Length skipped; unknown method: -32601", r)
    # "params": null is no params (eglot sends its shutdown so); params
    # that are neither an object nor an array are an invalid request.
    c.send_raw('{"jsonrpc": "2.0", "id": 901, "method": "workspace/frobnicate",'
               ' "params": null}')
    r = c.response(901)
    check(error_code(r) == -32601, "params null: read as none (-32601)", r)
    c.send_raw('{"jsonrpc": "2.0", "id": 902, "method": "workspace/frobnicate",'
               ' "params": "x"}')
    r = c.response(902)
    check(error_code(r) == -32600, "params a string: invalid request -32600", r)
    c.notify("$/unknownNotification", {})  # ignored, no answer
    r = c.request("textDocument/hover", {"textDocument": {"uri": uri}})
    check(error_code(r) == -32602, "hover without a position: -32602", r)

    # The unsaved buffer holds the strided load (the file on disk does not).
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "cuda", "version": 1, "text": SOURCE}})
    pub, _ = c.diagnostics(uri, 1, timeout=120)
    diags = pub["diagnostics"]
    unc = by_code(diags, "cuda-uncoalesced-global")
    check(len(unc) == 1, "one uncoalesced-global diagnostic", diags)
    if unc:
        d = unc[0]
        check(d["range"]["start"] == {"line": 3, "character": 11}
              and d["range"]["end"] == {"line": 3, "character": 25},
              "its range is in[STRIDE * i] (line 4, columns 12-25)", d)
        check(d["severity"] == 2 and d["source"] == "cuda-access-lint",
              "warning severity, source cuda-access-lint", d)
        check("8 sectors per request where 4 would do" in d["message"],
              "8 sectors where 4 would do (stride 2 from the compile command)", d)
        related = [x["message"] for x in d.get("relatedInformation", [])]
        check(any(m.startswith("first warp: lane 0 -> byte 0, lane 1 -> byte 8")
                  for m in related), "first warp note as related information", related)
    bank = by_code(diags, "cuda-shared-bank-conflict")
    check(len(bank) == 1 and "32 wavefronts per request where 1 would do"
          in bank[0]["message"], "the 32-way bank conflict diagnostic", diags)

    # Hover on the load: lanes to byte offsets, the cost and the ideal.
    r = c.request("textDocument/hover", {"textDocument": {"uri": uri},
                                         "position": {"line": 3, "character": 14}})
    text = (r.get("result") or {}).get("contents", {}).get("value", "")
    check("**8 sectors per request** (ideal 4)" in text and " 1 -> byte 8" in text
          and "31 -> byte 248" in text and "kernel `strided`" in text,
          "hover on the global load: lanes, bytes, 8 sectors (ideal 4)", r)
    # On the shared read: banks, 32 wavefronts where 1 would do.
    r = c.request("textDocument/hover", {"textDocument": {"uri": uri},
                                         "position": {"line": 12, "character": 22}})
    text = (r.get("result") or {}).get("contents", {}).get("value", "")
    check("**32 wavefronts per request** (ideal 1)" in text
          and " 1 -> bank  0 (byte 128)" in text,
          "hover on the shared read: every lane in bank 0, 32 wavefronts", r)
    r = c.request("textDocument/hover", {"textDocument": {"uri": uri},
                                         "position": {"line": 0, "character": 0}})
    check("result" in r and r["result"] is None, "hover away from an access: null", r)

    # The proven fix: pad the tile's row, as a WorkspaceEdit.
    r = c.request("textDocument/codeAction", {
        "textDocument": {"uri": uri},
        "range": {"start": {"line": 12, "character": 0}, "end": {"line": 12, "character": 0}},
        "context": {"diagnostics": bank}})
    actions = r.get("result") or []
    check(len(actions) == 1, "one code action on the bank conflict", r)
    if actions:
        edits = actions[0]["edit"]["changes"].get(uri, [])
        check(actions[0]["kind"] == "quickfix" and len(edits) == 1
              and edits[0]["newText"] == " + 1"
              and edits[0]["range"]["start"] == {"line": 6, "character": 34},
              "the action inserts ' + 1' after tile[TILE][TILE", actions[0])
    # The strided load's advice is not a proven change: no action there.
    r = c.request("textDocument/codeAction", {
        "textDocument": {"uri": uri},
        "range": {"start": {"line": 3, "character": 0}, "end": {"line": 3, "character": 0}},
        "context": {"diagnostics": unc}})
    check(r.get("result") == [], "no code action for advice that is not a proven fix", r)

    # Cancellation: a hover waiting for the analysis of a new text is
    # cancelled before that analysis ends.
    fixed = SOURCE.replace("STRIDE * i", "i")
    c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                        "contentChanges": [{"text": SOURCE + "\n"}]})
    hid = c.request_async("textDocument/hover", {"textDocument": {"uri": uri},
                                                 "position": {"line": 3, "character": 14}})
    c.notify("$/cancelRequest", {"id": hid})
    r = c.response(hid)
    check(error_code(r) == -32800, "cancelled hover: -32800", r)

    # Two edits in a row: the first one's analysis, if it started, is
    # dropped; only the newest text's diagnostics are published, and the
    # fix makes the warning go.
    c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 3},
                                        "contentChanges": [{"text": SOURCE.replace("2048", "4096")}]})
    c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 4},
                                        "contentChanges": [{"text": fixed}]})
    pub, earlier = c.diagnostics(uri, 4, timeout=120)
    stale = [p["version"] for p in earlier if p.get("version") == 3]
    check(not stale, "no diagnostics published for the superseded version 3",
          [p.get("version") for p in earlier])
    check(by_code(pub["diagnostics"], "cuda-uncoalesced-global") == [],
          "after the edit in[i], the uncoalesced warning is gone", pub)
    check(len(by_code(pub["diagnostics"], "cuda-shared-bank-conflict")) == 1,
          "the bank conflict is still reported", pub)
    r = c.request("textDocument/hover", {"textDocument": {"uri": uri},
                                         "position": {"line": 3, "character": 13}})
    text = (r.get("result") or {}).get("contents", {}).get("value", "")
    check("**4 sectors per request** (ideal 4)" in text,
          "hover on in[i]: 4 sectors, the ideal", r)

    c.notify("textDocument/didSave", {"textDocument": {"uri": uri}})
    c.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    pub, _ = c.diagnostics(uri)
    while pub.get("diagnostics"):  # the didSave analysis may come first
        pub, _ = c.diagnostics(uri)
    check(pub["diagnostics"] == [], "didClose clears the diagnostics", pub)

    r = c.request("shutdown")
    check("result" in r and r["result"] is None, "shutdown: null result", r)
    r = c.request("textDocument/hover", {"textDocument": {"uri": uri},
                                         "position": {"line": 0, "character": 0}})
    check(error_code(r) == -32600, "a request after shutdown: -32600", r)
    c.notify("exit")
    rc = c.wait_exit()
    check(rc == 0, "exit after shutdown: exit code 0", rc)

    # exit without shutdown: exit code 1, as the protocol says.
    c2 = Client([tool, "--lsp"], cwd=work)
    c2.request("initialize", {"processId": None, "capabilities": {}})
    c2.notify("exit")
    rc = c2.wait_exit()
    check(rc == 1, "exit without shutdown: exit code 1", rc)

    reuse(tool, work)

    if failures:
        print("%d check(s) failed; server stderr:\n%s" % (
            len(failures), c.stderr.decode(errors="replace")))
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
