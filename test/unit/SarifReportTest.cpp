//===- SarifReportTest.cpp - SARIF's links to the project's pages ---------===//
//
// The build's CAL_HOMEPAGE_URL (empty by default) becomes the driver's
// informationUri and each rule's helpUri; the SARIF writer takes it as a
// parameter, as it takes the version, so that these tests pass one in
// without a build configured with it. lit cli/sarif-homepage.test checks
// that the default build writes neither key.
//
//===----------------------------------------------------------------------===//
#include "cal/Checks/Check.h"
#include "cal/Report/OutputFormats.h"
#include "cal/Report/Reporters.h"

#include "llvm/Support/JSON.h"
#include "gtest/gtest.h"

using namespace llvm;

namespace {

const json::Object &driver(const json::Value &Log) {
  return *Log.getAsObject()
              ->getArray("runs")
              ->front()
              .getAsObject()
              ->getObject("tool")
              ->getObject("driver");
}

/// A string member's value, "<absent>" without one (gtest prints it).
std::string text(std::optional<StringRef> S) {
  return S ? S->str() : "<absent>";
}

json::Value logFor(StringRef Version, StringRef Homepage) {
  return cal::sarifLog({}, {}, "/src", Version, Homepage);
}

TEST(SarifReport, NoHomepageNoLinks) {
  json::Value Log = logFor("0.2.0+3.gabc1234", "");
  const json::Object &D = driver(Log);
  EXPECT_EQ(text(D.getString("informationUri")), "<absent>");
  const json::Array *Rules = D.getArray("rules");
  ASSERT_NE(Rules, nullptr);
  ASSERT_FALSE(Rules->empty());
  for (const json::Value &R : *Rules)
    EXPECT_EQ(text(R.getAsObject()->getString("helpUri")), "<absent>");
}

TEST(SarifReport, HomepageOnMainForADevelopmentBuild) {
  json::Value Log = logFor("0.2.0+3.gabc1234", "https://example.org/o/cal");
  const json::Object &D = driver(Log);
  EXPECT_EQ(text(D.getString("informationUri")), "https://example.org/o/cal");
  const json::Array *Rules = D.getArray("rules");
  ASSERT_NE(Rules, nullptr);
  EXPECT_EQ(Rules->size(), cal::registeredChecks().size());
  for (const json::Value &R : *Rules)
    EXPECT_EQ(text(R.getAsObject()->getString("helpUri")),
              "https://example.org/o/cal/blob/main/README.md#checks")
        << text(R.getAsObject()->getString("id"));
}

TEST(SarifReport, HomepageAtTheTagForARelease) {
  // A trailing slash is not doubled; a release's pages are its tag's.
  json::Value Log = logFor("1.4.2", "https://example.org/o/cal/");
  const json::Array *Rules = driver(Log).getArray("rules");
  ASSERT_NE(Rules, nullptr);
  EXPECT_EQ(text(Rules->front().getAsObject()->getString("helpUri")),
            "https://example.org/o/cal/blob/v1.4.2/README.md#checks");
  // Neither a dirty tree at a tag nor a bare hash names a tag.
  for (StringRef V : {"1.4.2+dirty", "0.2.0+gabc1234", "1.4"}) {
    json::Value L = logFor(V, "https://example.org/o/cal");
    const json::Object &Rule =
        *driver(L).getArray("rules")->front().getAsObject();
    EXPECT_EQ(text(Rule.getString("helpUri")),
              "https://example.org/o/cal/blob/main/README.md#checks")
        << V.str();
  }
}

TEST(SarifReport, FormatWriterPassesTheHomepage) {
  cal::ReportInputs In;
  In.ToolName = "cuda-access-lint";
  In.ToolVersion = "2.0.1";
  In.SourceRoot = "/src";
  In.HomepageUrl = "https://example.org/o/cal";
  std::string Out;
  raw_string_ostream OS(Out);
  cal::findOutputFormat("sarif")->Write(OS, In);
  Expected<json::Value> Log = json::parse(Out);
  ASSERT_TRUE(bool(Log)) << toString(Log.takeError());
  const json::Object &D = driver(*Log);
  EXPECT_EQ(text(D.getString("informationUri")), "https://example.org/o/cal");
  EXPECT_EQ(
      text(D.getArray("rules")->front().getAsObject()->getString("helpUri")),
      "https://example.org/o/cal/blob/v2.0.1/README.md#checks");
}

} // namespace
