#!/usr/bin/env python3
"""The README's language-server set-ups start the server the tests drive.

  test_readme.py README.md path/to/cuda-access-lint

Reads the command of each `lsp-*` snippet (VS Code's settings, Neovim's
vim.lsp.start and lspconfig, Emacs's eglot), checks they all start
`cuda-access-lint --lsp`, then runs that command (with the built tool)
through a session: initialize, open a document with a known warning, wait
for it, hover, shutdown, exit with status 0.
"""
import json
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'lit', 'Inputs'))
import readme_snippets  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lspclient import Client  # noqa: E402

readme, tool = sys.argv[1], os.path.abspath(sys.argv[2])
text = open(readme).read()


def snippet(name):
    return readme_snippets.snippet(text, name, readme)


def lua_cmd(src):
    m = re.search(r"cmd = \{([^}]*)\}", src)
    return re.findall(r"'([^']*)'", m.group(1)) if m else None


vscode = json.loads(snippet("lsp-vscode"))
commands = {
    "lsp-vscode": [vscode["glspc.server.command"]] + vscode["glspc.server.commandArguments"],
    "lsp-neovim": lua_cmd(snippet("lsp-neovim")),
    "lsp-lspconfig": lua_cmd(snippet("lsp-lspconfig")),
    "lsp-eglot": re.findall(r'"([^"]*)"',
                            re.search(r"\(cuda-mode \. \(([^)]*)\)\)",
                                      snippet("lsp-eglot")).group(1)),
}
failed = False
for name, argv in sorted(commands.items()):
    ok = argv == ["cuda-access-lint", "--lsp"]
    failed |= not ok
    print("%s: %s %s" % ("ok" if ok else "FAIL", name, argv))
if "cuda" not in vscode["glspc.server.languageId"][0]:
    failed = True
    print("FAIL: lsp-vscode: no CUDA language id")

# One session with the snippets' command. The store's lanes are 128 bytes
# apart (a[i * 32] of floats): one 32-byte sector each, 32 sectors where 4
# would do.
work = tempfile.mkdtemp(prefix="cal-lsp-readme-")
path = os.path.join(work, "k.cu")
source = ("__global__ void k(float *a) {\n  int i = threadIdx.x;\n"
          "  a[i * 32] = 1.0f;\n}\nvoid h(float *a) { k<<<1, 32>>>(a); }\n")
open(path, "w").write(source)
uri = "file://" + path
c = Client([tool] + commands["lsp-vscode"][1:], cwd=work)
c.request("initialize", {"processId": os.getpid(), "rootUri": "file://" + work,
                         "capabilities": {}})
c.notify("initialized", {})
c.notify("textDocument/didOpen", {"textDocument": {
    "uri": uri, "languageId": "cuda-cpp", "version": 1, "text": source}})
pub, _ = c.diagnostics(uri, 1, timeout=120)
hits = [d for d in pub["diagnostics"] if d.get("code") == "cuda-uncoalesced-global"
        and d["range"]["start"]["line"] == 2
        and "32 sectors per request where 4 would do" in d["message"]]
print("%s: session: the warning at line 3" % ("ok" if hits else "FAIL"))
failed |= not hits
r = c.request("textDocument/hover", {"textDocument": {"uri": uri},
                                     "position": {"line": 2, "character": 3}})
value = (r.get("result") or {}).get("contents", {}).get("value", "")
ok = "**32 sectors per request** (ideal 4)" in value
print("%s: session: hover" % ("ok" if ok else "FAIL"))
failed |= not ok
c.request("shutdown")
c.notify("exit")
rc = c.wait_exit()
print("%s: session: exit code %d" % ("ok" if rc == 0 else "FAIL", rc))
failed |= rc != 0
sys.exit(1 if failed else 0)
