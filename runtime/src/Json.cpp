//===- Json.cpp - Lenient lookups and the writer's layout -----------------===//
#include "cal/runtime/Json.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace cal {
namespace json {

const Value *get(const Value &O, const std::string &Key) {
  if (!O.is_object())
    return nullptr;
  auto It = O.find(Key);
  return It == O.end() ? nullptr : &*It;
}

double number(const Value &V, double Default) {
  return V.is_number() ? V.get<double>() : Default;
}

bool boolean(const Value &V, bool Default) {
  return V.is_boolean() ? V.get<bool>() : Default;
}

const std::string &string(const Value &V) {
  static const std::string None;
  return V.is_string() ? V.get_ref<const std::string &>() : None;
}

const Value::array_t &elements(const Value &V) {
  static const Value::array_t None;
  return V.is_array() ? V.get_ref<const Value::array_t &>() : None;
}

const Value::object_t &members(const Value &V) {
  static const Value::object_t None;
  return V.is_object() ? V.get_ref<const Value::object_t &>() : None;
}

const Value::array_t &elements(const Value *V) {
  static const Value::array_t None;
  return V ? elements(*V) : None;
}

const Value::object_t &members(const Value *V) {
  static const Value::object_t None;
  return V ? members(*V) : None;
}

double getNumber(const Value &O, const std::string &Key, double Default) {
  const Value *V = get(O, Key);
  return V ? number(*V, Default) : Default;
}

std::string getString(const Value &O, const std::string &Key) {
  const Value *V = get(O, Key);
  return V ? string(*V) : std::string();
}

static void printNumber(std::string &Out, double N) {
  if (!std::isfinite(N)) {
    Out += "null"; // JSON has no NaN; absent measurements stay absent.
    return;
  }
  char Buf[32];
  if (N == std::floor(N) && std::fabs(N) < 9.0e15)
    std::snprintf(Buf, sizeof(Buf), "%.0f", N);
  else
    std::snprintf(Buf, sizeof(Buf), "%.10g", N);
  Out += Buf;
}

static void printTo(std::string &Out, const Value &V, int Indent) {
  std::string Pad(Indent + 2, ' ');
  if (V.is_number()) {
    printNumber(Out, V.get<double>());
    return;
  }
  if (V.is_array()) {
    if (V.empty()) {
      Out += "[]";
      return;
    }
    // Arrays of scalars stay on one line: grids, blocks and ranges read better.
    bool Flat = true;
    for (const Value &E : V)
      Flat &= !E.is_structured();
    Out += Flat ? "[" : "[\n";
    bool First = true;
    for (const Value &E : V) {
      if (!First)
        Out += Flat ? ", " : ",\n";
      First = false;
      if (!Flat)
        Out += Pad;
      printTo(Out, E, Indent + 2);
    }
    if (!Flat)
      Out += "\n" + std::string(Indent, ' ');
    Out += "]";
    return;
  }
  if (V.is_object()) {
    if (V.empty()) {
      Out += "{}";
      return;
    }
    Out += "{\n";
    bool First = true;
    for (const auto &M : V.items()) {
      if (!First)
        Out += ",\n";
      First = false;
      Out += Pad;
      printTo(Out, Value(M.key()), Indent + 2);
      Out += ": ";
      printTo(Out, M.value(), Indent + 2);
    }
    Out += "\n" + std::string(Indent, ' ') + "}";
    return;
  }
  // Strings, booleans and null in the library's spelling. Bytes that are
  // not UTF-8 (a path from another machine) become U+FFFD rather than a
  // file that no JSON reader, ours included, accepts.
  Out += V.dump(-1, ' ', false, Value::error_handler_t::replace);
}

std::string print(const Value &V, int Indent) {
  std::string Out;
  printTo(Out, V, Indent);
  return Out;
}

/// The failure of parsing \p Text as "LINE:COLUMN: JSON: reason": the
/// library's byte count locates it, the reason is its message without the
/// exception's id and its own location.
static Error parseFailure(const std::string &Text, const Value::exception &E,
                          size_t Byte) {
  std::string What = E.what();
  if (size_t Id = What.find("] "); Id != std::string::npos)
    What.erase(0, Id + 2);
  if (What.rfind("parse error", 0) == 0)
    if (size_t Colon = What.find(": "); Colon != std::string::npos)
      What.erase(0, Colon + 2);
  // Byte counts the characters read, the offending one last.
  size_t Pos = std::min(Byte ? Byte - 1 : 0, Text.size());
  size_t Line = 1, LineStart = 0;
  for (size_t I = 0; I < Pos; ++I)
    if (Text[I] == '\n')
      ++Line, LineStart = I + 1;
  return Error::failure(std::to_string(Line) + ":" +
                        std::to_string(Pos - LineStart + 1) +
                        ": JSON: " + What);
}

Expected<Value> parse(const std::string &Text) {
  try {
    return Value::parse(Text);
  } catch (const Value::parse_error &E) {
    return parseFailure(Text, E, E.byte);
  } catch (const Value::exception &E) {
    return parseFailure(Text, E, 0);
  }
}

Expected<Value> readFile(const std::string &Path) {
  std::ifstream In(Path);
  if (!In)
    return Error::failure("cannot open '" + Path + "'");
  std::stringstream SS;
  SS << In.rdbuf();
  Expected<Value> V = parse(SS.str());
  if (!V)
    return Error::failure(Path + ":" + V.error().message());
  return V;
}

Error writeFile(const std::string &Path, const Value &V) {
  std::ofstream Out(Path);
  if (!Out)
    return Error::failure("cannot write '" + Path + "'");
  Out << print(V) << "\n";
  return Out ? Error::success() : Error::failure("write failed: " + Path);
}

} // namespace json
} // namespace cal
