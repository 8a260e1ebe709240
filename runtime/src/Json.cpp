//===- Json.cpp - Minimal JSON reader and writer --------------------------===//
//
// A recursive-descent reader for RFC 8259 JSON (no comments, no trailing
// commas) and a writer with stable member order.
//
//===----------------------------------------------------------------------===//
#include "cal/runtime/Json.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace cal {
namespace json {

const Value *Value::get(const std::string &Key) const {
  if (K != Kind::Object)
    return nullptr;
  for (const Member &M : O)
    if (M.first == Key)
      return &M.second;
  return nullptr;
}

double Value::getNumber(const std::string &Key, double Default) const {
  const Value *V = get(Key);
  return V && V->isNumber() ? V->N : Default;
}

std::string Value::getString(const std::string &Key) const {
  const Value *V = get(Key);
  return V && V->isString() ? V->S : std::string();
}

Value &Value::set(const std::string &Key, Value V) {
  assert(K == Kind::Object && "set on a non-object");
  for (Member &M : O)
    if (M.first == Key) {
      M.second = std::move(V);
      return M.second;
    }
  O.emplace_back(Key, std::move(V));
  return O.back().second;
}

static void quote(std::string &Out, const std::string &S) {
  Out += '"';
  for (unsigned char C : S) {
    switch (C) {
    case '"':
      Out += "\\\"";
      break;
    case '\\':
      Out += "\\\\";
      break;
    case '\n':
      Out += "\\n";
      break;
    case '\t':
      Out += "\\t";
      break;
    case '\r':
      Out += "\\r";
      break;
    default:
      if (C < 0x20) {
        char Buf[8];
        std::snprintf(Buf, sizeof(Buf), "\\u%04x", C);
        Out += Buf;
      } else {
        Out += char(C);
      }
    }
  }
  Out += '"';
}

static void dumpTo(std::string &Out, const Value &V, int Indent) {
  std::string Pad(Indent + 2, ' ');
  switch (V.kind()) {
  case Value::Kind::Null:
    Out += "null";
    return;
  case Value::Kind::Bool:
    Out += V.boolean() ? "true" : "false";
    return;
  case Value::Kind::Number: {
    double N = V.number();
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
    return;
  }
  case Value::Kind::String:
    quote(Out, V.string());
    return;
  case Value::Kind::Array: {
    if (V.elements().empty()) {
      Out += "[]";
      return;
    }
    // Arrays of scalars stay on one line: grids, blocks and ranges read better.
    bool Flat = true;
    for (const Value &E : V.elements())
      Flat &= !E.isArray() && !E.isObject();
    Out += Flat ? "[" : "[\n";
    bool First = true;
    for (const Value &E : V.elements()) {
      if (!First)
        Out += Flat ? ", " : ",\n";
      First = false;
      if (!Flat)
        Out += Pad;
      dumpTo(Out, E, Indent + 2);
    }
    if (!Flat)
      Out += "\n" + std::string(Indent, ' ');
    Out += "]";
    return;
  }
  case Value::Kind::Object: {
    if (V.members().empty()) {
      Out += "{}";
      return;
    }
    Out += "{\n";
    bool First = true;
    for (const Value::Member &M : V.members()) {
      if (!First)
        Out += ",\n";
      First = false;
      Out += Pad;
      quote(Out, M.first);
      Out += ": ";
      dumpTo(Out, M.second, Indent + 2);
    }
    Out += "\n" + std::string(Indent, ' ') + "}";
    return;
  }
  }
}

std::string Value::dump(int Indent) const {
  std::string Out;
  dumpTo(Out, *this, Indent);
  return Out;
}

namespace {
class Parser {
public:
  explicit Parser(const std::string &T) : T(T) {}

  Expected<Value> parseDocument() {
    Value V;
    if (Error E = parseValue(V, 0))
      return std::move(E);
    skipSpace();
    if (P != T.size())
      return fail("trailing characters");
    return V;
  }

private:
  const std::string &T;
  size_t P = 0;

  Error fail(const std::string &What) {
    return Error::failure("JSON: " + What + " at offset " + std::to_string(P));
  }
  void skipSpace() {
    while (P < T.size() &&
           (T[P] == ' ' || T[P] == '\n' || T[P] == '\t' || T[P] == '\r'))
      ++P;
  }
  bool literal(const char *L) {
    size_t N = std::char_traits<char>::length(L);
    if (T.compare(P, N, L) != 0)
      return false;
    P += N;
    return true;
  }

