#include "reports/svg_chart.hpp"

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <ostream>

#include "game/wording.hpp"
#include "results/rows.hpp"

namespace colorwalk {

namespace {

constexpr double kWidth = 1100;
constexpr double kRowHeight = 50;
constexpr double kStatsWidth = 200;
constexpr double kTop = 104;  // title, subtitle, legend
constexpr double kPanelTitle = 30;
constexpr double kAxisHeight = 50;
constexpr std::size_t kMaxLabel = 44;
constexpr const char* kInk = "#222222";
constexpr const char* kMuted = "#666666";
constexpr const char* kGrid = "#e3e3e3";
constexpr const char* kPublished = "#c0392b";

// Tableau 10: distinct, and readable on white.
constexpr const char* kPalette[] = {"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
                                    "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"};

const char* color_of(std::size_t i) {
  return kPalette[i % (sizeof kPalette / sizeof kPalette[0])];
}

// `raw` as XML text: markup characters escaped, invalid UTF-8 and the
// characters XML forbids (control bytes, U+FFFE, U+FFFF) replaced or dropped.
std::string escape(const std::string& raw) {
  std::string text = valid_utf8(raw);
  for (const char* forbidden : {"\xEF\xBF\xBE", "\xEF\xBF\xBF"})
    for (auto at = text.find(forbidden); at != std::string::npos; at = text.find(forbidden, at))
      text.replace(at, 3, "\xEF\xBF\xBD");
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        if (static_cast<unsigned char>(c) >= 0x20 || c == '\t') out += c;
    }
  }
  return out;
}

// Cuts a label to kMaxLabel bytes (an ellipsis marks the cut), never
// inside a UTF-8 character.
std::string shorten(const std::string& text) {
  if (text.size() <= kMaxLabel) return text;
  std::size_t cut = kMaxLabel - 1;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
    --cut;
  return text.substr(0, cut) + "\xE2\x80\xA6";
}

class Svg {
 public:
  // Appends the formatted text whole, however long (a cut would leave a tag open).
  void add(const char* format, ...) __attribute__((format(printf, 2, 3))) {
    va_list args, again;
    va_start(args, format);
    va_copy(again, args);
    const int n = std::vsnprintf(nullptr, 0, format, args);
    va_end(args);
    if (n > 0) {
      const std::size_t at = text_.size();
      text_.resize(at + static_cast<std::size_t>(n) + 1);
      std::vsnprintf(text_.data() + at, static_cast<std::size_t>(n) + 1, format, again);
      text_.resize(at + static_cast<std::size_t>(n));
    }
    va_end(again);
  }
  void raw(const std::string& text) { text_ += text; }
  const std::string& text() const { return text_; }

 private:
  std::string text_;
};

// A distribution drawn in one row: a histogram of boards per value and
// the five-number summary with the mean.
struct Distribution {
  std::map<std::int64_t, std::uint64_t> histogram;
  std::int64_t min = 0, q1 = 0, median = 0, q3 = 0, max = 0;
  double mean = 0;
  std::uint64_t count = 0;
};

template <typename Key>
Distribution describe(const std::map<Key, std::uint64_t>& histogram) {
  Distribution d;
  double sum = 0;
  for (const auto& [key, n] : histogram) {
    d.histogram[static_cast<std::int64_t>(key)] += n;
    d.count += n;
    sum += static_cast<double>(key) * static_cast<double>(n);
  }
  if (d.count == 0) return d;
  d.min = d.histogram.begin()->first;
  d.max = d.histogram.rbegin()->first;
  d.q1 = histogram_quantile(d.histogram, 0.25);
  d.median = histogram_quantile(d.histogram, 0.5);
  d.q3 = histogram_quantile(d.histogram, 0.75);
  d.mean = sum / static_cast<double>(d.count);
  return d;
}

// A tick step of 1, 2 or 5 times a power of ten giving at most `most` ticks.
std::int64_t tick_step(std::int64_t span, int most) {
  std::int64_t step = 1;
  while (true) {
    for (std::int64_t m : {1, 2, 5}) {
      if (span / (step * m) < most) return step * m;
    }
    step *= 10;
  }
}

struct Axis {
  double x0 = 0, x1 = 0;  // pixels
  double lo = 0, hi = 1;  // values at x0 and x1
  double at(double v) const { return x0 + (v - lo) / (hi - lo) * (x1 - x0); }
  double unit() const { return (x1 - x0) / (hi - lo); }
};

