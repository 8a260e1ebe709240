//===- LspTransport.h - JSON-RPC over stdio for --lsp -----------*- C++ -*-===//
//
// The Language Server Protocol's base protocol: each message is a JSON-RPC
// object preceded by a `Content-Length: N` header and a blank line. clangd's
// transport is not a library that can be linked here, so this is a small
// one over llvm::json: blocking reads on one thread, writes serialised by a
// lock (the analysis thread publishes while the reader answers).
//
//===----------------------------------------------------------------------===//
#ifndef CAL_TOOLS_LSPTRANSPORT_H
#define CAL_TOOLS_LSPTRANSPORT_H

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdio>
#include <mutex>
#include <optional>
#include <string>

namespace cal {

/// JSON-RPC and LSP error codes.
enum class RpcError {
  ParseError = -32700,
  InvalidRequest = -32600,
  MethodNotFound = -32601,
  InvalidParams = -32602,
  InternalError = -32603,
  ServerNotInitialized = -32002,
  RequestCancelled = -32800,
  ContentModified = -32801,
};

class LspTransport {
public:
  /// Reads from \p In, writes to \p Out (the real standard output, which
  /// nothing else may write to).
  LspTransport(std::FILE *In, llvm::raw_ostream &Out) : In(In), Out(Out) {}

  /// The next message's body, unparsed (a body that is not JSON is the
  /// caller's to answer with a parse error); std::nullopt at the end of
  /// input or when the framing itself is broken beyond recovery.
  std::optional<std::string> readMessage();

  void send(llvm::json::Value Message);
  void reply(const llvm::json::Value &Id, llvm::json::Value Result);
  void replyError(const llvm::json::Value &Id, RpcError Code,
                  llvm::StringRef Message);
  void notify(llvm::StringRef Method, llvm::json::Value Params);

private:
  std::FILE *In;
  llvm::raw_ostream &Out;
  std::mutex WriteLock;
};

} // namespace cal

#endif
