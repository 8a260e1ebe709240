//===- Builtins.h - Calls the interpreter models by name --------*- C++ -*-===//
#ifndef CAL_ANALYSIS_BUILTINS_H
#define CAL_ANALYSIS_BUILTINS_H

#include "llvm/ADT/StringRef.h"

namespace cal {

/// Whether the interpreter models a call of a system header's free function
/// named \p Name (atomics, shuffles, loads, maths, texture fetches) from its
/// name alone, never from its body.
bool modelledByName(llvm::StringRef Name);

} // namespace cal

#endif
