//===- FindingFilters.cpp - Which findings are shown ----------------------===//
#include "cal/Report/FindingFilters.h"

#include "cal/Frontend/CompileCommands.h"
#include "cal/Report/GlobList.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/JSON.h"

using namespace llvm;

namespace cal {

static Expected<std::shared_ptr<Regex>> regexOption(StringRef Option,
                                                    StringRef Text) {
  if (Text.empty())
    return nullptr;
  auto R = std::make_shared<Regex>(Text);
  std::string Why;
  if (!R->isValid(Why))
    return createStringError("--%s='%s' is not a regular expression: %s",
                             Option.str().c_str(), Text.str().c_str(),
                             Why.c_str());
  return R;
}

Expected<FindingFilters> FindingFilters::create(bool SystemHeaders,
                                                StringRef HeaderFilter,
                                                StringRef ExcludeHeaderFilter,
                                                StringRef LineFilter) {
  FindingFilters F;
  F.SystemHeaders = SystemHeaders;
  Expected<std::shared_ptr<Regex>> H =
      regexOption("header-filter", HeaderFilter);
  if (!H)
    return H.takeError();
  F.Header = *H;
  Expected<std::shared_ptr<Regex>> X =
      regexOption("exclude-header-filter", ExcludeHeaderFilter);
  if (!X)
    return X.takeError();
  F.Exclude = *X;
  if (LineFilter.empty())
    return F;
  auto Bad = [&](const Twine &Why) {
    return createStringError("--line-filter: " + Why +
                             " (expected [{\"name\":\"file.cu\",\"lines\":"
                             "[[1,3],[5,5]]}, ...])");
  };
  Expected<json::Value> V = json::parse(LineFilter);
  if (!V)
    return Bad(toString(V.takeError()));
  const json::Array *Files = V->getAsArray();
  if (!Files)
    return Bad("not a JSON array");
  F.Lines.emplace();
  for (const json::Value &E : *Files) {
    const json::Object *O = E.getAsObject();
    std::optional<StringRef> Name = O ? O->getString("name") : std::nullopt;
    if (!Name || Name->empty())
      return Bad("each entry needs a \"name\"");
    FileLines FL{Name->str(), {}};
    if (const json::Value *L = O->get("lines")) {
      const json::Array *Ranges = L->getAsArray();
      if (!Ranges)
        return Bad("\"lines\" of '" + *Name + "' is not an array");
      for (const json::Value &R : *Ranges) {
        const json::Array *P = R.getAsArray();
        std::optional<int64_t> A =
            P && P->size() == 2 ? (*P)[0].getAsInteger() : std::nullopt;
        std::optional<int64_t> B =
            P && P->size() == 2 ? (*P)[1].getAsInteger() : std::nullopt;
        if (!A || !B || *A < 1 || *B < *A)
          return Bad("a range of '" + *Name +
                     "' is not [first, last] with 1 <= first <= last");
        FL.Lines.push_back({unsigned(*A), unsigned(*B)});
      }
    }
    F.Lines->push_back(std::move(FL));
  }
  return F;
}

/// clang-tidy matches a line filter's name as a suffix of the path.
static bool nameMatches(StringRef Path, StringRef Name) {
  return Path == Name ||
         (Path.ends_with(Name) && Path.drop_back(Name.size()).ends_with("/"));
}

void FindingFilters::apply(std::vector<FileReport> &Reports) const {
  StringSet<> Inputs;
  for (const FileReport &R : Reports)
    Inputs.insert(canonicalReportPath(R.File));
  for (FileReport &R : Reports)
    for (FindingRecord &F : R.Findings) {
      if (!F.SuppressedBy.empty())
        continue;
      bool Main = Inputs.contains(F.File);
      if (F.InSystemHeader && !SystemHeaders && !Main)
        F.SuppressedBy = "--system-headers (not given)";
      else if (!Main && Header && !Header->match(F.File))
        F.SuppressedBy = "--header-filter";
      else if (!Main && Exclude && Exclude->match(F.File))
        F.SuppressedBy = "--exclude-header-filter";
      else if (Lines) {
        bool Kept = false;
        for (const FileLines &FL : *Lines)
          if (nameMatches(F.File, FL.Name))
            Kept |= FL.Lines.empty() ||
                    llvm::any_of(FL.Lines, [&](const LineRange &LR) {
                      return F.Line >= LR.First && F.Line <= LR.Last;
                    });
        if (!Kept)
          F.SuppressedBy = "--line-filter";
      }
    }
}

unsigned markWarningsAsErrors(std::vector<FileReport> &Reports,
                              StringRef Globs) {
  if (Globs.empty())
    return 0;
  GlobList G(Globs);
  unsigned N = 0;
  for (FileReport &R : Reports)
    for (FindingRecord &F : R.Findings) {
      if (!F.isWarning() || !F.SuppressedBy.empty() || !G.contains(F.CheckId))
        continue;
      F.AsError = true;
      ++N;
      // The first line is the diagnostic itself: "FILE:L:C: warning: MSG
      // [check]".
      size_t End = F.Rendered.find('\n');
      std::string First = F.Rendered.substr(0, End);
      // The severity word, with or without colour codes around it.
      size_t W = First.find("warning: ");
      if (W != std::string::npos)
        First.replace(W, 8, "error:");
      std::string Tag = "[" + F.CheckId + "]";
      size_t T = First.rfind(Tag);
      if (T != std::string::npos)
        First.replace(T, Tag.size(), "[" + F.CheckId + ",-warnings-as-errors]");
      F.Rendered =
          First + (End == std::string::npos ? "" : F.Rendered.substr(End));
    }
  return N;
}

} // namespace cal
