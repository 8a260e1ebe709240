//===- ConfigFile.cpp - .cuda-access-lint.yaml ----------------------------===//
//
// Read with llvm::yaml's node parser rather than YAMLTraits: the traits
// reject an unknown key with a bare "unknown key", and a user deserves the
// line, the column and the nearest valid spelling.
//
//===----------------------------------------------------------------------===//
#include "cal/Config/ConfigFile.h"
#include "cal/Checks/Check.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace cal {

namespace {

const char *const TopKeys[] = {
    "Checks",  "CheckOptions",       "Arch", "ExtraArgs", "ExtraArgsBefore",
    "Kernels", "InheritParentConfig"};
const char *const KernelKeys[] = {"Name", "Block", "Grid", "Params"};

std::string didYouMean(StringRef Word, ArrayRef<std::string> Candidates) {
  std::string N = nearestSpelling(Word, Candidates);
  return N.empty() ? "" : "; did you mean '" + N + "'?";
}

/// Walks one file's YAML; the first error stops it.
class Reader {
public:
  Reader(StringRef Text, StringRef Path) : Path(Path) {
    SM.setDiagHandler(
        [](const SMDiagnostic &D, void *Ctx) {
          auto *R = static_cast<Reader *>(Ctx);
          if (!R->Err)
            R->Err = formatv("{0}:{1}:{2}: {3}", R->Path, D.getLineNo(),
                             D.getColumnNo() + 1, D.getMessage())
                         .str();
        },
        this);
    Stream.emplace(Text, SM, /*ShowColors=*/false);
  }

  Expected<ConfigFile> read() {
    ConfigFile C;
    C.Paths.push_back(Path.str());
    auto It = Stream->begin();
    if (It != Stream->end() && It->getRoot() && !Err) {
      yaml::Node *Root = It->getRoot();
      if (isa<yaml::NullNode>(Root)) {
        // An empty file is an empty configuration.
      } else if (auto *M = dyn_cast<yaml::MappingNode>(Root)) {
        readTop(*M, C);
      } else {
        fail(Root, "expected a mapping of settings (Checks, CheckOptions, "
                   "Arch, ExtraArgs, Kernels...)");
      }
    }
    if (Err)
      return createStringError(*Err);
    return C;
  }

private:
  void fail(yaml::Node *N, const Twine &Msg) {
    if (Err)
      return;
    SMLoc L = N ? N->getSourceRange().Start : SMLoc();
    if (!L.isValid()) {
      Err = (Path + ": " + Msg).str();
      return;
    }
    auto [Line, Col] = SM.getLineAndColumn(L);
    Err = formatv("{0}:{1}:{2}: {3}", Path, Line, Col, Msg.str()).str();
  }

  std::optional<std::string> scalar(yaml::Node *N, StringRef What) {
    auto *S = dyn_cast_or_null<yaml::ScalarNode>(N);
    if (!S) {
      fail(N, What + " takes a single value");
      return std::nullopt;
    }
    SmallString<64> Storage;
    return S->getValue(Storage).str();
  }

  std::vector<std::string> stringList(yaml::Node *N, StringRef What) {
    std::vector<std::string> Out;
    auto *Seq = dyn_cast_or_null<yaml::SequenceNode>(N);
    if (!Seq) {
      fail(N, What + " takes a list, e.g. ['-Iinclude', '-DN=4']");
      return Out;
    }
    for (yaml::Node &E : *Seq)
      if (std::optional<std::string> S = scalar(&E, (What + "'s item").str()))
        Out.push_back(*S);
    return Out;
  }

