# lit configuration for cuda-access-lint's output tests.
import os
import lit.formats

config.name = "cuda-access-lint"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cu", ".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(os.path.dirname(config.cal_bin_dir), "test", "lit")
config.environment["PATH"] = os.pathsep.join(
    [config.cal_bin_dir, config.llvm_tools_dir, config.environment.get("PATH", "")])
config.substitutions.append(("%cal", os.path.join(config.cal_bin_dir, "cuda-access-lint")))
config.substitutions.append(("%kernels", os.path.join(config.cal_source_dir, "kernels")))
config.substitutions.append(("%srcroot", config.cal_source_dir))
if os.path.exists("/usr/local/cuda/include/cuda_runtime.h") or os.environ.get("CUDA_PATH"):
    config.available_features.add("cuda-toolkit")