  Error parseValue(Value &Out, int Depth) {
    if (Depth > 200)
      return fail("nesting too deep");
    skipSpace();
    if (P >= T.size())
      return fail("unexpected end");
    char C = T[P];
    if (C == '{')
      return parseObject(Out, Depth);
    if (C == '[')
      return parseArray(Out, Depth);
    if (C == '"') {
      std::string S;
      if (Error E = parseString(S))
        return E;
      Out = Value(std::move(S));
      return Error::success();
    }
    if (literal("null")) {
      Out = Value();
      return Error::success();
    }
    if (literal("true")) {
      Out = Value(true);
      return Error::success();
    }
    if (literal("false")) {
      Out = Value(false);
      return Error::success();
    }
    const char *Begin = T.c_str() + P;
    char *End = nullptr;
    double N = std::strtod(Begin, &End);
    if (End == Begin)
      return fail("unexpected character");
    P += size_t(End - Begin);
    Out = Value(N);
    return Error::success();
  }

  Error parseString(std::string &Out) {
    ++P; // opening quote
    while (P < T.size() && T[P] != '"') {
      char C = T[P++];
      if (C != '\\') {
        Out += C;
        continue;
      }
      if (P >= T.size())
        break;
      char Esc = T[P++];
      switch (Esc) {
      case 'n':
        Out += '\n';
        break;
      case 't':
        Out += '\t';
        break;
      case 'r':
        Out += '\r';
        break;
      case 'b':
        Out += '\b';
        break;
      case 'f':
        Out += '\f';
        break;
      case 'u': {
        if (P + 4 > T.size())
          return fail("short \\u escape");
        unsigned Code = std::stoul(T.substr(P, 4), nullptr, 16);
        P += 4;
        // Encode the BMP code point as UTF-8; surrogate pairs do not occur in
        // the files this project writes.
        if (Code < 0x80) {
          Out += char(Code);
        } else if (Code < 0x800) {
          Out += char(0xC0 | (Code >> 6));
          Out += char(0x80 | (Code & 0x3F));
        } else {
          Out += char(0xE0 | (Code >> 12));
          Out += char(0x80 | ((Code >> 6) & 0x3F));
          Out += char(0x80 | (Code & 0x3F));
        }
        break;
      }
      default:
        Out += Esc; // \" \\ \/
      }
    }
    if (P >= T.size())
      return fail("unterminated string");
    ++P; // closing quote
    return Error::success();
  }

  Error parseArray(Value &Out, int Depth) {
    ++P;
    Out = Value::array();
    skipSpace();
    if (P < T.size() && T[P] == ']') {
      ++P;
      return Error::success();
    }
    while (true) {
      Value E;
      if (Error Err = parseValue(E, Depth + 1))
        return Err;
      Out.push(std::move(E));
      skipSpace();
      if (P < T.size() && T[P] == ',') {
        ++P;
        continue;
      }
      if (P < T.size() && T[P] == ']') {
        ++P;
        return Error::success();
      }
      return fail("expected ',' or ']'");
    }
  }

  Error parseObject(Value &Out, int Depth) {
    ++P;
    Out = Value::object();
    skipSpace();
    if (P < T.size() && T[P] == '}') {
      ++P;
      return Error::success();
    }
    while (true) {
      skipSpace();
      if (P >= T.size() || T[P] != '"')
        return fail("expected member name");
      std::string Key;
      if (Error E = parseString(Key))
        return E;
      skipSpace();
      if (P >= T.size() || T[P] != ':')
        return fail("expected ':'");
      ++P;
      Value V;
      if (Error E = parseValue(V, Depth + 1))
        return E;
      Out.set(Key, std::move(V));
      skipSpace();
      if (P < T.size() && T[P] == ',') {
        ++P;
        continue;
      }
      if (P < T.size() && T[P] == '}') {
        ++P;
        return Error::success();
      }
      return fail("expected ',' or '}'");
    }
  }
};
} // namespace

Expected<Value> parse(const std::string &Text) {
  return Parser(Text).parseDocument();
}

Expected<Value> readFile(const std::string &Path) {
  std::ifstream In(Path);
  if (!In)
    return Error::failure("cannot open '" + Path + "'");
  std::stringstream SS;
  SS << In.rdbuf();
  Expected<Value> V = parse(SS.str());
  if (!V)
    return V.takeError().context(Path);
  return V;
}

Error writeFile(const std::string &Path, const Value &V) {
  std::ofstream Out(Path);
  if (!Out)
    return Error::failure("cannot write '" + Path + "'");
  Out << V.dump() << "\n";
  return Out ? Error::success() : Error::failure("write failed: " + Path);
}

} // namespace json
} // namespace cal
