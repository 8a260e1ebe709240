# lit configuration for cuda-access-lint's output tests.
import os
import sys
import lit.formats

config.name = "cuda-access-lint"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cu", ".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(os.path.dirname(config.cal_bin_dir), "test", "lit")
config.environment["PATH"] = os.pathsep.join(
    [config.cal_bin_dir, config.llvm_tools_dir, config.environment.get("PATH", "")])
# One header cache for the whole suite, in the build tree: the first tests
# parse every header and start its builder, the rest load the PCH, so the
# suite checks that both paths give the same output. header-cache.test
# exercises the cache itself in a directory of its own.
config.environment["CAL_CACHE_DIR"] = os.path.join(config.test_exec_root, "header-cache")
config.substitutions.append(("%cal", os.path.join(config.cal_bin_dir, "cuda-access-lint")))
config.substitutions.append(("%kernels", os.path.join(config.cal_source_dir, "kernels")))
config.substitutions.append(("%srcroot", config.cal_source_dir))
if os.path.exists("/usr/local/cuda/include/cuda_runtime.h") or os.environ.get("CUDA_PATH"):
    config.available_features.add("cuda-toolkit")

# The cli tests: a fixture CMake CUDA project, nvcc and CMake to build its
# compilation database, and the official SARIF 2.1.0 schema, which lives
# beside the repository (../shared/data) and is never copied into it.
import shutil
import subprocess
config.substitutions.append(("%fixtures", os.path.join(config.cal_source_dir, "test", "fixtures")))
cuda_root = os.environ.get("CUDA_PATH", "/usr/local/cuda")
nvcc = os.path.join(cuda_root, "bin", "nvcc")
if os.access(nvcc, os.X_OK) and shutil.which("cmake"):
    config.available_features.add("nvcc-cmake")
    config.substitutions.append(("%nvcc", nvcc))
    config.substitutions.append(("%cmake_generator", "Ninja" if shutil.which("ninja") else "Unix Makefiles"))
else:
    lit_config.note("no nvcc at %s or no cmake: the CMake fixture test is skipped" % nvcc)
# $CAL_SARIF_SCHEMA overrides; a checkout in a worktree folder (wt/NAME)
# finds it one level further up.
schema_candidates = [os.environ.get("CAL_SARIF_SCHEMA", "")] + [
    os.path.normpath(os.path.join(config.cal_source_dir, up, "shared", "data", "sarif-schema-2.1.0.json"))
    for up in ("..", os.path.join("..", ".."))]
sarif_schema = next((p for p in schema_candidates if p and os.path.exists(p)), schema_candidates[1])
try:
    import jsonschema  # noqa: F401  (python3-jsonschema)
    have_jsonschema = True
except ImportError:
    have_jsonschema = False
if os.path.exists(sarif_schema) and have_jsonschema:
    config.available_features.add("sarif-schema")
    config.substitutions.append(("%sarif_schema", sarif_schema))
else:
    lit_config.warning("SARIF validation skipped: %s" % (
        "no schema at " + sarif_schema if not os.path.exists(sarif_schema)
        else "python3-jsonschema is not installed"))
config.substitutions.append(("%python", sys.executable))
# A build configured with -DCAL_HOMEPAGE_URL (docs/releasing.md) writes
# SARIF links that the default build must not (cli/sarif-homepage.test).
if getattr(config, "cal_homepage_url", ""):
    config.available_features.add("homepage-url")
# The language server's Neovim test (lsp/neovim.test).
if shutil.which("nvim"):
    config.available_features.add("nvim")
else:
    lit_config.note("nvim not installed: the Neovim language-server test is skipped")
if shutil.which("pre-commit") and shutil.which("git"):
    config.available_features.add("pre-commit")
else:
    lit_config.note("pre-commit or git not installed: the pre-commit hook test is skipped")

# clang-apply-replacements (Debian clang-tools-22) reads --export-fixes.
car = os.path.join(config.llvm_tools_dir, "clang-apply-replacements")
if os.access(car, os.X_OK):
    config.available_features.add("clang-apply-replacements")
    config.substitutions.append(("%clang_apply_replacements", car))
else:
    lit_config.note("no clang-apply-replacements: its --export-fixes test is skipped")

# The editors of the README's snippets (test/lit/cli/editor-*.test). Emacs
# (scripts/setup.sh installs emacs-nox, optional) runs the flymake backend;
# Neovim ("nvim" above) runs the nvim-lint snippet's parser, and the snippet itself where
# nvim-lint is installed: $CAL_NVIM_LINT (its checkout), else a package
# under Neovim's standard data directory (pack/*/start|opt, or lazy.nvim's).
if shutil.which("emacs"):
    config.available_features.add("emacs")
    # eglot: built into Emacs 29, a package before (Debian's elpa-eglot,
    # which scripts/setup.sh installs as optional).
    if subprocess.run(["emacs", "--batch", "-q", "--eval", "(require 'eglot)"],
                      stdout=subprocess.DEVNULL,
                      stderr=subprocess.DEVNULL).returncode == 0:
        config.available_features.add("eglot")
    else:
        lit_config.note("no eglot in emacs: the eglot language-server test is skipped")
else:
    lit_config.note("no emacs: the flymake snippet's editor test is skipped")
if shutil.which("nvim"):
    import glob
    data = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    nvim_lint = [p for p in [os.environ.get("CAL_NVIM_LINT", "")] + sorted(
        glob.glob(os.path.join(data, "nvim", "site", "pack", "*", "*", "nvim-lint"))
        + glob.glob(os.path.join(data, "nvim", "lazy", "nvim-lint")))
        if p and os.path.exists(os.path.join(p, "lua", "lint.lua"))]
    if nvim_lint:
        config.available_features.add("nvim-lint")
        config.substitutions.append(("%nvim_lint", nvim_lint[0]))
    else:
        lit_config.note("nvim-lint not found ($CAL_NVIM_LINT or Neovim's pack/ directory): "
                        "the nvim-lint snippet runs with a stand-in for its parser module only")
else:
    lit_config.note("no nvim: the nvim-lint snippet's tests are skipped too")
