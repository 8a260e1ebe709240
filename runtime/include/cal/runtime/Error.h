//===- Error.h - Error and Expected without LLVM ----------------*- C++ -*-===//
//
// The runtime must build on the GPU machine, which has no LLVM, so it carries
// a tiny imitation of llvm::Error / llvm::Expected: a failure is a message,
// success is the absence of one. Libraries return these and never exit().
//
//===----------------------------------------------------------------------===//
#ifndef CAL_RUNTIME_ERROR_H
#define CAL_RUNTIME_ERROR_H

#include <cassert>
#include <optional>
#include <string>
#include <utility>

namespace cal {

/// A possibly failed operation. Like llvm::Error, it converts to true when it
/// holds a failure.
class Error {
public:
  static Error success() { return Error(); }
  static Error failure(std::string Message, int Code = 1) {
    Error E;
    E.Failed = true;
    E.Message = std::move(Message);
    E.Code = Code;
    return E;
  }
  explicit operator bool() const { return Failed; }
  const std::string &message() const { return Message; }
  /// A machine-readable reason, e.g. to pick an exit code (see ErrorCode).
  int code() const { return Code; }
  /// Prefixes the message with context, keeping the code.
  Error context(const std::string &What) && {
    if (Failed)
      Message = What + ": " + Message;
    return std::move(*this);
  }

private:
  bool Failed = false;
  int Code = 0;
  std::string Message;
};

/// Codes that callers act on; anything else is a generic failure.
enum ErrorCode : int {
  GenericFailure = 1,
  NoDevice = 2,
  ProfilingNotPermitted = 3,
};

/// A value or the Error explaining why there is none.
template <typename T> class Expected {
public:
  Expected(T Value) : Value(std::move(Value)) {}
  Expected(Error E) : Err(std::move(E)) { assert(Err && "success as error"); }
  explicit operator bool() const { return Value.has_value(); }
  T &operator*() { return *Value; }
  const T &operator*() const { return *Value; }
  T *operator->() { return &*Value; }
  const T *operator->() const { return &*Value; }
  Error takeError() { return std::move(Err); }
  const Error &error() const { return Err; }

private:
  std::optional<T> Value;
  Error Err;
};

} // namespace cal

#endif // CAL_RUNTIME_ERROR_H
