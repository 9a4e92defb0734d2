#include "results/rows.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>

namespace colorwalk {

std::string csv_field(std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
  return out;
}

namespace {

std::string format(const char* spec, double value) {
  char text[64];
  std::snprintf(text, sizeof text, spec, value);
  return text;
}

}  // namespace

std::string format_peak_mib(std::optional<std::uint64_t> bytes) {
  if (!bytes) return {};
  return format("%.1f", static_cast<double>(*bytes) / (1024.0 * 1024.0));
}

void append_csv_row(std::string& out, const BoardResult& r, std::string_view solver,
                    std::string_view run, bool peak_column, bool detail_columns) {
  out += std::to_string(r.board);
  out += ',';
  out += csv_field(solver);
  out += ',';
  out += std::to_string(r.moves);
  out += ',';
  out += r.solution;
  out += r.proven_optimal ? ",1," : ",0,";
  out += std::to_string(r.expanded);
  out += ',';
  out += format("%.6f", r.seconds);
  out += r.verified ? ",1," : ",0,";
  if (peak_column) {
    out += format_peak_mib(r.peak_bytes);
    out += ',';
  }
  out += csv_field(run);
  if (peak_column && detail_columns) {
    const auto number = [&](const auto& value) {
      out += ',';
      if (value) out += std::to_string(*value);
    };
    out += ',';
    out += csv_field(r.name);
    number(r.generated);
    number(r.pruned);
    number(r.lower_bound);
  }
  out += '\n';
}

std::string valid_utf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::size_t i = 0;
  while (i < text.size()) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char lead = byte(i);
    std::size_t length = 0;
    unsigned char low = 0x80, high = 0xBF;  // the range of the second byte (RFC 3629)
    if (lead < 0x80) {
      length = 1;
    } else if (lead >= 0xC2 && lead <= 0xDF) {
      length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      length = 3;
      if (lead == 0xE0) low = 0xA0;   // no overlong forms
      if (lead == 0xED) high = 0x9F;  // no surrogates
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      length = 4;
      if (lead == 0xF0) low = 0x90;   // no overlong forms
      if (lead == 0xF4) high = 0x8F;  // nothing above U+10FFFF
    }
    bool ok = length > 0 && i + length <= text.size();
    for (std::size_t k = 1; ok && k < length; ++k) {
      const unsigned char lo = k == 1 ? low : 0x80, hi = k == 1 ? high : 0xBF;
      ok = byte(i + k) >= lo && byte(i + k) <= hi;
    }
    if (ok) {
      out.append(text.substr(i, length));
      i += length;
    } else {
      out += "\xEF\xBF\xBD";  // U+FFFD for the one byte
      ++i;
    }
  }
  return out;
}

std::string json_string(std::string_view raw) {
  const std::string text = valid_utf8(raw);
  std::string out = "\"";
  for (char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char escaped[8];
          std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(c));
          out += escaped;
        } else {
          out += c;
        }
    }
  }
  out += '"';
  return out;
}

void append_json_row(std::string& out, const BoardResult& r, std::string_view solver) {
  out += "{\"type\":\"result\",\"board\":";
  out += std::to_string(r.board);
  out += ",\"solver\":";
  out += json_string(solver);
  out += ",\"moves\":";
  out += std::to_string(r.moves);
  out += ",\"solution\":";
  out += json_string(r.solution);
  out += ",\"proven_optimal\":";
  out += r.proven_optimal ? "true" : "false";
  out += ",\"expanded\":";
  out += std::to_string(r.expanded);
  out += ",\"seconds\":";
  out += format("%.6f", r.seconds);
  out += ",\"verified\":";
  out += r.verified ? "true" : "false";
  if (r.peak_bytes) {
    out += ",\"peak_mib\":";
    out += format_peak_mib(r.peak_bytes);
  }
  if (!r.name.empty()) out += ",\"name\":" + json_string(r.name);
  if (r.generated) out += ",\"generated\":" + std::to_string(*r.generated);
  if (r.pruned) out += ",\"pruned\":" + std::to_string(*r.pruned);
  if (r.lower_bound) out += ",\"lower_bound\":" + std::to_string(*r.lower_bound);
  if (!r.error.empty()) {
    out += ",\"error\":";
    out += json_string(r.error);
  }
  out += "}\n";
}

