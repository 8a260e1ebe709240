//===- LspServer.cpp - cuda-access-lint --lsp -----------------------------===//
//
// The reader thread keeps the documents' text and answers what needs no
// analysis; requests that do (hover, code actions) wait in a queue for the
// analysis of the text they were made on. The analysis thread always takes
// the newest text of a document, so edits that come in while it works are
// analysed once, together; a result whose document changed meanwhile is
// dropped, never published.
//
//===----------------------------------------------------------------------===//
#include "LspServer.h"
#include "LspProtocol.h"
#include "LspReuse.h"
#include "LspTransport.h"

#include "cal/Version.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include <condition_variable>
#include <deque>
#include <fcntl.h>
#include <map>
#include <memory>
#include <set>
#include <thread>
#include <unistd.h>

using namespace llvm;

namespace cal {
namespace {

/// One analysis of one version of a document.
struct Analysis {
  uint64_t Generation = 0;
  int64_t Version = 0;
  std::string Text;
  ConfigFile Config;
  FileReport Report;
  std::vector<AccessHover> Hovers;
  /// The report with only the fixes a re-analysis proves, made when a code
  /// action first asks (each fix costs an analysis of the changed text).
  std::optional<FileReport> Verified;
};

struct Document {
  std::string Path, Text;
  int64_t Version = 0;
  /// Bumped by every change of the text: what an analysis or a request
  /// refers to.
  uint64_t Generation = 0;
  bool Dirty = true; ///< the text has changed since the last analysis began
  /// A file was saved since the last analysis: a header it includes may
  /// have changed, so no kernel's results are reused.
  bool Saved = false;
  std::shared_ptr<Analysis> Last;
};

struct Request {
  json::Value Id = nullptr;
  std::string Method, Uri;
  json::Object Params;
  uint64_t Generation = 0;
};

std::string idKey(const json::Value &Id) {
  std::string S;
  raw_string_ostream(S) << Id;
  return S;
}

class Server {
public:
  Server(const LintConfig &C, ConfigFinder &Configs, LspTransport &T)
      : Base(C), Configs(Configs), T(T) {}
  int run();

private:
  /// Handles one message; true at `exit`.
  bool handle(StringRef Body);
  void request(const json::Value &Id, StringRef Method,
               const json::Object *Params);
  void notification(StringRef Method, const json::Object *Params);
  void worker();
  std::shared_ptr<Analysis> analyse(const std::string &Uri,
                                    const std::string &Path,
                                    const std::string &Text, uint64_t Gen,
                                    int64_t Version, bool Saved);
  json::Value answer(const Request &R, Analysis &A);
  json::Value codeActions(const Request &R, Analysis &A);

  LintConfig Base;
  ConfigFinder &Configs; ///< the analysis thread's alone
  /// Each document's kernels' results, kept between edits (the analysis
  /// thread's alone).
  std::map<std::string, KernelReuse> Reuse;
  LspTransport &T;

