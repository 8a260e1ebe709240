//===- RunCommand.h - cuda-access-verify run ------------------*- C++ -*-===//
#ifndef CAL_TOOLS_RUNCOMMAND_H
#define CAL_TOOLS_RUNCOMMAND_H

/// `cuda-access-verify run [options] -- program args...`: profiles an
/// unmodified program through libcal-inject.so. \p Argv[0] is "run".
int runCommand(int Argc, char **Argv);

#endif // CAL_TOOLS_RUNCOMMAND_H
