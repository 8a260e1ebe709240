# lit configuration of the research tests: tests of the research scripts
# (research/*/), never run by the product's test command
# (scripts/run-tests.sh, ctest). Run them with research/run-tests.sh, or
#   lit -sv research/tests [--param build=DIR] [--param llvm_tools=DIR]
# build: the product's build directory, for cuda-access-lint (default
# build/ of this checkout); llvm_tools: where FileCheck is (default
# /usr/lib/llvm-22/bin).
import os
import sys
import lit.formats

config.name = "cuda-access-lint research"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cu", ".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
srcroot = os.path.dirname(os.path.dirname(config.test_source_root))
build = os.path.abspath(lit_config.params.get("build", os.path.join(srcroot, "build")))
config.test_exec_root = os.path.join(build, "research-tests")
llvm_tools = lit_config.params.get("llvm_tools", "/usr/lib/llvm-22/bin")
config.environment["PATH"] = os.pathsep.join(
    [os.path.join(build, "bin"), llvm_tools, os.environ.get("PATH", "")])
config.substitutions.append(("%cal", os.path.join(build, "bin", "cuda-access-lint")))
config.substitutions.append(("%srcroot", srcroot))
config.substitutions.append(("%python", sys.executable))