struct Panel {
  std::string title;
  std::string axis_label;
  std::vector<Distribution> rows;
  std::vector<std::string> stats1;  // first line of each row's figures
  std::vector<std::string> stats2;  // second line
  std::vector<double> published;    // a published mean per row, NaN for none
};

void draw_panel(Svg& svg, const Panel& panel, const std::vector<std::string>& labels,
                double label_width, double y) {
  const double x0 = label_width + 36;
  const double x1 = kWidth - kStatsWidth - 16;
  std::int64_t lo = 0, hi = 0;
  bool any = false;
  std::uint64_t tallest = 1;
  for (const Distribution& d : panel.rows) {
    if (d.count == 0) continue;
    lo = any ? std::min(lo, d.min) : d.min;
    hi = any ? std::max(hi, d.max) : d.max;
    any = true;
    for (const auto& [v, n] : d.histogram)
      tallest = std::max(tallest, n);
  }
  for (double p : panel.published) {
    if (std::isnan(p)) continue;
    lo = any ? std::min(lo, static_cast<std::int64_t>(std::floor(p)))
             : static_cast<std::int64_t>(std::floor(p));
    hi = any ? std::max(hi, static_cast<std::int64_t>(std::ceil(p)))
             : static_cast<std::int64_t>(std::ceil(p));
    any = true;
  }
  const std::int64_t step = tick_step(std::max<std::int64_t>(hi - lo, 1), 12);
  const std::int64_t first_tick = static_cast<std::int64_t>(
      std::floor(static_cast<double>(lo) / static_cast<double>(step)) * static_cast<double>(step));
  Axis axis{x0, x1, static_cast<double>(std::min(lo, first_tick)) - 0.5,
            static_cast<double>(hi) + 0.5};

  svg.add("<text x=\"24\" y=\"%.1f\" font-size=\"16\" font-weight=\"bold\" fill=\"%s\">%s</text>\n",
          y + 20, kInk, escape(panel.title).c_str());
  const double top = y + kPanelTitle;
  const double bottom = top + kRowHeight * static_cast<double>(panel.rows.size());
  // Row bands, then the grid over them.
  for (std::size_t i = 0; i < panel.rows.size(); ++i) {
    if (i % 2 == 1)
      svg.add("<rect x=\"16\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#f6f6f6\"/>\n",
              top + kRowHeight * static_cast<double>(i), kWidth - 32, kRowHeight);
  }
  for (std::int64_t t = first_tick; t <= hi; t += step) {
    if (static_cast<double>(t) < axis.lo) continue;
    const double x = axis.at(static_cast<double>(t));
    svg.add("<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", x, top, x,
            bottom, kGrid);
    svg.add("<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", x, bottom, x,
            bottom + 5, kInk);
    svg.add(
        "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" text-anchor=\"middle\" "
        "fill=\"%s\">%lld</text>\n",
        x, bottom + 19, kInk, static_cast<long long>(t));
  }
  svg.add("<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", x0, bottom, x1,
          bottom, kInk);
  svg.add(
      "<text x=\"%.1f\" y=\"%.1f\" font-size=\"13\" text-anchor=\"middle\" "
      "fill=\"%s\">%s</text>\n",
      (x0 + x1) / 2, bottom + 40, kInk, escape(panel.axis_label).c_str());

  const double bar_width = std::max(1.0, axis.unit() - (axis.unit() > 4 ? 1.5 : 0.0));
  for (std::size_t i = 0; i < panel.rows.size(); ++i) {
    const Distribution& d = panel.rows[i];
    const double ry = top + kRowHeight * static_cast<double>(i);
    const char* color = color_of(i);
    // The label, with the full text as a tooltip when it was shortened.
    svg.add("<rect x=\"24\" y=\"%.1f\" width=\"10\" height=\"10\" fill=\"%s\"/>\n", ry + 20, color);
    svg.add("<text x=\"40\" y=\"%.1f\" font-size=\"13\" fill=\"%s\">%s", ry + 29.5, kInk,
            escape(shorten(labels[i])).c_str());
    if (labels[i].size() > kMaxLabel) svg.add("<title>%s</title>", escape(labels[i]).c_str());
    svg.raw("</text>\n");
    svg.add("<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" fill=\"%s\">%s</text>\n",
            kWidth - kStatsWidth, ry + 21, kInk, escape(panel.stats1[i]).c_str());
    svg.add("<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" fill=\"%s\">%s</text>\n",
            kWidth - kStatsWidth, ry + 37, kMuted, escape(panel.stats2[i]).c_str());
    if (i < panel.published.size() && !std::isnan(panel.published[i])) {
      const double x = axis.at(panel.published[i]);
      svg.add(
          "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
          "stroke-width=\"2\" stroke-dasharray=\"3 2\"/>\n",
          x, ry + 3, x, ry + kRowHeight - 3, kPublished);
    }
    if (d.count == 0) {
      svg.add(
          "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" fill=\"%s\">no verified results</text>\n",
          x0 + 8, ry + 30, kMuted);
      continue;
    }
    // Histogram: boards per value, on a scale shared by every row.
    const double base = ry + 27;
    for (const auto& [v, n] : d.histogram) {
      const double h = 21.0 * static_cast<double>(n) / static_cast<double>(tallest);
      svg.add(
          "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" "
          "fill-opacity=\"0.45\"/>\n",
          axis.at(static_cast<double>(v)) - bar_width / 2, base - h, bar_width, std::max(h, 0.6),
          color);
    }
    // Box plot below it.
    const double cy = ry + 38;
    const double xmin = axis.at(static_cast<double>(d.min));
    const double xmax = axis.at(static_cast<double>(d.max));
    const double xq1 = axis.at(static_cast<double>(d.q1));
    const double xq3 = axis.at(static_cast<double>(d.q3));
    const double xmed = axis.at(static_cast<double>(d.median));
    const double xmean = axis.at(d.mean);
    svg.add(
        "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
        "stroke-width=\"1.5\"/>\n",
        xmin, cy, xmax, cy, kInk);
    for (double x : {xmin, xmax})
      svg.add(
          "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
          "stroke-width=\"1.5\"/>\n",
          x, cy - 4, x, cy + 4, kInk);
    svg.add(
        "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"12\" fill=\"%s\" stroke=\"%s\" "
        "stroke-width=\"1.2\"/>\n",
        xq1, cy - 6, std::max(xq3 - xq1, 2.0), color, kInk);
    svg.add(
        "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
        "stroke-width=\"2.5\"/>\n",
        xmed, cy - 6, xmed, cy + 6, kInk);
    svg.add(
        "<path d=\"M%.1f %.1f l4.5 4.5 l-4.5 4.5 l-4.5 -4.5 z\" fill=\"white\" stroke=\"%s\" "
        "stroke-width=\"1.3\"/>\n",
        xmean, cy - 4.5, kInk);
  }
}

