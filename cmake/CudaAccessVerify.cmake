# CudaAccessVerify.cmake: a ctest that runs a CUDA program under
# `cuda-access-verify run` and fails when the GPU's counters disagree with
# what cuda-access-lint predicted for the program's sources.
#
#   find_package(CudaAccessVerify REQUIRED)   # an installed cuda-access-lint
#                    # (-DCMAKE_PREFIX_PATH=PREFIX unless it is /usr or on PATH)
# or, from a source checkout:
#   list(APPEND CMAKE_MODULE_PATH /path/to/cuda-access-lint/cmake)
#   include(CudaAccessVerify)
# then
#   cuda_access_verify_test(NAME app.verify TARGET app [ARGS ...] [SOURCES ...])
#
# At build time the predictions for the target's .cu sources (or SOURCES)
# are written to ${CMAKE_CURRENT_BINARY_DIR}/NAME.predictions.json, by
# cuda-access-lint with the project's compile_commands.json (-p
# ${CMAKE_BINARY_DIR}) when CMAKE_EXPORT_COMPILE_COMMANDS is on, else with
# the target's include directories and definitions. The test NAME runs
#   cuda-access-verify run --predictions NAME.predictions.json
#     --html NAME.html --csv-out NAME.csv -- $<TARGET_FILE:TARGET> ARGS...
# and exits 0 when every judged row agrees, 1 on a mismatch, and 77 without
# a CUDA device, which ctest reports as skipped (SKIP_RETURN_CODE 77). The
# test is labelled "gpu" (ctest -L gpu).
#
# The tools: the targets of the same name when this is the cuda-access-lint
# build itself, else (find_package sets them to the installed prefix's
# tools when unset) the cache variables CUDA_ACCESS_LINT and
# CUDA_ACCESS_VERIFY, searched on PATH and in CUDA_ACCESS_LINT_ROOT/bin (a
# build or install directory). A missing tool is a WARNING and no test, or a
# FATAL_ERROR with -DCUDA_ACCESS_VERIFY_REQUIRED=ON.
include_guard(GLOBAL)

set(CUDA_ACCESS_LINT_ROOT "" CACHE PATH
  "cuda-access-lint build or install directory (its bin/ holds the tools)")
option(CUDA_ACCESS_VERIFY_REQUIRED
  "Stop configuring when cuda-access-lint or cuda-access-verify is missing" OFF)

# _cav_tool(OUT TARGET_NAME CACHE_VAR): the command that runs a tool, or
# empty. A target wins: inside the tool's own build the binary does not
# exist yet at configure time.
function(_cav_tool out name var)
  if(TARGET ${name})
    set(${out} "$<TARGET_FILE:${name}>" PARENT_SCOPE)
    return()
  endif()
  find_program(${var} NAMES ${name}
    HINTS "${CUDA_ACCESS_LINT_ROOT}/bin" "${CUDA_ACCESS_LINT_ROOT}"
    DOC "Path to ${name}")
  if(${var})
    set(${out} "${${var}}" PARENT_SCOPE)
  else()
    set(${out} "" PARENT_SCOPE)
  endif()
endfunction()

function(cuda_access_verify_test)
  cmake_parse_arguments(PARSE_ARGV 0 CAV "" "NAME;TARGET" "ARGS;SOURCES")
  if(NOT CAV_NAME OR NOT CAV_TARGET)
    message(FATAL_ERROR "cuda_access_verify_test: NAME and TARGET are required")
  endif()
  if(NOT TARGET ${CAV_TARGET})
    message(FATAL_ERROR "cuda_access_verify_test(${CAV_NAME}): no target "
                        "'${CAV_TARGET}' (define it before this call)")
  endif()

  _cav_tool(lint cuda-access-lint CUDA_ACCESS_LINT)
  _cav_tool(verify cuda-access-verify CUDA_ACCESS_VERIFY)
  set(missing "")
  if(NOT lint)
    list(APPEND missing "cuda-access-lint (set CUDA_ACCESS_LINT)")
  endif()
  if(NOT verify)
    list(APPEND missing "cuda-access-verify (set CUDA_ACCESS_VERIFY)")
  endif()
  if(missing)
    set(level WARNING)
    if(CUDA_ACCESS_VERIFY_REQUIRED)
      set(level FATAL_ERROR)
    endif()
    list(JOIN missing " and " text)
    message(${level} "cuda_access_verify_test(${CAV_NAME}): ${text} not "
      "found, on PATH or in CUDA_ACCESS_LINT_ROOT/bin "
      "('${CUDA_ACCESS_LINT_ROOT}'); the test is not added")
    return()
  endif()

  # The target's CUDA sources, as absolute paths: the analyzer predicts
  # kernels, and the line table of the binary names these files.
  set(sources ${CAV_SOURCES})
  if(NOT sources)
    get_target_property(all ${CAV_TARGET} SOURCES)
    get_target_property(dir ${CAV_TARGET} SOURCE_DIR)
    foreach(src IN LISTS all)
      if(src MATCHES "\\.cu$")
        get_filename_component(abs "${src}" ABSOLUTE BASE_DIR "${dir}")
        list(APPEND sources "${abs}")
      endif()
    endforeach()
  endif()
  if(NOT sources)
    message(FATAL_ERROR "cuda_access_verify_test(${CAV_NAME}): target "
      "'${CAV_TARGET}' has no .cu source; name them with SOURCES")
  endif()

  if(CMAKE_EXPORT_COMPILE_COMMANDS)
    # The compile commands the build uses: flags, -arch and includes as
    # nvcc gets them. The file is written when CMake generates, so it is
    # there before the build runs this command.
    set(how -p "${CMAKE_BINARY_DIR}" ${sources})
  else()
    set(incs "$<TARGET_PROPERTY:${CAV_TARGET},INCLUDE_DIRECTORIES>")
    set(defs "$<TARGET_PROPERTY:${CAV_TARGET},COMPILE_DEFINITIONS>")
    set(how ${sources} --
      "$<$<BOOL:${incs}>:-I$<JOIN:${incs},;-I>>"
      "$<$<BOOL:${defs}>:-D$<JOIN:${defs},;-D>>")
  endif()
  set(pred "${CMAKE_CURRENT_BINARY_DIR}/${CAV_NAME}.predictions.json")
  add_custom_command(OUTPUT "${pred}"
    COMMAND ${lint} --format=json --quiet "--output=${pred}" ${how}
    DEPENDS ${sources}
    COMMENT "cuda-access-lint: predictions for ${CAV_TARGET}"
    VERBATIM COMMAND_EXPAND_LISTS)
  add_custom_target(${CAV_NAME}.predictions ALL DEPENDS "${pred}")
  if(TARGET cuda-access-lint)
    add_dependencies(${CAV_NAME}.predictions cuda-access-lint)
  endif()

  set(out "${CMAKE_CURRENT_BINARY_DIR}/${CAV_NAME}")
  add_test(NAME ${CAV_NAME}
    COMMAND ${verify} run --predictions "${pred}" --html "${out}.html"
            --csv-out "${out}.csv" -- $<TARGET_FILE:${CAV_TARGET}> ${CAV_ARGS})
  set_tests_properties(${CAV_NAME} PROPERTIES
    SKIP_RETURN_CODE 77 LABELS gpu)
endfunction()
