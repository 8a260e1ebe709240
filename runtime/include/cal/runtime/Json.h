//===- Json.h - Minimal JSON value, reader and writer -----------*- C++ -*-===//
//
// The verifier reads the analyzer's predictions and reads/writes raw
// measurements. llvm::json is not available on the GPU machine, so this is a
// small self-contained replacement: objects keep insertion order so that the
// files we write diff cleanly between runs.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_RUNTIME_JSON_H
#define CAL_RUNTIME_JSON_H

#include "cal/runtime/Error.h"

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace cal {
namespace json {

class Value {
public:
  enum class Kind { Null, Bool, Number, String, Array, Object };
  using Member = std::pair<std::string, Value>;

  Value() = default;
  Value(std::nullptr_t) {}
  Value(bool B) : K(Kind::Bool), B(B) {}
  Value(double N) : K(Kind::Number), N(N) {}
  Value(int N) : K(Kind::Number), N(N) {}
  Value(unsigned N) : K(Kind::Number), N(N) {}
  Value(int64_t N) : K(Kind::Number), N(double(N)) {}
  Value(uint64_t N) : K(Kind::Number), N(double(N)) {}
  Value(const char *S) : K(Kind::String), S(S) {}
  Value(std::string S) : K(Kind::String), S(std::move(S)) {}
  static Value array() {
    Value V;
    V.K = Kind::Array;
    return V;
  }
  static Value object() {
    Value V;
    V.K = Kind::Object;
    return V;
  }

  Kind kind() const { return K; }
  bool isNull() const { return K == Kind::Null; }
  bool isBool() const { return K == Kind::Bool; }
  bool isNumber() const { return K == Kind::Number; }
  bool isString() const { return K == Kind::String; }
  bool isArray() const { return K == Kind::Array; }
  bool isObject() const { return K == Kind::Object; }

  double number(double Default = 0) const {
    return K == Kind::Number ? N : Default;
  }
  bool boolean(bool Default = false) const {
    return K == Kind::Bool ? B : Default;
  }
  const std::string &string() const { return S; }
  const std::vector<Value> &elements() const { return A; }
  std::vector<Value> &elements() { return A; }
  const std::vector<Member> &members() const { return O; }

  /// Object member lookup; nullptr when absent or when this is no object.
  const Value *get(const std::string &Key) const;
  /// Shorthand: member as number, or Default when missing or not a number.
  double getNumber(const std::string &Key, double Default = 0) const;
  std::string getString(const std::string &Key) const;

  /// Sets (or replaces) an object member.
  Value &set(const std::string &Key, Value V);
  void push(Value V) { A.push_back(std::move(V)); }

  /// Serialises with two-space indentation.
  std::string dump(int Indent = 0) const;

private:
  Kind K = Kind::Null;
  bool B = false;
  double N = 0;
  std::string S;
  std::vector<Value> A;
  std::vector<Member> O;
};

Expected<Value> parse(const std::string &Text);
Expected<Value> readFile(const std::string &Path);
Error writeFile(const std::string &Path, const Value &V);

} // namespace json
} // namespace cal

#endif // CAL_RUNTIME_JSON_H
