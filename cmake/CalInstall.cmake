# `cmake --install build --prefix P` and CPack (cpack --config
# build/CPackConfig.cmake: a .tar.gz and a .deb). Included at the end of the
# top-level CMakeLists.txt, after every target exists.
#
# The layout, the same in P, in the tarball and in the .deb (P = /usr):
#   bin/cuda-access-lint, bin/cuda-access-verify
#   lib/libcal-inject.so                   (cuda-access-verify: ../lib)
#   lib/cmake/CudaAccessVerify/            (find_package(CudaAccessVerify))
#   lib/cuda-access-lint/clang/include/    (clang's builtin headers)
#   share/cuda-access-lint/include/        (the built-in CUDA headers)
#   share/cuda-access-lint/ncu-source-lines.py
#   share/doc/cuda-access-lint/            (README, CHANGELOG, docs/)
# Every path the tools read at run time is found from their own executable
# (CudaFrontend.cpp, NcuReport.cpp, RunCommand.cpp), so the prefix can be
# moved; test/install checks that. "lib", not GNUInstallDirs' multiarch
# directory: the verifier looks for the injection library in ../lib.
include(CMakePackageConfigHelpers)

set(CAL_DOC_DIR share/doc/cuda-access-lint)
set(CAL_DATA_DIR share/cuda-access-lint)

if(CAL_ENABLE_ANALYZER)
  # The system's clang libraries, where the packages put them; the loader's
  # default path also has them on Debian.
  set_target_properties(cuda-access-lint PROPERTIES
    INSTALL_RPATH "${LLVM_LIBRARY_DIR}")
  install(TARGETS cuda-access-lint RUNTIME DESTINATION bin)
  install(FILES ${PROJECT_SOURCE_DIR}/analyzer/resources/cal_cuda_minimal.h
                ${PROJECT_SOURCE_DIR}/analyzer/resources/cal_nvcc_compat.h
          DESTINATION ${CAL_DATA_DIR}/include)
  # Clang's own headers (__clang_cuda_runtime_wrapper.h, the intrinsics):
  # those of the clang the tool links, carried along so that the tool needs
  # clang's run-time libraries only, not the libclang-common-dev package.
  install(DIRECTORY ${LLVM_LIBRARY_DIR}/clang/${LLVM_VERSION_MAJOR}/include
          DESTINATION lib/cuda-access-lint/clang)
endif()

if(TARGET cuda-access-verify)
  install(TARGETS cuda-access-verify RUNTIME DESTINATION bin)
  install(TARGETS cal-inject LIBRARY DESTINATION lib)
  install(PROGRAMS ${PROJECT_SOURCE_DIR}/scripts/ncu-source-lines.py
          DESTINATION ${CAL_DATA_DIR})
endif()

# find_package(CudaAccessVerify): the module, with a config file that points
# it at this prefix's tools.
set(CAL_CMAKE_DIR lib/cmake/CudaAccessVerify)
configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/CudaAccessVerifyConfig.cmake.in
  ${PROJECT_BINARY_DIR}/CudaAccessVerifyConfig.cmake
  INSTALL_DESTINATION ${CAL_CMAKE_DIR})
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/CudaAccessVerifyConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_SOURCE_DIR}/cmake/CudaAccessVerify.cmake
              ${PROJECT_BINARY_DIR}/CudaAccessVerifyConfig.cmake
              ${PROJECT_BINARY_DIR}/CudaAccessVerifyConfigVersion.cmake
        DESTINATION ${CAL_CMAKE_DIR})

install(FILES ${PROJECT_SOURCE_DIR}/README.md
              ${PROJECT_SOURCE_DIR}/CHANGELOG.md
              ${PROJECT_SOURCE_DIR}/CONTRIBUTING.md
        DESTINATION ${CAL_DOC_DIR})
# docs/ keeps its place beside README.md, whose links point into it.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs DESTINATION ${CAL_DOC_DIR})

# CPack. The version is the build's (cmake/CalVersion.cmake), read when
# cpack runs (CPackProjectConfig.cmake), not when CMake configured.
set(CPACK_PACKAGE_NAME cuda-access-lint)
set(CPACK_PACKAGE_VENDOR "cuda-access-lint")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "Static prediction of CUDA memory-access and branch behaviour, and its verification on a GPU")
set(CPACK_PACKAGE_CONTACT "cuda-access-lint maintainers")
set(CPACK_GENERATOR "TGZ;DEB")
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
# Written by hand rather than by dpkg-shlibdeps: libcupti comes from NVIDIA's
# toolkit, often not from a package at all, and must not be a dependency.
# The analyzer needs clang's run-time libraries; the verifier needs CUDA,
# which a machine that only lints has no use for.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libc6 (>= 2.34), libstdc++6 (>= 12), libgcc-s1")
if(CAL_ENABLE_ANALYZER)
  # A C++ library's headers too: every CUDA source includes them, and
  # clang's driver finds them through the GCC installation they come with.
  string(APPEND CPACK_DEBIAN_PACKAGE_DEPENDS
    ", libclang-cpp${LLVM_VERSION_MAJOR}, libllvm${LLVM_VERSION_MAJOR}"
    ", libstdc++-12-dev | libstdc++-dev")
endif()
if(TARGET cuda-access-verify)
  # runtime/ found it in its own scope; the version is needed here.
  find_package(CUDAToolkit QUIET)
  set(cal_cuda "${CUDAToolkit_VERSION_MAJOR}-${CUDAToolkit_VERSION_MINOR}")
  set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "cuda-cupti-${cal_cuda} | nvidia-cuda-toolkit")
  set(CPACK_DEBIAN_PACKAGE_SUGGESTS "cuda-toolkit-${cal_cuda}")
else()
  set(CPACK_DEBIAN_PACKAGE_SUGGESTS "cuda-toolkit")
endif()
configure_file(${PROJECT_SOURCE_DIR}/cmake/CPackProjectConfig.cmake.in
  ${PROJECT_BINARY_DIR}/CPackProjectConfig.cmake @ONLY)
set(CPACK_PROJECT_CONFIG_FILE ${PROJECT_BINARY_DIR}/CPackProjectConfig.cmake)
include(CPack)