void append_json_run(std::string& out, const RunProvenance& p) {
  const auto list = [](const std::vector<std::string>& items) {
    std::string text = "[";
    for (std::size_t i = 0; i < items.size(); ++i)
      text += (i > 0 ? "," : "") + json_string(items[i]);
    return text + "]";
  };
  out += "{\"type\":\"run\",\"format\":" + std::to_string(RunProvenance::kFormat);
  out += ",\"version\":" + json_string(p.version);
  out += ",\"commit\":" + json_string(p.commit);
  out += ",\"source\":" + json_string(p.source);
  out += ",\"source_args\":" + list(p.source_args);
  out += ",\"boards\":" + std::to_string(p.boards);
  out += ",\"digest\":" + json_string(p.digest);
  out += ",\"rules\":" + json_string(p.rules);
  out += ",\"start\":" + json_string(p.start);
  out += ",\"shard\":" + json_string(p.shard);
  out += ",\"solver_seed\":" + std::to_string(p.solver_seed);
  out += ",\"memory_limit\":" + std::to_string(p.memory_limit);
  out += ",\"solvers\":" + list(p.solvers);
  out += "}\n";
}

namespace {

// Whether a run description's value is written as a JSON number: the keys
// that hold counts (kNumberInfoKeys), when the value is one.
bool is_number_info(std::string_view key, std::string_view value) {
  if (std::find(kNumberInfoKeys.begin(), kNumberInfoKeys.end(), key) == kNumberInfoKeys.end())
    return false;
  std::uint64_t number = 0;
  const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
  return error == std::errc{} && end == value.data() + value.size() &&
         (value.size() == 1 || value[0] != '0');
}

}  // namespace

void append_json_summary(std::string& out, const std::vector<std::string>& solvers,
                         const RunSummary& summary, const RunInfo& info) {
  out += "{\"type\":\"summary\"";
  for (const auto& [key, value] : info) {
    out += ',';
    out += json_string(key);
    out += ':';
    out += is_number_info(key, value) ? value : json_string(value);
  }
  out += ",\"boards\":";
  out += std::to_string(summary.boards());
  out += ",\"boards_with_optimum\":";
  out += std::to_string(summary.boards_with_optimum());
  out += ",\"solvers\":[";
  for (std::size_t i = 0; i < solvers.size(); ++i) {
    const SolverSummary& s = summary.solvers()[i];
    if (i > 0) out += ',';
    out += "{\"solver\":" + json_string(solvers[i]);
    out += ",\"boards\":" + std::to_string(s.boards);
    out += ",\"failed\":" + std::to_string(s.failed);
    // No verified board: no moves to describe (null, not zeros).
    const bool moves = s.boards > 0;
    out += ",\"min\":" + (moves ? std::to_string(s.min) : "null");
    out += ",\"mean\":" + (moves ? format("%.10g", s.mean) : "null");
    out += ",\"max\":" + (moves ? std::to_string(s.max) : "null");
    out += ",\"stdev\":" + (moves ? format("%.10g", s.stdev) : "null");
    out += ",\"proven_optimal\":" + std::to_string(s.proven_optimal);
    out += ",\"seconds\":" + format("%.6f", s.seconds);
    out += ",\"expanded\":" + std::to_string(s.expanded);
    if (summary.boards_with_optimum() > 0) {
      const auto at_optimum = s.excess_histogram.count(0) ? s.excess_histogram.at(0) : 0;
      std::uint64_t excess = 0;
      for (const auto& [e, n] : s.excess_histogram)
        excess += static_cast<std::uint64_t>(std::max<std::int64_t>(e, 0)) * n;
      out += ",\"boards_at_optimum\":" + std::to_string(at_optimum);
      out += ",\"mean_excess\":" +
             format("%.10g", s.excess_boards() == 0 ? 0.0
                                                    : static_cast<double>(excess) /
                                                          static_cast<double>(s.excess_boards()));
    }
    out += '}';
  }
  out += "]}\n";
}

}  // namespace colorwalk
