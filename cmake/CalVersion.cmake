# CalVersion.cmake (cmake -P): the one version number of cuda-access-lint,
# written where the tools (--version, SARIF) and CPack read it.
#
#   cmake -DSOURCE_DIR=... -DOUT_DIR=... -DRELEASE=X.Y.Z [-DOVERRIDE=V]
#         [-DHOMEPAGE=URL] -P CalVersion.cmake
#
# From `git describe --tags --always --dirty`, spelled as Semantic Versioning
# so that SARIF's semanticVersion and a Debian version accept it:
#   at tag vX.Y.Z               X.Y.Z
#   N commits after vX.Y.Z      X.Y.Z+N.gHASH
#   no version tag              RELEASE+gHASH (RELEASE: CMakeLists.txt's)
#   modified working tree       ... .dirty (X.Y.Z+dirty at a tag)
# Without git (a source tarball, a container build that leaves .git out),
# RELEASE alone; OVERRIDE (the cache variable CAL_VERSION_OVERRIDE) wins.
#
# It runs at configure time and again at every build, and rewrites its
# outputs only when the version changed, so that a commit renames the build
# but an unchanged tree rebuilds nothing.
#
# Outputs: OUT_DIR/cal/Version.h (CAL_VERSION, CAL_RELEASE_VERSION, and
# CAL_HOMEPAGE_URL: HOMEPAGE, the cache variable of that name) and
# OUT_DIR/CalVersion.cmake (the same as CMake variables, for CPack).
cmake_minimum_required(VERSION 3.20)

set(version "${RELEASE}")
if(OVERRIDE)
  set(version "${OVERRIDE}")
else()
  find_program(GIT git)
  if(GIT)
    # --no-optional-locks: the dirty test must not take the index lock that
    # another git command in the same checkout may be holding.
    execute_process(
      COMMAND "${GIT}" --no-optional-locks -C "${SOURCE_DIR}" describe
              --tags --always --dirty --match "v[0-9]*"
      OUTPUT_VARIABLE described OUTPUT_STRIP_TRAILING_WHITESPACE
      RESULT_VARIABLE rc ERROR_QUIET)
    if(rc EQUAL 0)
      if(described MATCHES
         "^v([0-9]+\\.[0-9]+\\.[0-9]+)(-([0-9]+)-g([0-9a-f]+))?(-dirty)?$")
        set(version "${CMAKE_MATCH_1}")
        set(meta "")
        if(CMAKE_MATCH_2)
          set(meta "${CMAKE_MATCH_3}.g${CMAKE_MATCH_4}")
        endif()
        if(CMAKE_MATCH_5)
          if(meta)
            string(APPEND meta ".dirty")
          else()
            set(meta "dirty")
          endif()
        endif()
        if(meta)
          string(APPEND version "+${meta}")
        endif()
      elseif(described MATCHES "^([0-9a-f]+)(-dirty)?$")
        set(version "${RELEASE}+g${CMAKE_MATCH_1}")
        if(CMAKE_MATCH_2)
          string(APPEND version ".dirty")
        endif()
      endif()
    endif()
  endif()
endif()

# write_if_changed(FILE CONTENT): an unchanged file keeps its time stamp,
# so nothing that includes it is rebuilt.
function(write_if_changed file content)
  if(EXISTS "${file}")
    file(READ "${file}" old)
    if(old STREQUAL content)
      return()
    endif()
  endif()
  file(WRITE "${file}" "${content}")
endfunction()

write_if_changed("${OUT_DIR}/cal/Version.h"
"// Written by cmake/CalVersion.cmake at build time; not in the source tree.
#ifndef CAL_VERSION_H
#define CAL_VERSION_H
// The build's version: --version, SARIF's driver, the package.
#define CAL_VERSION \"${version}\"
// The release alone (CMakeLists.txt's project version): the JSON output's
// tool_version, which must not change with each commit.
#define CAL_RELEASE_VERSION \"${RELEASE}\"
// The project's public web address (-DCAL_HOMEPAGE_URL; empty by default):
// SARIF's informationUri and the base of its rules' helpUri.
#define CAL_HOMEPAGE_URL \"${HOMEPAGE}\"
#endif
")
write_if_changed("${OUT_DIR}/CalVersion.cmake"
"set(CAL_VERSION \"${version}\")
set(CAL_RELEASE_VERSION \"${RELEASE}\")
set(CAL_HOMEPAGE_URL \"${HOMEPAGE}\")
")
