//===- JsonFwd.h - The JSON value's type, declared only ---------*- C++ -*-===//
//
// For the headers that only declare functions taking or returning JSON: the
// library's full header is large, and the CUDA sources that include them
// (through Runner.h) need none of it. cal/runtime/Json.h has the rest.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_RUNTIME_JSONFWD_H
#define CAL_RUNTIME_JSONFWD_H

#include <nlohmann/json_fwd.hpp>

namespace cal {
namespace json {
using Value = nlohmann::ordered_json;
} // namespace json
} // namespace cal

#endif // CAL_RUNTIME_JSONFWD_H
