//===- Json.h - JSON values through nlohmann/json ---------------*- C++ -*-===//
//
// The verifier reads the analyzer's predictions and reads/writes raw
// measurements. llvm::json is not available on the GPU machine, so the
// values and the parser are nlohmann/json's (header-only, packaged by
// Debian); objects keep insertion order (ordered_json) so that the files we
// write diff cleanly between runs.
//
// What stays here: lookups that never throw, because these files are read
// leniently (a member that is missing or of another type reads as its
// default, as older files lack members); errors as cal::Error with the
// file, line and column; and the writer's layout (arrays of scalars on one
// line, numbers as "%.10g"), which the files have always had, so that
// measurements written before and after diff only where values differ.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_RUNTIME_JSON_H
#define CAL_RUNTIME_JSON_H

#include "cal/runtime/Error.h"
#include "cal/runtime/JsonFwd.h"

#include <nlohmann/json.hpp>

#include <string>

namespace cal {
namespace json {

/// Object member lookup; nullptr when absent or when \p O is no object.
const Value *get(const Value &O, const std::string &Key);
/// The number \p V holds, or \p Default when it holds none.
double number(const Value &V, double Default = 0);
/// The boolean \p V holds, or \p Default when it holds none.
bool boolean(const Value &V, bool Default = false);
/// The string \p V holds, or "" when it holds none.
const std::string &string(const Value &V);
/// The elements of an array, or none when \p V is no array.
const Value::array_t &elements(const Value &V);
/// The members of an object in file order, or none when \p V is no object.
const Value::object_t &members(const Value &V);
/// As above, none also for a member that get() did not find.
const Value::array_t &elements(const Value *V);
const Value::object_t &members(const Value *V);
/// Member as number, or \p Default when missing or not a number.
double getNumber(const Value &O, const std::string &Key, double Default = 0);
/// Member as string, or "" when missing or not a string.
std::string getString(const Value &O, const std::string &Key);

/// Serialises with two-space indentation, arrays of scalars on one line.
std::string print(const Value &V, int Indent = 0);

/// Parses RFC 8259 JSON; a failure gives line, column and the reason.
Expected<Value> parse(const std::string &Text);
/// As parse(), the failure as "PATH:LINE:COLUMN: JSON: reason".
Expected<Value> readFile(const std::string &Path);
/// print() and a final newline.
Error writeFile(const std::string &Path, const Value &V);

} // namespace json
} // namespace cal

#endif // CAL_RUNTIME_JSON_H