  /// [32, 8] or "32,8": one to three positive integers.
  std::optional<Dim3> dim3(yaml::Node *N, StringRef What) {
    std::vector<std::string> Parts;
    if (isa_and_nonnull<yaml::SequenceNode>(N)) {
      Parts = stringList(N, What);
    } else if (std::optional<std::string> S = scalar(N, What)) {
      SmallVector<StringRef, 3> P;
      StringRef(*S).split(P, ',');
      for (StringRef X : P)
        Parts.push_back(X.trim().str());
    }
    if (Err)
      return std::nullopt;
    Dim3 D = {1, 1, 1};
    bool Ok = !Parts.empty() && Parts.size() <= 3;
    for (unsigned I = 0; Ok && I < Parts.size(); ++I)
      Ok = !StringRef(Parts[I]).getAsInteger(10, D[I]) && D[I] > 0;
    if (!Ok) {
      fail(N, What + " takes one to three positive integers, e.g. [32, 8]");
      return std::nullopt;
    }
    return D;
  }

  void readTop(yaml::MappingNode &M, ConfigFile &C) {
    std::vector<std::string> Keys(std::begin(TopKeys), std::end(TopKeys));
    for (yaml::KeyValueNode &KV : M) {
      std::optional<std::string> K = scalar(KV.getKey(), "a key");
      if (!K)
        return;
      yaml::Node *V = KV.getValue();
      if (*K == "Checks") {
        if (std::optional<std::string> S = scalar(V, "Checks"))
          checkGlobs(V, *S), C.Checks = *S;
      } else if (*K == "CheckOptions") {
        readCheckOptions(V, C);
      } else if (*K == "Arch") {
        if (std::optional<std::string> S = scalar(V, "Arch"))
          arch(V, *S), C.Arch = *S;
      } else if (*K == "ExtraArgs") {
        C.ExtraArgs = stringList(V, "ExtraArgs");
      } else if (*K == "ExtraArgsBefore") {
        C.ExtraArgsBefore = stringList(V, "ExtraArgsBefore");
      } else if (*K == "Kernels") {
        readKernels(V, C);
      } else if (*K == "InheritParentConfig") {
        std::optional<std::string> S = scalar(V, "InheritParentConfig");
        if (S && *S != "true" && *S != "false")
          fail(V, "InheritParentConfig takes true or false, not '" + *S + "'");
        C.InheritParentConfig = S && *S == "true";
      } else {
        fail(KV.getKey(), "unknown key '" + *K + "'" + didYouMean(*K, Keys));
      }
      if (Err)
        return;
    }
  }

  void checkGlobs(yaml::Node *N, StringRef Globs) {
    if (Error E = validateCheckGlobs(Globs))
      fail(N, toString(std::move(E)) + " in Checks");
  }

  void arch(yaml::Node *N, StringRef A) {
    std::vector<std::string> Known = TargetModel::knownArchs();
    if (is_contained(Known, A.rtrim("af").str()))
      return;
    // Newest first: of equally near spellings, suggest the current one
    // (sm_91 -> sm_90, not sm_11).
    std::vector<std::string> NewestFirst(Known.rbegin(), Known.rend());
    fail(N, "unknown Arch '" + A + "'" + didYouMean(A, NewestFirst) +
                " (known: " + join(Known, ", ") + ")");
  }

  void readCheckOptions(yaml::Node *N, ConfigFile &C) {
    auto *M = dyn_cast_or_null<yaml::MappingNode>(N);
    if (!M)
      return fail(N, "CheckOptions takes a mapping of "
                     "'check-id.Option: value'");
    CheckSettings Probe;
    for (yaml::KeyValueNode &KV : *M) {
      std::optional<std::string> K = scalar(KV.getKey(), "a check option");
      std::optional<std::string> V = K ? scalar(KV.getValue(), *K) : "";
      if (!K || !V)
        return;
      if (Error E = Probe.set(*K, *V))
        return fail(KV.getKey(), toString(std::move(E)));
      C.CheckOptions[*K] = *V;
    }
  }

