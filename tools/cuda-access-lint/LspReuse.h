//===- LspReuse.h - A kernel's results kept between edits -------*- C++ -*-===//
//
// After an edit inside one kernel, the language server re-parses the file
// (clang cannot re-parse part of one) but analyses only the kernels whose
// results may have changed. A kernel's results are reused when its key is
// the last analysis's: a hash of the whole text with every *other*
// kernel's body reduced to its line breaks (so the lines and columns of
// everything else are known to be the same), the kernel's launches (those
// of other translation units included), and the size and time of every
// file the parse read, the configuration and the compile database.
//
// A kernel is kept only when everything its analysis reports lies inside
// its own text: an access in a __device__ function outside it, or in a
// header, or a fix that changes text elsewhere, makes it analysed again
// every time. A file where a kernel launches kernels (dynamic parallelism)
// is always analysed whole.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_TOOLS_LSPREUSE_H
#define CAL_TOOLS_LSPREUSE_H

#include "LspProtocol.h"
#include "cal/Driver/LintRun.h"
#include <map>

namespace clang {
class SourceManager;
} // namespace clang

namespace cal {

class KernelReuse {
public:
  /// Starts an analysis of the document \p Path with the text \p Text;
  /// \p Fingerprint holds what else it depends on (configuration, compile
  /// database).
  void begin(llvm::StringRef Path, llvm::StringRef Text,
             llvm::StringRef Fingerprint);
  /// LintConfig::BeforeAnalysis: removes the kernels whose results are
  /// kept.
  void beforeAnalysis(clang::ASTContext &Ctx, std::vector<KernelInfo> &Ks);
  /// LintConfig::OnAnalysis: which kernel each result belongs to.
  void onAnalysis(const AnalysisResult &R, clang::ASTContext &Ctx);
  /// Adds the kept kernels' findings, kernel entries and hovers to this
  /// analysis's, and keeps this analysis's for the next.
  void finish(FileReport &FR, std::vector<AccessHover> &Hovers);
  /// Forgets every result (a file was saved: a header may have changed).
  void clear() { Cache.clear(); }
  /// Kernels (bodies) reused and analysed by the last analysis.
  unsigned reused() const { return Reused; }
  unsigned analysed() const { return Analysed; }

private:
  /// One kernel body: a kernel, or a template with its instantiations.
  struct Body {
    uint64_t Key = 0;
    size_t Begin = 0, LBrace = 0, RBrace = 0; ///< byte offsets
    unsigned FirstLine = 0, LastLine = 0;
    bool Kept = false;           ///< results taken from the cache
    std::vector<size_t> Results; ///< indices into the kernel entries
  };
  struct Entry {
    size_t LBrace = 0;
    std::vector<FindingRecord> Findings;
    KernelEntries Kernels;
    std::vector<AccessHover> Hovers;
  };
  /// Each kernel's body in the document (BodyOf: its index in Bodies, or
  /// -1 for a kernel written elsewhere); false where a body launches
  /// kernels, whose results then depend on another body.
  bool findBodies(const clang::SourceManager &SM, llvm::ArrayRef<KernelInfo> Ks,
                  std::vector<int> &BodyOf);
  /// Each body's key, and whether the cache holds its results.
  void keyBodies(llvm::StringRef Files, llvm::ArrayRef<KernelInfo> Ks,
                 llvm::ArrayRef<int> BodyOf);
  bool cacheable(const Body &B, const FileReport &FR,
                 llvm::ArrayRef<const FindingRecord *> Findings) const;

  std::map<uint64_t, Entry> Cache; ///< of the last analysis
  std::string Path, Text, Fingerprint;
  std::vector<Body> Bodies;
  bool Enabled = false, Seen = false;
  unsigned Reused = 0, Analysed = 0;
};

} // namespace cal

#endif