  std::mutex M;
  std::condition_variable Wake;
  std::map<std::string, Document> Docs; // by URI
  std::deque<Request> Queue;
  std::string InFlight;               ///< the request being answered
  std::set<std::string> CancelledNow; ///< ids cancelled while in flight
  uint64_t NextGeneration = 0;
  bool Initialized = false, ShutDown = false, Stop = false;
};

int Server::run() {
  std::thread W([this] { worker(); });
  bool Exited = false;
  while (std::optional<std::string> Body = T.readMessage())
    if (handle(*Body)) {
      Exited = true;
      break;
    }
  {
    std::lock_guard<std::mutex> L(M);
    Stop = true;
  }
  Wake.notify_all();
  W.join();
  // The protocol's exit code: 0 only after a shutdown request.
  return Exited && ShutDown ? 0 : 1;
}

bool Server::handle(StringRef Body) {
  Expected<json::Value> V = json::parse(Body);
  if (!V) {
    T.replyError(nullptr, RpcError::ParseError, toString(V.takeError()));
    return false;
  }
  const json::Object *O = V->getAsObject();
  std::optional<StringRef> Method = O ? O->getString("method") : std::nullopt;
  const json::Value *Id = O ? O->get("id") : nullptr;
  if (!Method) {
    // A response to a request of ours (the server sends none) is dropped.
    if (!O || !Id || (!O->get("result") && !O->get("error")))
      T.replyError(Id ? *Id : json::Value(nullptr), RpcError::InvalidRequest,
                   "not a JSON-RPC request, notification or response");
    return false;
  }
  // `"params": null` is taken as no params: LSP's void-params requests
  // (shutdown, exit) come so from some clients (eglot).
  const json::Value *P = O->get("params");
  if (P && P->kind() == json::Value::Null)
    P = nullptr;
  const json::Object *Params = P ? P->getAsObject() : nullptr;
  if (P && !Params && !P->getAsArray()) {
    if (Id)
      T.replyError(*Id, RpcError::InvalidRequest, "params is not structured");
    return false;
  }
  if (*Method == "exit")
    return true;
  if (Id) {
    if (Id->kind() != json::Value::String &&
        Id->kind() != json::Value::Number) {
      T.replyError(nullptr, RpcError::InvalidRequest,
                   "id is neither a number nor a string");
      return false;
    }
    request(*Id, *Method, Params);
  } else {
    notification(*Method, Params);
  }
  return false;
}

std::optional<std::string> uriOf(const json::Object *Params) {
  const json::Object *Doc =
      Params ? Params->getObject("textDocument") : nullptr;
  std::optional<StringRef> Uri = Doc ? Doc->getString("uri") : std::nullopt;
  return Uri ? std::optional<std::string>(Uri->str()) : std::nullopt;
}

void Server::request(const json::Value &Id, StringRef Method,
                     const json::Object *Params) {
  if (Method == "initialize") {
    Initialized = true;
    json::Object Caps{
        {"positionEncoding", "utf-16"},
        {"textDocumentSync",
         json::Object{{"openClose", true},
                      {"change", 1}, // full text on every change
                      {"save", json::Object{{"includeText", false}}}}},
        {"hoverProvider", true},
        {"codeActionProvider",
         json::Object{{"codeActionKinds", json::Array{"quickfix"}}}}};
    T.reply(Id, json::Object{
                    {"capabilities", std::move(Caps)},
                    {"serverInfo", json::Object{{"name", "cuda-access-lint"},
                                                {"version", CAL_VERSION}}}});
    return;
  }
  if (!Initialized)
    return T.replyError(Id, RpcError::ServerNotInitialized,
                        "initialize was not requested yet");
  if (ShutDown)
    return T.replyError(Id, RpcError::InvalidRequest,
                        "shutdown was requested; only exit is expected");
  if (Method == "shutdown") {
    ShutDown = true;
    return T.reply(Id, nullptr);
  }
  if (Method != "textDocument/hover" && Method != "textDocument/codeAction")
    return T.replyError(Id, RpcError::MethodNotFound,
                        ("unknown method '" + Method + "'").str());
  std::optional<std::string> Uri = uriOf(Params);
  bool Hover = Method == "textDocument/hover";
  if (!Uri || !Params->getObject(Hover ? "position" : "range"))
    return T.replyError(Id, RpcError::InvalidParams,
                        Hover ? "expected textDocument and position"
                              : "expected textDocument and range");
  std::lock_guard<std::mutex> L(M);
  auto It = Docs.find(*Uri);
  if (It == Docs.end())
    return T.reply(Id, Hover ? json::Value(nullptr) : json::Array());
  Queue.push_back({Id, Method.str(), *Uri, *Params, It->second.Generation});
  Wake.notify_all();
}

/// The text after \p Changes: whole texts, or ranges of the previous one
/// (a client may send those even where full sync was asked for).
std::string applyChanges(std::string Text, const json::Array &Changes) {
  for (const json::Value &C : Changes) {
    const json::Object *O = C.getAsObject();
    std::optional<StringRef> New = O ? O->getString("text") : std::nullopt;
    if (!New)
      continue;
    const json::Object *R = O->getObject("range");
    const json::Object *S = R ? R->getObject("start") : nullptr;
    const json::Object *E = R ? R->getObject("end") : nullptr;
    if (!S || !E) {
      Text = New->str();
      continue;
    }
    LineTable LT(Text);
    auto Off = [&](const json::Object *P) {
      return LT.offsetOf(P->getInteger("line").value_or(0),
                         P->getInteger("character").value_or(0));
    };
    size_t B = Off(S), End = std::max(B, Off(E));
    Text = Text.substr(0, B) + New->str() + Text.substr(End);
  }
  return Text;
}

void Server::notification(StringRef Method, const json::Object *Params) {
  if (!Initialized || ShutDown)
    return; // dropped, as the protocol says
  if (Method == "$/cancelRequest") {
    const json::Value *Id = Params ? Params->get("id") : nullptr;
    if (!Id)
      return;
    std::string Key = idKey(*Id);
    std::lock_guard<std::mutex> L(M);
    for (auto I = Queue.begin(); I != Queue.end(); ++I)
      if (idKey(I->Id) == Key) {
        T.replyError(I->Id, RpcError::RequestCancelled, "cancelled");
        Queue.erase(I);
        return;
      }
    if (InFlight == Key)
      CancelledNow.insert(Key);
    return;
  }
  std::optional<std::string> Uri = uriOf(Params);
  if (!Uri)
    return;
  std::lock_guard<std::mutex> L(M);
  if (Method == "textDocument/didOpen") {
    const json::Object *TD = Params->getObject("textDocument");
    Document D;
    D.Path = uriToPath(*Uri);
    if (D.Path.empty())
      return; // not a file: no compile command can apply
    D.Text = TD->getString("text").value_or("").str();
    D.Version = TD->getInteger("version").value_or(0);
    D.Generation = ++NextGeneration;
    Docs[*Uri] = std::move(D);
  } else if (Method == "textDocument/didChange") {
    auto It = Docs.find(*Uri);
    const json::Array *Changes = Params->getArray("contentChanges");
    if (It == Docs.end() || !Changes)
      return;
    Document &D = It->second;
    D.Text = applyChanges(std::move(D.Text), *Changes);
    if (std::optional<int64_t> V =
            Params->getObject("textDocument")->getInteger("version"))
      D.Version = *V;
    D.Generation = ++NextGeneration;
    D.Dirty = true;
  } else if (Method == "textDocument/didSave") {
    // The text is the same, but the headers, the compile database or the
    // configuration beside it may have been saved too.
    auto It = Docs.find(*Uri);
    if (It == Docs.end())
      return;
    if (std::optional<StringRef> Text = Params->getString("text")) {
      It->second.Text = Text->str();
      It->second.Generation = ++NextGeneration;
    }
    // Any saved file may be a header of every open document.
    for (auto &[U, D] : Docs)
      D.Saved = true;
    It->second.Dirty = true;
  } else if (Method == "textDocument/didClose") {
    if (!Docs.erase(*Uri))
      return;
    // Under the lock: the analysis thread publishes only for open
    // documents, so nothing follows this.
    T.notify("textDocument/publishDiagnostics",
             json::Object{{"uri", *Uri}, {"diagnostics", json::Array()}});
  } else {
    return; // initialized, $/setTrace, and notifications we do not know
  }
  Wake.notify_all();
}

/// Size and time of the files beside the text that decide the analysis:
/// the configuration files and the compile database.
static std::string inputsFingerprint(const ConfigFile &Cfg, const LintConfig &C,
                                     StringRef Path) {
  std::vector<std::string> Files = Cfg.Paths;
  if (C.Commands)
    if (CompileCommandsDB *DB = C.Commands->databaseFor(Path))
      Files.push_back(DB->path().str());
  std::string S;
  for (const std::string &F : Files) {
    sys::fs::file_status St;
    if (!sys::fs::status(F, St))
      S += formatv("{0}:{1}:{2}\n", F, St.getSize(),
                   St.getLastModificationTime().time_since_epoch().count())
               .str();
  }
  return S;
}

std::shared_ptr<Analysis> Server::analyse(const std::string &Uri,
                                          const std::string &Path,
                                          const std::string &Text, uint64_t Gen,
                                          int64_t Version, bool Saved) {
  auto A = std::make_shared<Analysis>();
  A->Generation = Gen;
  A->Version = Version;
  A->Text = Text;
  Expected<ConfigFile> Cfg = Configs.configFor(Path);
  if (!Cfg) {
    A->Report.File = Path;
    A->Report.Error = toString(Cfg.takeError());
    return A;
  }
  A->Config = std::move(*Cfg);
  KernelReuse &KR = Reuse[Uri];
  if (Saved)
    KR.clear();
  KR.begin(Path, Text, inputsFingerprint(A->Config, Base, Path));
  LintConfig C = Base;
  C.StdinContents = Text;
  C.VerifyFixes = false;
  C.BeforeAnalysis = [&](clang::ASTContext &Ctx, std::vector<KernelInfo> &Ks) {
    KR.beforeAnalysis(Ctx, Ks);
  };
  C.OnAnalysis = [&](const AnalysisResult &R, clang::ASTContext &Ctx) {
    collectAccessHovers(R, Ctx, A->Hovers);
    KR.onAnalysis(R, Ctx);
  };
  A->Report = lintFile(Path, C, A->Config);
  KR.finish(A->Report, A->Hovers);
  if (Base.Verbose)
    A->Report.Notes.push_back(
        formatv("kernel results: {0} kept from the last analysis, {1} "
                "analysed",
                KR.reused(), KR.analysed()));
  return A;
}

void Server::worker() {
  std::unique_lock<std::mutex> L(M);
  for (;;) {
    // Edits first; a request waits for the analysis of its own text, or
    // is answered "content modified" once a newer text has replaced it.
    auto Dirty = [&]() -> Document * {
      for (auto &[U, D] : Docs)
        if (D.Dirty)
          return &D;
      return nullptr;
    };
    auto Ready = [&](const Request &R) {
      auto It = Docs.find(R.Uri);
      if (It == Docs.end())
        return true;
      const Document &D = It->second;
      return (D.Last && D.Last->Generation == R.Generation) ||
             (D.Generation != R.Generation && !D.Dirty);
    };
    Wake.wait(L, [&] { return Stop || Dirty() || any_of(Queue, Ready); });
    if (Stop)
      return;
    if (Document *D = Dirty()) {
      D->Dirty = false;
      std::string Uri;
      for (auto &[U, Doc] : Docs)
        if (&Doc == D)
          Uri = U;
      std::string Path = D->Path, Text = D->Text;
      uint64_t Gen = D->Generation;
      int64_t Version = D->Version;
      bool Saved = std::exchange(D->Saved, false);
      L.unlock();
      std::shared_ptr<Analysis> A =
          analyse(Uri, Path, Text, Gen, Version, Saved);
      for (const std::string &N : A->Report.Notes)
        T.notify("window/logMessage",
                 json::Object{{"type", 4}, {"message", Path + ": " + N}});
      L.lock();
      auto It = Docs.find(Uri);
      if (It == Docs.end())
        Reuse.erase(Uri);
      if (It == Docs.end() || It->second.Generation != Gen)
        continue; // stale: a newer text is waiting, or the file was closed
      It->second.Last = A;
      LineTable LT(A->Text);
      T.notify("textDocument/publishDiagnostics",
               json::Object{{"uri", Uri},
                            {"version", Version},
                            {"diagnostics",
                             documentDiagnostics(A->Report, Path, Uri, LT)}});
      continue;
    }
    auto RI = find_if(Queue, Ready);
    Request R = std::move(*RI);
    Queue.erase(RI);
    auto It = Docs.find(R.Uri);
    if (It == Docs.end()) {
      T.reply(R.Id, R.Method == "textDocument/hover" ? json::Value(nullptr)
                                                     : json::Array());
      continue;
    }
    std::shared_ptr<Analysis> A = It->second.Last;
    if (!A || A->Generation != R.Generation) {
      T.replyError(R.Id, RpcError::ContentModified,
                   "the document changed; ask again");
      continue;
    }
    InFlight = idKey(R.Id);
    L.unlock();
    json::Value Result = answer(R, *A);
    L.lock();
    std::string Key = std::move(InFlight);
    InFlight.clear();
    if (CancelledNow.erase(Key))
      T.replyError(R.Id, RpcError::RequestCancelled, "cancelled");
    else
      T.reply(R.Id, std::move(Result));
  }
}

json::Value Server::answer(const Request &R, Analysis &A) {
  if (R.Method == "textDocument/codeAction")
    return codeActions(R, A);
  const json::Object *P = R.Params.getObject("position");
  LineTable LT(A.Text);
  size_t Offset = LT.offsetOf(P->getInteger("line").value_or(-1),
                              P->getInteger("character").value_or(0));
  size_t Begin = 0, End = 0;
  std::string Text = hoverAt(A.Hovers, Offset, Begin, End);
  if (Text.empty())
    return nullptr;
  return json::Object{
      {"contents", json::Object{{"kind", "markdown"}, {"value", Text}}},
      {"range", json::Object{{"start", LT.positionOfOffset(Begin)},
                             {"end", LT.positionOfOffset(End)}}}};
}

json::Value Server::codeActions(const Request &R, Analysis &A) {
  if (const json::Object *Ctx = R.Params.getObject("context"))
    if (const json::Array *Only = Ctx->getArray("only"))
      if (none_of(*Only, [](const json::Value &K) {
            std::optional<StringRef> S = K.getAsString();
            return S && (*S == "quickfix" || *S == "");
          }))
        return json::Array();
  // Only the analysis thread touches Verified (it answers one request at a
  // time).
  if (!A.Verified) {
    FileReport FR = A.Report;
    LintConfig C = Base;
    C.StdinContents = A.Text;
    verifyFixes(FR, FR.File, C, A.Config);
    A.Verified = std::move(FR);
  }
  const json::Object *Range = R.Params.getObject("range");
  const json::Object *S = Range->getObject("start");
  const json::Object *E = Range->getObject("end");
  int64_t First = S ? S->getInteger("line").value_or(0) : 0;
  int64_t Last = E ? E->getInteger("line").value_or(First) : First;
  LineTable LT(A.Text);
  std::string Path = uriToPath(R.Uri);
  json::Array Out;
  std::set<std::string> Seen; // one action per distinct change
  for (const FindingRecord &F : A.Verified->Findings) {
    if (!F.FixVerified || F.Edits.empty() || !F.SuppressedBy.empty() ||
        !inDocument(F, Path))
      continue;
    int64_t FL = int64_t(F.Line) - 1,
            FE = int64_t(std::max(F.EndLine, F.Line)) - 1;
    if (FE < First || FL > Last)
      continue;
    json::Array Edits;
    std::string Key;
    for (const TextEdit &TE : F.Edits) {
      Edits.push_back(json::Object{
          {"range",
           json::Object{{"start", LT.positionOfOffset(TE.Offset)},
                        {"end", LT.positionOfOffset(TE.Offset + TE.Length)}}},
          {"newText", TE.Text}});
      Key += formatv("{0}:{1}:{2};", TE.Offset, TE.Length, TE.Text).str();
    }
    if (!Seen.insert(Key).second)
      continue;
    std::string Title =
        F.Fixes.empty() ? "apply the proven fix" : F.Fixes.front();
    Out.push_back(json::Object{
        {"title", "Fix " + F.CheckId + ": " + Title},
        {"kind", "quickfix"},
        {"isPreferred", true},
        {"diagnostics", json::Array{toDiagnostic(F, LT, R.Uri)}},
        {"edit",
         json::Object{{"changes", json::Object{{R.Uri, std::move(Edits)}}}}}});
  }
  return Out;
}

} // namespace

int runLanguageServer(const LintConfig &C, ConfigFinder &Configs) {
  // The protocol owns standard output: anything else that would print
  // there (a library's message, a child process) goes to standard error.
  int Fd = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
  if (Fd < 0 || dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
    errs() << "cuda-access-lint: cannot set up standard output for --lsp\n";
    return 2;
  }
  raw_fd_ostream Out(Fd, /*shouldClose=*/true);
  LspTransport T(stdin, Out);
  Server S(C, Configs, T);
  return S.run();
}

} // namespace cal
