//===- LspProtocol.h - The analyzer's results as LSP values -----*- C++ -*-===//
//
// Conversions between the library's records (byte offsets, 1-based
// lines and byte columns) and the protocol's (file URIs, 0-based lines and
// UTF-16 code unit columns, the protocol's default position encoding), and
// the hover text of an access.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_TOOLS_LSPPROTOCOL_H
#define CAL_TOOLS_LSPPROTOCOL_H

#include "cal/Report/FileReport.h"
#include "llvm/Support/JSON.h"
#include <string>
#include <vector>

namespace clang {
class ASTContext;
} // namespace clang

namespace cal {

/// `file:///a%20b/x.cu` -> `/a b/x.cu`; empty for another scheme.
std::string uriToPath(llvm::StringRef Uri);
std::string pathToUri(llvm::StringRef Path);

/// Positions in one document's text.
class LineTable {
public:
  explicit LineTable(llvm::StringRef Text);
  /// LSP position of 1-based \p Line and byte \p Column (0: line start).
  llvm::json::Object position(unsigned Line, unsigned Column) const;
  llvm::json::Object positionOfOffset(size_t Offset) const;
  /// Byte offset of an LSP position (clamped to the text).
  size_t offsetOf(int64_t Line, int64_t Character) const;

private:
  llvm::StringRef Text;
  std::vector<size_t> Starts;
};

/// An access of the main file under one launch, as hover shows it.
struct AccessHover {
  size_t Begin = 0, End = 0; ///< byte range of the access in the buffer
  std::string Markdown;
};

/// The hover entries of every access the analysis \p R saw in the main
/// file, appended to \p Out.
void collectAccessHovers(const AnalysisResult &R, clang::ASTContext &Ctx,
                         std::vector<AccessHover> &Out);

/// The hover at byte \p Offset: every launch's entry for the innermost
/// access there, whose range goes to \p Begin and \p End; empty when
/// none.
std::string hoverAt(llvm::ArrayRef<AccessHover> Hovers, size_t Offset,
                    size_t &Begin, size_t &End);

/// The LSP Diagnostic of finding \p F of the document at \p Uri.
llvm::json::Object toDiagnostic(const FindingRecord &F, const LineTable &T,
                                llvm::StringRef Uri);

/// Diagnostics for a report's findings in the document \p Path (findings
/// in headers are the headers' own), clang's errors and the file's error.
llvm::json::Array documentDiagnostics(const FileReport &R, llvm::StringRef Path,
                                      llvm::StringRef Uri, const LineTable &T);

/// Whether finding \p F belongs to the document \p Path.
bool inDocument(const FindingRecord &F, llvm::StringRef Path);

} // namespace cal

#endif
