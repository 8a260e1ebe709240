//===- OptionCheck.cpp - Unknown options and bad values -------------------===//
#include "OptionCheck.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

using namespace llvm;

namespace cal {

std::optional<std::string> nearest(StringRef Word,
                                   ArrayRef<std::string> Candidates) {
  std::optional<std::string> Best;
  unsigned BestD = ~0u;
  for (const std::string &C : Candidates) {
    unsigned D = Word.edit_distance(C, /*AllowReplacements=*/true);
    if (D < BestD) {
      BestD = D;
      Best = C;
    }
  }
  // A third of the word, at least two edits: "--formt" -> "--format", but
  // "-header-filter" suggests nothing rather than something unrelated.
  if (!Best || BestD > std::max<size_t>(2, Word.size() / 3))
    return std::nullopt;
  return Best;
}

std::optional<std::string>
findUnknownOption(ArrayRef<const char *> Args,
                  ArrayRef<const cl::OptionCategory *> Cats) {
  const auto &Opts = cl::getRegisteredOptions();
  std::vector<std::string> Ours = {"help", "version"};
  for (auto &E : Opts)
    if (any_of(E.second->Categories,
               [&](const cl::OptionCategory *C) {
                 return is_contained(Cats, C);
               }) &&
        E.second->getOptionHiddenFlag() == cl::NotHidden && !E.first.empty())
      Ours.push_back(E.first.str());
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (A.size() < 2 || A[0] != '-')
      continue; // a file, or "-"
    StringRef Body = A.drop_front(A.starts_with("--") ? 2 : 1);
    StringRef Name = Body.split('=').first;
    auto It = Opts.find(Name);
    // A one-letter option that takes its value joined, as `-j2` (cl::Prefix).
    if (It == Opts.end() && !A.starts_with("--") && Body.size() > 1)
      if (auto P = Opts.find(Body.take_front(1));
          P != Opts.end() && P->second->getFormattingFlag() == cl::Prefix)
        continue;
    if (It != Opts.end() && !Name.empty()) {
      // A flag (boolean) option: llvm::cl names a bad value in a message
      // of its own; name the option and the valid values instead.
      if (Body.contains('=') &&
          It->second->getValueExpectedFlag() == cl::ValueOptional)
        if (std::optional<std::string> Bad = checkOptionValue(
                Name, Body.split('=').second, {"true", "false", "1", "0"}))
          return Bad;
      // `--output FILE`: the value is the next argument, whatever it
      // looks like.
      if (!Body.contains('=') &&
          It->second->getValueExpectedFlag() == cl::ValueRequired)
        ++I;
      continue;
    }
    std::string Msg = "unknown option '" + A.split('=').first.str() + "'";
    if (std::optional<std::string> N = nearest(Name, Ours))
      Msg += "; did you mean '" + std::string(N->size() == 1 ? "-" : "--") +
             *N + "'?";
    else
      Msg += " (see --help)";
    return Msg;
  }
  return std::nullopt;
}

std::optional<std::string> checkOptionValue(StringRef Name, StringRef Value,
                                            ArrayRef<StringRef> Valid) {
  if (is_contained(Valid, Value))
    return std::nullopt;
  std::vector<std::string> V(Valid.begin(), Valid.end());
  std::string Msg = "invalid value '" + Value.str() + "' for --" + Name.str() +
                    "; valid values: " + join(V, ", ");
  if (std::optional<std::string> N = nearest(Value, V))
    Msg += " (did you mean '" + *N + "'?)";
  return Msg;
}

} // namespace cal
