// The live display's lines cut to the terminal's width (fit_to_columns),
// so that a redraw in place never wraps: code points counted, none split,
// the cut shown by a final '…'.
#include <gtest/gtest.h>

#include <string>

#include "reports/search_display.hpp"

using colorwalk::fit_to_columns;

namespace {

// Code points of a UTF-8 string.
std::size_t columns_of(const std::string& s) {
  std::size_t n = 0;
  for (const char c : s)
    n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

TEST(FitToColumns, KeepsALineThatFits) {
  EXPECT_EQ(fit_to_columns("  board 6  astar", 16), "  board 6  astar");
  EXPECT_EQ(fit_to_columns("  board 6  astar", 80), "  board 6  astar");
  EXPECT_EQ(fit_to_columns("", 0), "");
  EXPECT_EQ(fit_to_columns("", 5), "");
}

TEST(FitToColumns, CutsALongerLineToTheWidthWithAnEllipsis) {
  EXPECT_EQ(fit_to_columns("  board 6  astar", 15), "  board 6  ast\u2026");
  EXPECT_EQ(fit_to_columns("abcdef", 3), "ab\u2026");
  EXPECT_EQ(fit_to_columns("abcdef", 1), "\u2026");
  EXPECT_EQ(fit_to_columns("abcdef", 0), "");
  const std::string line =
      "  board 6  astar:threads=2,memo...  12s  3,456,789 nodes  812,345/s  lower 19  best 23  "
      "512.0 MiB";
  for (std::size_t width = 0; width < 120; ++width) {
    const std::string shown = fit_to_columns(line, width);
    EXPECT_EQ(columns_of(shown), std::min(width, line.size())) << width;
    if (width < line.size() && width > 0) {
      EXPECT_EQ(shown.substr(0, shown.size() - 3), line.substr(0, width - 1)) << width;
    }
  }
}

TEST(FitToColumns, NeverSplitsACodePoint) {
  // "é" is 2 bytes, "…" 3 and "€" 3: each one column.
  const std::string line = "\u00e9t\u00e9 \u2026 10\u20ac";  // "été … 10€", 9 columns
  EXPECT_EQ(fit_to_columns(line, 9), line);
  EXPECT_EQ(fit_to_columns(line, 8), "\u00e9t\u00e9 \u2026 1\u2026");
  EXPECT_EQ(fit_to_columns(line, 4), "\u00e9t\u00e9\u2026");
  EXPECT_EQ(fit_to_columns(line, 2), "\u00e9\u2026");
  for (std::size_t width = 0; width <= 10; ++width)
    EXPECT_EQ(columns_of(fit_to_columns(line, width)), std::min<std::size_t>(width, 9)) << width;
}

}  // namespace
