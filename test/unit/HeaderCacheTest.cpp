//===- HeaderCacheTest.cpp - The include lines the header cache keeps -----===//
#include "cal/Frontend/HeaderCache.h"

#include "gtest/gtest.h"

using cal::HeaderCache;

namespace {

std::string preamble(llvm::StringRef Text) {
  return HeaderCache::preambleOf(Text, "");
}

TEST(HeaderCacheTest, IncludeLinesUpToTheFirstCode) {
  EXPECT_EQ(preamble("// c\n#include <a.h>\n\n#include \"b.h\" // why\n"
                     "int x;\n#include <c.h>\n"),
            "#include <a.h>\n#include \"b.h\"\n");
}

TEST(HeaderCacheTest, AByteOrderMarkIsNotALineOfCode) {
  // RichardAns/CUDA-Programs: files saved with a UTF-8 BOM before the first
  // comment; clang skips the mark, so the include lines start the file.
  EXPECT_EQ(preamble("\xEF\xBB\xBF// c\n#include \"cx.h\"\nint x;\n"),
            "#include \"cx.h\"\n");
  // Only at the very start: elsewhere the bytes are code.
  EXPECT_EQ(preamble("#include <a.h>\n\xEF\xBB\xBF#include <b.h>\n"),
            "#include <a.h>\n");
}

TEST(HeaderCacheTest, ConditionalBlocksOfIncludesAreKeptWhole) {
  // cuda-samples' nbody: the GL header differs by platform.
  EXPECT_EQ(preamble("#include <a.h>\n#if defined(__APPLE__)\n"
                     "#include <GLUT/glut.h>\n#else\n#include <GL/gl.h>\n"
                     "#endif\n#include <d.h>\nint x;\n"),
            "#include <a.h>\n#if defined(__APPLE__)\n#include <GLUT/glut.h>\n"
            "#else\n#include <GL/gl.h>\n#endif\n#include <d.h>\n");
}

TEST(HeaderCacheTest, WarningOptionsAreKeptOtherPragmasEnd) {
  // cuda-samples' nbody: `#pragma clang diagnostic ignored` in the block.
  EXPECT_EQ(preamble("#include <a.h>\n#pragma clang diagnostic ignored "
                     "\"-Wdeprecated-declarations\"\n#include <b.h>\n"),
            "#include <a.h>\n#pragma clang diagnostic ignored "
            "\"-Wdeprecated-declarations\"\n#include <b.h>\n");
  // Read again, `pack(push, 1)` would push a second time.
  EXPECT_EQ(preamble("#include <a.h>\n#pragma pack(push, 1)\n#include "
                     "<b.h>\n"),
            "#include <a.h>\n");
}

TEST(HeaderCacheTest, ABlockWithCodeIsLeftOut) {
  // The block cannot end in the entry's file: the lines before it only.
  EXPECT_EQ(preamble("#include <a.h>\n#ifdef X\nint y;\n#endif\n"),
            "#include <a.h>\n");
  EXPECT_EQ(preamble("#include <a.h>\n#ifdef X\n#include <b.h>\n"),
            "#include <a.h>\n");
}

TEST(HeaderCacheTest, MacrosBeforeIncludesAreKept) {
  EXPECT_EQ(preamble("#define N 4\n#include <a.h>\n#undef N\nint x;\n"),
            "#define N 4\n#include <a.h>\n#undef N\n");
  // Nothing to precompile without an include.
  EXPECT_EQ(preamble("#define N 4\nint x;\n"), "");
  // A macro continued on the next line ends the lines read.
  EXPECT_EQ(preamble("#include <a.h>\n#define M(x) \\\n  (x)\n#include "
                     "<b.h>\n"),
            "#include <a.h>\n");
}

TEST(HeaderCacheTest, AnIncludeGuardAroundTheFileKeepsNothing) {
  // A header analysed as a unit: its guard closes after the code.
  EXPECT_EQ(preamble("#ifndef K_H\n#define K_H\n#include <a.h>\nint x;\n"
                     "#endif\n"),
            "");
}

} // namespace
