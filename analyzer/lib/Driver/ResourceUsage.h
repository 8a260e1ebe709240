//===- ResourceUsage.h - Registers per kernel from ptxas --------*- C++ -*-===//
//
// --resource-usage: the file is compiled with the toolkit's nvcc
// (`--resource-usage`, ptxas's `-v`), and "Used N registers" is read per
// entry function. The count is the compiler's; the analyzer never guesses
// one.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_TOOLS_RESOURCEUSAGE_H
#define CAL_TOOLS_RESOURCEUSAGE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <map>
#include <string>

namespace cal {

/// Registers per thread per mangled entry function in ptxas's `-v` output:
/// "Compiling entry function '_Z1kPf' for 'sm_90'" then "Used 8 registers".
std::map<std::string, unsigned> parsePtxasRegisters(llvm::StringRef Output);

/// Runs `<ToolkitRoot>/bin/nvcc -arch=<Arch> --resource-usage -c -o
/// /dev/null -x cu <File>` with the -I/-D/-U/-std/-include arguments of
/// \p Args, and parses its output; an error with nvcc's last lines if it
/// fails.
llvm::Expected<std::map<std::string, unsigned>>
ptxasRegisters(llvm::StringRef ToolkitRoot, llvm::StringRef Arch,
               llvm::StringRef File, llvm::ArrayRef<std::string> Args);

} // namespace cal

#endif
