//===- HtmlReportTest.cpp - The comparison as an HTML page ----------------===//
//
// Rows built by hand (the comparison itself is tested in CompareTest.cpp):
// escaping, the source text of a line, one plot point per numeric judged
// row, the yes/no counts, and the highlighting of a mismatch. The page in a
// real browser: test/html/check-html-report.sh.
//
//===----------------------------------------------------------------------===//
#include "cal/runtime/HtmlReport.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

using namespace cal;

namespace {

unsigned count(const std::string &Text, const std::string &Needle) {
  unsigned N = 0;
  for (size_t At = Text.find(Needle); At != std::string::npos;
       At = Text.find(Needle, At + 1))
    ++N;
  return N;
}

Row row(const std::string &Scope, const std::string &Quantity, double P,
        double M, Verdict V, const std::string &Tol = "+-0.40") {
  Row R;
  R.Launch = "#0 copy<float>";
  R.Kernel = "copy<float>";
  R.Scope = Scope;
  R.Quantity = Quantity;
  R.Predicted = P, R.Measured = M;
  R.PredictedText = std::to_string(int(P)),
  R.MeasuredText = std::to_string(int(M));
  R.Tolerance = Tol;
  R.V = V;
  return R;
}

class HtmlReportTest : public ::testing::Test {
protected:
  std::string Dir;

  void SetUp() override {
    char Tmpl[] = "/tmp/cal-html-test-XXXXXX";
    ASSERT_NE(mkdtemp(Tmpl), nullptr);
    Dir = Tmpl;
    std::ofstream(Dir + "/k.cu") << "// line 1\n"
                                 << "  Out[I] = In[I] < 2 && \"x\";\n";
  }
  void TearDown() override {
    std::remove((Dir + "/k.cu").c_str());
    rmdir(Dir.c_str());
  }

  Comparison sample() {
    Comparison C;
    C.HavePredictions = true;
    C.Rows.push_back(
        row("kernel", "global_ld sectors/req", 4, 4, Verdict::Agree));
    C.Rows.push_back(row("kernel", "divergent branches", 1, 32768,
                         Verdict::Agree, "yes/no"));
    // Recorded where the program was built; found here under a root.
    C.Rows.push_back(row("/elsewhere/src/k.cu:2", "global_ld sectors/req", 4,
                         32, Verdict::Mismatch));
    C.Rows.push_back(
        row("gone.cu:7", "global_st sectors/req", 4, 4, Verdict::Agree));
    C.Rows.push_back(row("gone.cu:8", "global_st sectors/req", 0, 4,
                         Verdict::NoPrediction, ""));
    C.Agree = 3, C.Mismatch = 1, C.NoPrediction = 1;
    return C;
  }
};

TEST_F(HtmlReportTest, EscapesText) {
  EXPECT_EQ(htmlEscape("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&#39;");
  HtmlOptions O;
  O.Title = "<script>";
  std::string H = toHtml(sample(), O);
  EXPECT_EQ(count(H, "<script>"), 0u);
  EXPECT_NE(H.find("&lt;script&gt;"), std::string::npos);
  EXPECT_EQ(count(H, "copy<float>"), 0u);
  EXPECT_NE(H.find("#0 copy&lt;float&gt;"), std::string::npos);
}

TEST_F(HtmlReportTest, OnePointPerNumericJudgedRow) {
  std::string H = toHtml(sample());
  // Two agreeing numeric rows and one mismatch; the yes/no row and the
  // unjudged row are not drawn.
  EXPECT_EQ(count(H, "<circle class=\"pt agree\""), 2u);
  EXPECT_EQ(count(H, "<circle class=\"pt mismatch\""), 1u);
  EXPECT_NE(H.find("data-rows=\"1\""), std::string::npos);
  EXPECT_NE(H.find("class=\"diag\""), std::string::npos);
  EXPECT_NE(H.find("(log2 axis)"), std::string::npos);
  HtmlOptions Lin;
  Lin.LogAxes = false;
  EXPECT_EQ(toHtml(sample(), Lin).find("log2"), std::string::npos);
}

TEST_F(HtmlReportTest, TimesAndFindingsBySaving) {
  Comparison C = sample();
  // Estimated 196.7 us against 329.6 measured: 0.60, within a factor of 2,
  // drawn as agreeing on the time plot; 40 against 100: 0.4, not.
  LaunchCost A;
  A.Launch = "#0 copy<float>";
  A.Kernel = "copy<float>";
  A.PredictedUs = 196.7, A.MeasuredUs = 329.6;
  A.BoundBy = "l2-sectors", A.Certainty = "estimate";
  A.Findings.push_back({"k.cu:2", "global store", 162.8, 0.78});
  LaunchCost B = A;
  B.Launch = "#1 other";
  B.PredictedUs = 40, B.MeasuredUs = 100;
  B.Findings.clear();
  C.Costs = {A, B};
  std::string H = toHtml(C);
  size_t Time = H.find("<svg id=\"time-scatter\"");
  ASSERT_NE(Time, std::string::npos);
  std::string Plot = H.substr(Time, H.find("</svg>", Time) - Time);
  EXPECT_EQ(count(Plot, "<circle class=\"pt agree\""), 1u);
  EXPECT_EQ(count(Plot, "<circle class=\"pt mismatch\""), 1u);
  EXPECT_EQ(count(H, "<table class=\"costs\">"), 1u);
  EXPECT_NE(H.find("estimated time 0.20 ms (l2-sectors, estimate), measured "
                   "0.33 ms"),
            std::string::npos);
  EXPECT_NE(H.find("<td class=\"n\">0.16 ms</td><td class=\"n\">78.00%"),
            std::string::npos);
}

TEST_F(HtmlReportTest, SourceLinesAndHighlighting) {
  HtmlOptions O;
  O.SourceRoots.push_back(Dir);
  std::string H = toHtml(sample(), O);
  EXPECT_NE(H.find("<code>  Out[I] = In[I] &lt; 2 &amp;&amp; &quot;x&quot;;"
                   "</code>"),
            std::string::npos);
  EXPECT_EQ(count(H, "source not available"), 2u); // gone.cu:7 and :8
  EXPECT_EQ(count(H, "<tr class=\"line-row mismatch\""), 1u);
  EXPECT_EQ(count(H, "<tr class=\"line-row\""), 2u);
  EXPECT_EQ(count(H, "<td class=\"n mismatch\""), 2u); // pred. and meas.
  EXPECT_EQ(count(H, "<tr class=\"kernel-row "), 2u);
  EXPECT_NE(H.find("<section class=\"launch has-mismatch\""),
            std::string::npos);
  // Without the root the file is not found.
  EXPECT_EQ(count(toHtml(sample()), "source not available"), 3u);
}

TEST_F(HtmlReportTest, CliOptions) {
  HtmlCli Cli;
  std::ostringstream Err;
  EXPECT_TRUE(HtmlCli::takes("--html-axes"));
  EXPECT_FALSE(HtmlCli::takes("--csv-out"));
  EXPECT_TRUE(Cli.set("--html", "r.html", Err));
  EXPECT_TRUE(Cli.set("--html-axes", "linear", Err));
  EXPECT_FALSE(Cli.Options.LogAxes);
  EXPECT_FALSE(Cli.set("--html-axes", "semilog", Err));
  EXPECT_NE(Err.str().find("log or linear"), std::string::npos);
  Measurements M;
  M.Device.Name = "NVIDIA H100 <test>";
  EXPECT_NE(Cli.render(sample(), M).find("NVIDIA H100 &lt;test&gt;"),
            std::string::npos);
}

} // namespace