std::string fixed(const char* format, double value) {
  char text[64];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

void draw_legend(Svg& svg, double y, bool published) {
  double x = 24;
  svg.add("<g font-size=\"12\" fill=\"%s\">\n", kInk);
  svg.add(
      "<rect x=\"%.1f\" y=\"%.1f\" width=\"16\" height=\"10\" fill=\"#4e79a7\" "
      "fill-opacity=\"0.45\"/>\n",
      x, y - 9);
  svg.add("<text x=\"%.1f\" y=\"%.1f\">boards per value</text>\n", x + 22, y);
  x += 150;
  svg.add(
      "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
      "stroke-width=\"1.5\"/>\n",
      x, y - 4, x + 44, y - 4, kInk);
  svg.add(
      "<rect x=\"%.1f\" y=\"%.1f\" width=\"20\" height=\"10\" fill=\"#4e79a7\" stroke=\"%s\"/>\n",
      x + 10, y - 9, kInk);
  svg.add(
      "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
      "stroke-width=\"2.5\"/>\n",
      x + 18, y - 9, x + 18, y + 1, kInk);
  svg.add(
      "<text x=\"%.1f\" y=\"%.1f\">box: middle half of the boards, bar: median, whiskers: "
      "min to max</text>\n",
      x + 52, y);
  x += 500;
  svg.add(
      "<path d=\"M%.1f %.1f l4.5 4.5 l-4.5 4.5 l-4.5 -4.5 z\" fill=\"white\" stroke=\"%s\" "
      "stroke-width=\"1.3\"/>\n",
      x + 5, y - 8.5, kInk);
  svg.add("<text x=\"%.1f\" y=\"%.1f\">mean</text>\n", x + 16, y);
  if (published) {
    x += 70;
    svg.add(
        "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
        "stroke-width=\"2\" stroke-dasharray=\"3 2\"/>\n",
        x + 5, y - 11, x + 5, y + 2, kPublished);
    svg.add("<text x=\"%.1f\" y=\"%.1f\">published mean</text>\n", x + 14, y);
  }
  svg.raw("</g>\n");
}

}  // namespace

