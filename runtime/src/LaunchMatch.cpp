//===- LaunchMatch.cpp - Measured launches to predicted kernels -----------===//
#include "cal/runtime/LaunchMatch.h"
#include <cstdint>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <cxxabi.h>
#include <map>
#include <sstream>

namespace cal {

std::string kernelNameFromMangled(const std::string &Mangled) {
  int Status = 0;
  char *D = abi::__cxa_demangle(Mangled.c_str(), nullptr, nullptr, &Status);
  if (Status != 0 || !D) {
    std::free(D);
    return Mangled;
  }
  std::string S = D;
  std::free(D);
  // The parameter list is the last top-level parenthesised group.
  if (!S.empty() && S.back() == ')') {
    int Depth = 0;
    for (size_t I = S.size(); I-- > 0;) {
      if (S[I] == ')')
        ++Depth;
      else if (S[I] == '(' && --Depth == 0) {
        S.resize(I);
        break;
      }
    }
  }
  // A function template's mangling carries its return type ("void
  // k<float>"): it ends at the last blank outside <> and ().
  int Depth = 0;
  size_t Cut = std::string::npos;
  for (size_t I = 0; I < S.size(); ++I) {
    char C = S[I];
    if (C == '<' || C == '(')
      ++Depth;
    else if ((C == '>' || C == ')') && Depth > 0)
      --Depth;
    else if (C == ' ' && Depth == 0)
      Cut = I;
  }
  return Cut == std::string::npos ? S : S.substr(Cut + 1);
}

static bool identChar(char C) {
  return std::isalnum(static_cast<unsigned char>(C)) || C == '_';
}

/// One spelling of the anonymous namespace: the Itanium demangler writes
/// "(anonymous namespace)", GCC's diagnostics "{anonymous}", MSVC-style
/// tools "`anonymous namespace'".
static std::string anonymousNamespace(std::string S) {
  static const char *Spellings[] = {"{anonymous}", "`anonymous namespace'",
                                    "<anonymous namespace>"};
  for (const char *From : Spellings)
    for (size_t P; (P = S.find(From)) != std::string::npos;)
      S.replace(P, std::strlen(From), "(anonymous namespace)");
  return S;
}

/// A template argument written as a cast of an integer, "(int)5" or
/// "(Kind)0" as the demangler prints integer and enumerator arguments of
/// class type, reads as the integer: "f<(int)5>" is "f<5>".
static std::string dropIntegerCasts(const std::string &S) {
  std::string Out;
  for (size_t I = 0; I < S.size(); ++I) {
    if (S[I] == '(' && I > 0 && (S[I - 1] == '<' || S[I - 1] == ',')) {
      size_t Close = S.find(')', I);
      if (Close != std::string::npos && Close + 1 < S.size() &&
          (std::isdigit(static_cast<unsigned char>(S[Close + 1])) ||
           S[Close + 1] == '-') &&
          S.find_first_of("(<>,", I + 1) > Close) {
        I = Close; // skip "(Type)"
        continue;
      }
    }
    Out += S[I];
  }
  return Out;
}

std::string canonicalKernelName(const std::string &Input) {
  std::string Name = anonymousNamespace(Input);
  std::string Out;
  for (size_t I = 0; I < Name.size(); ++I) {
    char C = Name[I];
    if (C == ' ') {
      // Keep a blank only between two identifier characters.
      size_t J = I;
      while (J < Name.size() && Name[J] == ' ')
        ++J;
      if (!Out.empty() && identChar(Out.back()) && J < Name.size() &&
          identChar(Name[J]))
        Out += ' ';
      I = J - 1;
      continue;
    }
    Out += C;
  }
  // Integer literal suffixes: "2u", "2U", "2ul" all read "2". Only within a
  // number token (a digit run starting after a non-identifier character).
  std::string R;
  for (size_t I = 0; I < Out.size();) {
    bool Starts = std::isdigit(static_cast<unsigned char>(Out[I])) &&
                  (I == 0 || !identChar(Out[I - 1]));
    if (!Starts) {
      R += Out[I++];
      continue;
    }
    while (I < Out.size() && std::isdigit(static_cast<unsigned char>(Out[I])))
      R += Out[I++];
    size_t J = I;
    while (J < Out.size() && std::strchr("uUlL", Out[J]))
      ++J;
    if (J == Out.size() || !identChar(Out[J]))
      I = J; // a suffix: drop it
  }
  if (R.rfind("::", 0) == 0)
    R.erase(0, 2);
  return dropIntegerCasts(R);
}

bool sameKernel(const LaunchMeasurement &L, const PredictedKernel &K) {
  // "_ZL" is clang's internal-linkage mark of a static kernel, which nvcc's
  // device names do not carry (predictions of older versions have it).
  // With separate compilation (-rdc=true) nvcc names a static kernel
  // "__nv_static_<n>__<hash>_<n>_<file>_cu_<hash>_" followed by its
  // mangling ("..._3dc991e0__Z12JacobiMethodPKf..." on the H100): the hashes
  // are nvcc's own, so the name is compared from the mangling on.
  auto Unmarked = [](std::string M) {
    if (M.rfind("__nv_static_", 0) == 0)
      if (size_t Z = M.find("__Z", 12); Z != std::string::npos)
        M.erase(0, Z + 1);
    if (M.rfind("_ZL", 0) == 0)
      M.erase(2, 1);
    return M;
  };
  // Two Itanium manglings name the same kernel exactly when they are equal.
  // A measured "mangled" name that is none (an older ncu_report gives the
  // demangled one) is compared by name below, as are extern "C" names.
  auto Itanium = [](const std::string &M) { return M.rfind("_Z", 0) == 0; };
  if (!L.MangledName.empty() && !K.MangledName.empty()) {
    if (Unmarked(L.MangledName) == Unmarked(K.MangledName))
      return true;
    if (Itanium(L.MangledName))
      return false;
  }
  std::string Measured = canonicalKernelName(
      L.Kernel.empty() ? kernelNameFromMangled(L.MangledName) : L.Kernel);
  if (!K.Name.empty() && Measured == canonicalKernelName(K.Name))
    return true;
  // The demangler (ncu's demangled names, and ours of a measured mangled
  // name) writes an enumerator template argument as a cast of its value,
  // "f<(DeviceMemoryType)0>", clang as the enumerator,
  // "f<DeviceMemoryType::SHARED>": only the mangling carries the value, so
  // the predicted mangled name, demangled, is the measured spelling.
  return !K.MangledName.empty() &&
         Measured == canonicalKernelName(
                         kernelNameFromMangled(Unmarked(K.MangledName)));
}

static std::string cleanPath(const std::string &P) {
  std::string Out;
  for (size_t I = 0; I < P.size(); ++I) {
    if (P[I] == '/' && !Out.empty() && Out.back() == '/')
      continue; // "a//b"
    if (P[I] == '.' && (I + 1 == P.size() || P[I + 1] == '/') &&
        (Out.empty() || Out.back() == '/')) {
      ++I; // "./" component
      continue;
    }
    Out += P[I];
  }
  return Out;
}

static bool componentSuffix(const std::string &Long, const std::string &S) {
  if (S.size() > Long.size() ||
      Long.compare(Long.size() - S.size(), S.size(), S) != 0)
    return false;
  return S.size() == Long.size() || S[0] == '/' ||
         Long[Long.size() - S.size() - 1] == '/';
}

bool sameSourceFile(const std::string &A, const std::string &B) {
  if (A.empty() || B.empty())
    return false;
  std::string X = cleanPath(A), Y = cleanPath(B);
  if (X == Y || componentSuffix(X, Y) || componentSuffix(Y, X))
    return true;
  auto Base = [](const std::string &P) {
    size_t S = P.rfind('/');
    return S == std::string::npos ? P : P.substr(S + 1);
  };
  return Base(X) == Base(Y);
}

std::string configText(const unsigned Grid[3], const unsigned Block[3],
                       const bool GridUnknown[3]) {
  std::string S = "grid ";
  for (int I = 0; I < 3; ++I)
    S += (I ? "x" : "") + (GridUnknown && GridUnknown[I]
                               ? std::string("?")
                               : std::to_string(Grid[I]));
  S += " block ";
  for (int I = 0; I < 3; ++I)
    S += (I ? "x" : "") + std::to_string(Block[I]);
  return S;
}

static bool sameConfig(const LaunchMeasurement &L, const PredictedKernel &K) {
  for (int I = 0; I < 3; ++I)
    if (L.Block[I] != K.Block[I] ||
        (!K.GridUnknown[I] && L.Grid[I] != K.Grid[I]))
      return false;
  return true;
}

LaunchMatch matchLaunch(const LaunchMeasurement &L, const Predictions &P,
                        unsigned Ordinal) {
  std::vector<const PredictedKernel *> Same, Exact;
  for (const PredictedKernel &K : P.Kernels)
    if (sameKernel(L, K)) {
      Same.push_back(&K);
      // An assumed configuration is not the program's: never "exact".
      if (!K.Assumed && sameConfig(L, K))
        Exact.push_back(&K);
    }
  LaunchMatch M;
  if (Same.empty())
    return M;
  if (!Exact.empty()) {
    M.Kernel = Exact[std::min<size_t>(Ordinal, Exact.size() - 1)];
    return M;
  }
  std::string Measured = configText(L.Grid, L.Block);
  for (const PredictedKernel *K : Same) {
    if (!K->Assumed)
      continue;
    bool Covered = false;
    for (const std::array<unsigned, 3> &B : K->AssumedBlocks)
      Covered |= B[0] == L.Block[0] && B[1] == L.Block[1] && B[2] == L.Block[2];
    if (Covered) {
      M.Kernel = K;
      M.Config = ConfigMatch::Assumed;
      M.Note = "no launch found by the analyzer: it assumed the block shapes "
               "it evaluated, and the program's " +
               Measured + " is among them";
      return M;
    }
  }
  const PredictedKernel *K = Same.front();
  M.Kernel = K;
  M.Config = ConfigMatch::Differs;
  M.Note = "the program launched " + Measured + "; the prediction is for " +
           configText(K->Grid, K->Block, K->GridUnknown) +
           (K->Assumed ? " (assumed by the analyzer, launch source '" +
                             (K->LaunchSource.empty() ? std::string("default")
                                                      : K->LaunchSource) +
                             "'): a configuration difference, not a model "
                             "error"
                       : ": a configuration difference, not a model error");
  return M;
}

static std::string configKey(const std::string &Mangled, const unsigned G[3],
                             const unsigned B[3]) {
  std::ostringstream OS;
  OS << Mangled << "|" << G[0] << "," << G[1] << "," << G[2] << "|" << B[0]
     << "," << B[1] << "," << B[2];
  return OS.str();
}

/// The prediction with \p Key for launch \p L, or null.
static const PredictedKernel *findByKey(const Predictions &P,
                                        const std::string &Key,
                                        unsigned Ordinal,
                                        const LaunchMeasurement &L) {
  std::vector<const PredictedKernel *> Matches;
  for (const PredictedKernel &K : P.Kernels)
    if (configKey(K.MangledName, K.Grid, K.Block) == Key)
      Matches.push_back(&K);
  if (Matches.empty())
    return nullptr;
  // The kernel launch sits inside the SuiteContext::launch call that
  // starts on L.Line: within a few lines after it.
  const PredictedKernel *BySite = nullptr;
  if (L.Line)
    for (const PredictedKernel *K : Matches)
      if (K->SiteLine >= L.Line && K->SiteLine <= L.Line + 3 &&
          (!BySite || K->SiteLine < BySite->SiteLine))
        BySite = K;
  if (BySite)
    return BySite;
  // If the analyzer merged identical configurations, reuse the last one.
  return Matches[std::min<size_t>(Ordinal, Matches.size() - 1)];
}

size_t editDistance(const std::string &A, const std::string &B) {
  std::vector<size_t> Row(B.size() + 1);
  for (size_t J = 0; J <= B.size(); ++J)
    Row[J] = J;
  for (size_t I = 1; I <= A.size(); ++I) {
    size_t Diag = Row[0];
    Row[0] = I;
    for (size_t J = 1; J <= B.size(); ++J) {
      size_t Up = Row[J];
      Row[J] = std::min({Row[J] + 1, Row[J - 1] + 1,
                         Diag + (A[I - 1] == B[J - 1] ? 0 : 1)});
      Diag = Up;
    }
  }
  return Row[B.size()];
}

std::vector<std::string> unpairedLaunches(const Measurements &M,
                                          const Predictions &P) {
  std::vector<std::string> Out;
  std::vector<LaunchMatch> Ms = matchLaunches(M, P);
  for (size_t I = 0; I < Ms.size(); ++I) {
    const LaunchMeasurement &L = M.Launches[I];
    std::string Head = "kernel '" + L.Kernel + "' (" +
                       configText(L.Grid, L.Block) + "): ";
    std::string Why;
    if (!Ms[I].Kernel) {
      Why = "not in the predictions (not analysed, or in a file that was "
            "not)";
      const PredictedKernel *Near = nullptr;
      size_t Best = SIZE_MAX;
      for (const PredictedKernel &K : P.Kernels) {
        size_t D = editDistance(canonicalKernelName(L.Kernel),
                                canonicalKernelName(K.Name));
        if (D < Best)
          Best = D, Near = &K;
      }
      if (Near)
        Why += "; nearest predicted name '" + Near->Name + "'";
    } else if (Ms[I].Config == ConfigMatch::Differs) {
      Why = Ms[I].Note;
    } else {
      Why = "paired, but every predicted figure is unknown";
    }
    std::string Line = Head + Why;
    if (std::find(Out.begin(), Out.end(), Line) == Out.end())
      Out.push_back(std::move(Line));
  }
  return Out;
}

std::vector<LaunchMatch> matchLaunches(const Measurements &M,
                                       const Predictions &P) {
  // Launches that differ only in scalar arguments share (mangled name,
  // grid, block); the launch site tells them apart, and failing that the
  // k-th launch with a key matches the k-th prediction with it (the suite
  // launches in source order).
  std::map<std::string, unsigned> Seen;
  std::vector<LaunchMatch> Out;
  for (const LaunchMeasurement &L : M.Launches) {
    std::string Key = configKey(L.MangledName, L.Grid, L.Block);
    unsigned Ordinal = Seen[Key]++;
    LaunchMatch Mt;
    Mt.Kernel = findByKey(P, Key, Ordinal, L);
    // Not found by mangled name and exact configuration: a program profiled
    // through cuda-access-verify run, where the analyzer may have named the
    // kernel differently, left a grid component to run time or assumed the
    // launch.
    if (!Mt.Kernel)
      Mt = matchLaunch(L, P, Ordinal);
    Out.push_back(std::move(Mt));
  }
  return Out;
}

} // namespace cal
