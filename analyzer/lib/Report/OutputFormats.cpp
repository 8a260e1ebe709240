//===- OutputFormats.cpp - The --format values, one table -----------------===//
#include "cal/Schema/Prediction.h"
#include "cal/Report/OutputFormats.h"

#include "cal/Report/AnalysisReport.h"
#include "cal/Report/Reporters.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

using namespace llvm;

namespace cal {

/// The prediction file (docs/prediction-schema.md). The kernel entries are
/// streamed from the reports rather than copied into one document (a file
/// of 17,000 kernels held two copies of them); the members come in the
/// sorted order json::Value prints objects in.
static void writeJson(raw_ostream &OS, const ReportInputs &In) {
  json::Array FileList, FindingList, Errors, Unresolved;
  std::string DocArch;
  for (const FileReport &R : In.Files) {
    FileList.push_back(R.File);
    for (const json::Value &U : R.Unresolved)
      Unresolved.push_back(U);
    if (DocArch.empty())
      DocArch = R.Arch;
    if (!R.Parsed)
      Errors.push_back(json::Object{
          {key::File, R.File},
          {"message",
           R.Error.empty() ? "did not parse; no analysis was done" : R.Error}});
    for (const CommentError &E : R.CommentErrors)
      Errors.push_back(json::Object{{key::File, E.File},
                                    {key::Line, E.Line},
                                    {key::Column, E.Column},
                                    {"message", E.Message}});
  }
  for (const FindingRecord *F : In.Findings)
    FindingList.push_back(findingToJSON(*F));
  json::OStream J(OS, 2);
  J.object([&] {
    J.attribute(key::Arch, DocArch.empty()
                               ? (In.Arch.empty() ? "sm_90" : In.Arch)
                               : DocArch);
    J.attribute("errors", std::move(Errors));
    J.attribute("files", std::move(FileList));
    J.attribute("findings", std::move(FindingList));
    J.attributeArray(key::Kernels, [&] {
      // The entries are kept compact and indented here, at the array's
      // depth (2).
      for (const FileReport &R : In.Files)
        for (size_t I = 0; I < R.Kernels.size(); ++I)
          J.rawValue([&](raw_ostream &OS) { R.Kernels.print(I, OS, 2); });
    });
    J.attribute("schema_version", SchemaVersion);
    J.attribute(key::Tool, In.ToolName);
    J.attribute("tool_version",
                In.ToolRelease.empty() ? In.ToolVersion : In.ToolRelease);
    if (In.ListKernels)
      J.attribute("unresolved_launches", std::move(Unresolved));
    J.attribute(key::Version, SchemaVersion);
    J.attribute("version_minor", SchemaMinorVersion);
  });
  OS << "\n";
}

static void writeSarif(raw_ostream &OS, const ReportInputs &In) {
  OS << formatv("{0:2}", sarifLog(In.Findings, In.Files, In.SourceRoot,
                                  In.ToolVersion, In.HomepageUrl))
     << "\n";
}

static void writeGithub(raw_ostream &OS, const ReportInputs &In) {
  printGithubAnnotations(OS, In.Findings, In.Files, In.SourceRoot);
}

/// Each file's own text (kernel lists, event dumps), then the findings
/// rendered as clang renders diagnostics; suppressed ones left out.
static void writeText(raw_ostream &OS, const ReportInputs &In) {
  for (const FileReport &R : In.Files)
    OS << R.Text;
  for (const FindingRecord *F : In.Findings)
    if (F->SuppressedBy.empty())
      OS << F->Rendered;
}

ArrayRef<OutputFormat> outputFormats() {
  static const OutputFormat Formats[] = {
      {"text", "clang-style diagnostics", writeText},
      {"json", "docs/prediction-schema.md", writeJson},
      {"sarif", "SARIF 2.1.0", writeSarif},
      {"github", "workflow annotations", writeGithub},
  };
  return Formats;
}

const OutputFormat *findOutputFormat(StringRef Name) {
  for (const OutputFormat &F : outputFormats())
    if (F.Name == Name)
      return &F;
  return nullptr;
}

std::string outputFormatsHelp() {
  std::string S;
  for (const OutputFormat &F : outputFormats())
    S += (S.empty() ? "" : ", ") + F.Name.str() + " (" + F.Help.str() + ")";
  return S;
}

} // namespace cal