  void readKernels(yaml::Node *N, ConfigFile &C) {
    auto *Seq = dyn_cast_or_null<yaml::SequenceNode>(N);
    if (!Seq)
      return fail(N, "Kernels takes a list of {Name, Block, Grid, Params}");
    std::vector<std::string> Keys(std::begin(KernelKeys), std::end(KernelKeys));
    for (yaml::Node &E : *Seq) {
      auto *M = dyn_cast<yaml::MappingNode>(&E);
      if (!M)
        return fail(&E, "each Kernels entry is a mapping with a Name");
      KernelDefaults KD;
      auto [Line, Col] = SM.getLineAndColumn(E.getSourceRange().Start);
      KD.Origin = formatv("{0}:{1}", Path, Line).str();
      for (yaml::KeyValueNode &KV : *M) {
        std::optional<std::string> K = scalar(KV.getKey(), "a key");
        if (!K)
          return;
        yaml::Node *V = KV.getValue();
        if (*K == "Name") {
          if (std::optional<std::string> S = scalar(V, "Name"))
            KD.Name = *S;
        } else if (*K == "Block") {
          KD.Block = dim3(V, "Block");
          if (KD.Block && (*KD.Block)[0] * (*KD.Block)[1] * (*KD.Block)[2] >
                              TargetModel::LargestBlockThreads)
            fail(V, "Block has more than " +
                        std::to_string(TargetModel::LargestBlockThreads) +
                        " threads");
        } else if (*K == "Grid") {
          KD.Grid = dim3(V, "Grid");
        } else if (*K == "Params") {
          readParams(V, KD);
        } else {
          fail(KV.getKey(), "unknown key '" + *K + "' in a Kernels entry" +
                                didYouMean(*K, Keys));
        }
        if (Err)
          return;
      }
      if (KD.Name.empty())
        return fail(&E, "a Kernels entry needs a Name (a kernel name or "
                        "glob, e.g. 'transpose*')");
      C.Kernels.push_back(std::move(KD));
    }
  }

  void readParams(yaml::Node *N, KernelDefaults &KD) {
    auto *M = dyn_cast_or_null<yaml::MappingNode>(N);
    if (!M)
      return fail(N, "Params takes a mapping of 'name: integer'");
    for (yaml::KeyValueNode &KV : *M) {
      std::optional<std::string> K = scalar(KV.getKey(), "a parameter");
      std::optional<std::string> V = K ? scalar(KV.getValue(), *K) : "";
      if (!K || !V)
        return;
      int64_t X;
      if (StringRef(*V).trim().getAsInteger(0, X))
        return fail(KV.getValue(), "parameter '" + *K +
                                       "' takes an integer, not '" + *V + "'");
      KD.Params[*K] = X;
    }
  }

  StringRef Path;
  SourceMgr SM;
  std::optional<yaml::Stream> Stream;
  std::optional<std::string> Err;
};

} // namespace

Expected<ConfigFile> parseConfigFile(StringRef Text, StringRef Path) {
  Reader R(Text, Path);
  return R.read();
}

void ConfigFile::inherit(const ConfigFile &Child) {
  append_range(Paths, Child.Paths);
  // Globs append, so the child's last word wins, as in clang-tidy.
  if (Child.Checks)
    Checks = Checks ? *Checks + "," + *Child.Checks : *Child.Checks;
  for (auto &[K, V] : Child.CheckOptions)
    CheckOptions[K] = V;
  if (Child.Arch)
    Arch = Child.Arch;
  append_range(ExtraArgs, Child.ExtraArgs);
  ExtraArgsBefore.insert(ExtraArgsBefore.begin(), Child.ExtraArgsBefore.begin(),
                         Child.ExtraArgsBefore.end());
  Kernels.insert(Kernels.begin(), Child.Kernels.begin(), Child.Kernels.end());
  InheritParentConfig = Child.InheritParentConfig;
}

static std::string yamlQuoted(StringRef S) {
  std::string Out = "'";
  for (char C : S)
    Out += C == '\'' ? std::string("''") : std::string(1, C);
  return Out + "'";
}

static std::string dimText(const Dim3 &D) {
  return formatv("[{0}, {1}, {2}]", D[0], D[1], D[2]).str();
}

