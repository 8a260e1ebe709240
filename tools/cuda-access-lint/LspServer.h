//===- LspServer.h - cuda-access-lint --lsp ---------------------*- C++ -*-===//
//
// A language server over standard input and output (LSP 3.17): findings of
// the open documents' unsaved text as diagnostics, the proven fixes as code
// actions, and each access's first warp and cost on hover. One thread reads
// and answers; one analyses. An analysis started before a newer edit is
// never published: its result is dropped when it ends.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_TOOLS_LSPSERVER_H
#define CAL_TOOLS_LSPSERVER_H

#include "cal/Config/ConfigFile.h"
#include "cal/Driver/LintRun.h"

namespace cal {

/// Serves until `exit`; the exit code the protocol asks for (0 after a
/// `shutdown` request, 1 otherwise). \p C holds the command line's
/// settings (its -p database or `--` flags give each document's command).
int runLanguageServer(const LintConfig &C, ConfigFinder &Configs);

} // namespace cal

#endif
