//===- Spawn.h - Running the user's program, as system() would --*- C++ -*-===//
#ifndef CAL_TOOLS_VERIFY_SPAWN_H
#define CAL_TOOLS_VERIFY_SPAWN_H

#include <string>
#include <utility>
#include <vector>

/// The program as execvp would find it, or empty.
std::string findProgram(const std::string &Name);

/// Runs \p Args (execvp) with \p Env added to the environment and returns
/// its wait status (127 << 8 when it cannot start). Like system(), the
/// terminal's interrupt goes to the program while the verifier waits, to
/// assemble what was measured. \p Quiet sends its output to /dev/null.
int spawnProgram(const std::vector<std::string> &Args,
                 const std::vector<std::pair<std::string, std::string>> &Env,
                 bool Quiet);

#endif // CAL_TOOLS_VERIFY_SPAWN_H