std::string ConfigFile::dump(
    ArrayRef<std::pair<std::string, std::string>> AllCheckOptions) const {
  std::string S;
  raw_string_ostream OS(S);
  OS << "---\n";
  for (const std::string &P : Paths)
    OS << "# from " << P << "\n";
  OS << "Checks: " << yamlQuoted(Checks.value_or("*")) << "\n";
  OS << "CheckOptions:\n";
  for (auto &[K, V] : AllCheckOptions)
    OS << "  " << K << ": " << V << "\n";
  OS << "Arch: " << Arch.value_or("sm_90") << "\n";
  auto List = [&](StringRef Key, ArrayRef<std::string> L) {
    std::vector<std::string> Q;
    for (const std::string &A : L)
      Q.push_back(yamlQuoted(A));
    OS << Key << ": [" << join(Q, ", ") << "]\n";
  };
  List("ExtraArgsBefore", ExtraArgsBefore);
  List("ExtraArgs", ExtraArgs);
  OS << "Kernels:" << (Kernels.empty() ? " []" : "") << "\n";
  for (const KernelDefaults &K : Kernels) {
    OS << "  - Name: " << yamlQuoted(K.Name) << "\n";
    if (K.Block)
      OS << "    Block: " << dimText(*K.Block) << "\n";
    if (K.Grid)
      OS << "    Grid: " << dimText(*K.Grid) << "\n";
    if (!K.Params.empty()) {
      std::vector<std::string> P;
      for (auto &[N, V] : K.Params)
        P.push_back(N + ": " + std::to_string(V));
      OS << "    Params: { " << join(P, ", ") << " }\n";
    }
  }
  OS << "...\n";
  return S;
}

static Expected<ConfigFile> readFile(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return createStringError(Path +
                             ": cannot read: " + Buf.getError().message());
  return parseConfigFile((*Buf)->getBuffer(), Path);
}

Expected<ConfigFile> ConfigFinder::configFor(StringRef SourceFile) {
  Expected<ConfigFile> C = found(SourceFile);
  if (!C || Inline.empty())
    return C;
  Expected<ConfigFile> Over = parseConfigFile(Inline, "--config");
  if (!Over)
    return Over.takeError();
  C->inherit(*Over);
  return C;
}

Expected<ConfigFile> ConfigFinder::found(StringRef SourceFile) {
  if (!Explicit.empty()) {
    auto It = Cache.find("\n" + Explicit);
    if (It == Cache.end()) {
      Expected<ConfigFile> C = readFile(Explicit);
      if (!C)
        return C.takeError();
      It = Cache.emplace("\n" + Explicit, std::move(*C)).first;
    }
    return It->second;
  }
  SmallString<256> Abs(SourceFile);
  if (std::error_code EC = sys::fs::make_absolute(Abs))
    return createStringError(EC, "cannot resolve '%s'",
                             SourceFile.str().c_str());
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return forDirectory(sys::path::parent_path(Abs));
}

Expected<ConfigFile> ConfigFinder::forDirectory(StringRef Dir) {
  auto It = Cache.find(Dir.str());
  if (It != Cache.end())
    return It->second;
  ConfigFile Result;
  SmallString<256> Candidate(Dir);
  sys::path::append(Candidate, ConfigFileName);
  StringRef Parent = sys::path::parent_path(Dir);
  if (sys::fs::exists(Candidate)) {
    Expected<ConfigFile> C = readFile(Candidate);
    if (!C)
      return C.takeError();
    if (C->InheritParentConfig && !Parent.empty() && Parent != Dir) {
      Expected<ConfigFile> P = forDirectory(Parent);
      if (!P)
        return P.takeError();
      Result = std::move(*P);
      Result.inherit(*C);
    } else {
      Result = std::move(*C);
    }
  } else if (!Parent.empty() && Parent != Dir) {
    Expected<ConfigFile> P = forDirectory(Parent);
    if (!P)
      return P.takeError();
    Result = std::move(*P);
  }
  return Cache.emplace(Dir.str(), std::move(Result)).first->second;
}

} // namespace cal