void write_svg_chart(std::ostream& out, const std::string& title,
                     const std::vector<std::string>& solvers, const RunSummary& summary,
                     const std::vector<double>& published_means) {
  const auto& sums = summary.solvers();
  std::size_t longest = 6;
  for (const auto& s : solvers)
    longest = std::min(kMaxLabel, std::max(longest, s.size()));
  const double label_width = std::clamp(40 + 7.6 * static_cast<double>(longest), 150.0, 380.0);

  Panel moves;
  moves.title = "Moves per board (fewer is better)";
  moves.axis_label = "moves to clear the board";
  for (const SolverSummary& s : sums) {
    moves.rows.push_back(describe(s.moves_histogram));
    moves.stats1.push_back(s.boards == 0 ? std::string("no verified results")
                                         : "mean " + fixed("%.2f", s.mean) + "  sd " +
                                               fixed("%.2f", s.stdev));
    moves.stats2.push_back("min " + std::to_string(s.min) + "  max " + std::to_string(s.max) +
                           (s.failed > 0 ? "  failed " + std::to_string(s.failed) : ""));
  }
  moves.published = published_means;
  const bool any_published = std::any_of(published_means.begin(), published_means.end(),
                                         [](double p) { return !std::isnan(p); });
  const bool excess = summary.boards_with_optimum() > 0;
  Panel above;
  if (excess) {
    above.title = "Moves above the proven optimum (" +
                  std::to_string(summary.boards_with_optimum()) + " of " +
                  plural(summary.boards(), "board") +
                  (summary.boards_with_optimum() == 1 ? " has one)" : " have one)");
    above.axis_label = "moves above the optimum (0: optimal)";
    for (const SolverSummary& s : sums) {
      const Distribution d = describe(s.excess_histogram);
      above.rows.push_back(d);
      const auto at_optimum = s.excess_histogram.count(0) ? s.excess_histogram.at(0) : 0;
      above.stats1.push_back(d.count == 0
                                 ? std::string("no verified results")
                                 : "optimal on " +
                                       fixed("%.1f", 100.0 * static_cast<double>(at_optimum) /
                                                         static_cast<double>(d.count)) +
                                       "%");
      above.stats2.push_back(d.count == 0 ? std::string()
                                          : "mean +" + fixed("%.2f", d.mean) + "  max +" +
                                                std::to_string(d.max));
    }
  }
  const double panel_height =
      kPanelTitle + kRowHeight * static_cast<double>(sums.size()) + kAxisHeight + 14;
  const double height = kTop + panel_height * (excess ? 2 : 1) + 10;

  Svg svg;
  svg.add(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
      "viewBox=\"0 0 %.0f %.0f\" font-family=\"'DejaVu Sans', 'Liberation Sans', Arial, "
      "Helvetica, sans-serif\">\n",
      kWidth, height, kWidth, height);
  svg.add("<title>%s</title>\n", escape(title).c_str());
  svg.add("<rect width=\"%.0f\" height=\"%.0f\" fill=\"white\"/>\n", kWidth, height);
  svg.add("<text x=\"24\" y=\"34\" font-size=\"21\" font-weight=\"bold\" fill=\"%s\">%s</text>\n",
          kInk, escape(title).c_str());
  svg.add(
      "<text x=\"24\" y=\"58\" font-size=\"13\" fill=\"%s\">%zu boards, %zu solvers; every "
      "solution replayed on its board</text>\n",
      kMuted, summary.boards(), sums.size());
  draw_legend(svg, 86, any_published);
  draw_panel(svg, moves, solvers, label_width, kTop);
  if (excess) draw_panel(svg, above, solvers, label_width, kTop + panel_height);
  svg.raw("</svg>\n");
  out << svg.text();
}

}  // namespace colorwalk
