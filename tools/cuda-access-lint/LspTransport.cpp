//===- LspTransport.cpp - JSON-RPC over stdio for --lsp -------------------===//
#include "LspTransport.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace cal {

std::optional<std::string> LspTransport::readMessage() {
  for (;;) {
    // Headers, up to a blank line; only Content-Length matters (the
    // specification's Content-Type has one value).
    std::optional<size_t> Length;
    bool AnyHeader = false;
    for (;;) {
      std::string Line;
      int C;
      while ((C = std::fgetc(In)) != EOF && C != '\n')
        Line.push_back(char(C));
      if (C == EOF && Line.empty())
        return std::nullopt;
      StringRef L = StringRef(Line).rtrim("\r");
      if (L.empty()) {
        if (AnyHeader)
          break;
        continue; // stray blank line between messages
      }
      AnyHeader = true;
      auto [Name, Value] = L.split(':');
      size_t N = 0;
      if (Name.trim().equals_insensitive("Content-Length") &&
          !Value.trim().getAsInteger(10, N))
        Length = N;
      if (C == EOF)
        return std::nullopt;
    }
    // A header block without a length cannot be framed: skip it and read
    // on, as the next header may be intact.
    if (!Length)
      continue;
    // A length no message has (1 GiB) is a broken stream, not a request
    // to allocate it.
    if (*Length > (size_t(1) << 30))
      return std::nullopt;
    std::string Body(*Length, '\0');
    if (*Length && std::fread(Body.data(), 1, *Length, In) != *Length)
      return std::nullopt;
    return Body;
  }
}

void LspTransport::send(json::Value Message) {
  std::string Body;
  raw_string_ostream OS(Body);
  OS << Message;
  std::lock_guard<std::mutex> L(WriteLock);
  Out << "Content-Length: " << Body.size() << "\r\n\r\n" << Body;
  Out.flush();
}

void LspTransport::reply(const json::Value &Id, json::Value Result) {
  send(json::Object{
      {"jsonrpc", "2.0"}, {"id", Id}, {"result", std::move(Result)}});
}

void LspTransport::replyError(const json::Value &Id, RpcError Code,
                              StringRef Message) {
  send(json::Object{
      {"jsonrpc", "2.0"},
      {"id", Id},
      {"error", json::Object{{"code", int(Code)}, {"message", Message}}}});
}

void LspTransport::notify(StringRef Method, json::Value Params) {
  send(json::Object{
      {"jsonrpc", "2.0"}, {"method", Method}, {"params", std::move(Params)}});
}

} // namespace cal
