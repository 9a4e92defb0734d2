#include "results/provenance.hpp"

#include <charconv>
#include <cstdio>
#include <map>
#include <stdexcept>

#include "game/wording.hpp"
#include "origin/build_info.hpp"
#include "origin/environment.hpp"

namespace colorwalk {
namespace {

std::string escape(std::string_view text, bool in_list) {
  std::string out;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '%' || c == ';' || c == '=' || byte < 0x20 || byte == 0x7f || (in_list && c == ' ')) {
      char hex[4];
      std::snprintf(hex, sizeof hex, "%%%02X", byte);
      out += hex;
    } else {
      out += c;
    }
  }
  return out;
}

std::string unescape(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%') {
      out += text[i];
      continue;
    }
    unsigned value = 0;
    const char* first = text.data() + i + 1;
    const auto [end, ec] =
        std::from_chars(first, text.data() + std::min(text.size(), i + 3), value, 16);
    if (ec != std::errc{} || end != first + 2)
      throw std::invalid_argument("a malformed %XX escape");
    out += static_cast<char>(value);
    i += 2;
  }
  return out;
}

std::string join_list(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& item : items)
    out += (out.empty() ? "" : " ") + (item.empty() ? std::string("%00") : escape(item, true));
  return out;
}

std::vector<std::string> split_list(std::string_view text) {
  std::vector<std::string> items;
  while (!text.empty()) {
    const auto blank = text.find(' ');
    const std::string item = unescape(text.substr(0, blank));
    items.push_back(item == std::string(1, '\0') ? std::string() : item);
    text = blank == std::string_view::npos ? std::string_view{} : text.substr(blank + 1);
  }
  return items;
}

template <typename T>
T number(const std::string& key, const std::string& text) {
  T value{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc{} || end != text.data() + text.size())
    throw std::invalid_argument(key + " is not a whole number: '" + text + "'");
  return value;
}

// FNV-1a, 64 bits, over the bytes given.
struct Fnv {
  std::uint64_t hash = 0xcbf29ce484222325ull;
  void add(const void* data, std::size_t size) {
    const auto* bytes = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < size; ++i) {
      hash ^= bytes[i];
      hash *= 0x100000001b3ull;
    }
  }
  void add(std::uint64_t value) { add(&value, sizeof value); }
};

// A digest of every board, for sources read from files (their boards are
// in memory); "" for generated sources, which their description names.
std::string boards_digest(const BoardSource& source) {
  if (dynamic_cast<const FileSource*>(&source) == nullptr) return {};
  Fnv fnv;
  fnv.add(source.size());
  for (std::size_t i = 0; i < source.size(); ++i) {
    const Board board = source.board(i);
    fnv.add(board.width());
    fnv.add(board.height());
    fnv.add(board.palette().size());
    fnv.add(board.palette().data(), board.palette().size());
    fnv.add(board.cells().data(), board.cells().size() * sizeof(Color));
  }
  char text[24];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(fnv.hash));
  return text;
}

}  // namespace

std::string RunProvenance::encode() const {
  std::string out = "format=" + std::to_string(kFormat);
  const auto add = [&](const char* key, const std::string& value) {
    out += ';';
    out += key;
    out += '=';
    out += value;
  };
  add("version", escape(version, false));
  add("commit", escape(commit, false));
  add("source", escape(source, false));
  add("source_args", join_list(source_args));
  add("boards", std::to_string(boards));
  add("digest", escape(digest, false));
  add("rules", escape(rules, false));
  add("start", escape(start, false));
  add("shard", escape(shard, false));
  add("solver_seed", std::to_string(solver_seed));
  add("memory_limit", std::to_string(memory_limit));
  add("solvers", join_list(solvers));
  return out;
}

RunProvenance RunProvenance::decode(std::string_view text) {
  std::map<std::string, std::string> fields;
  while (!text.empty()) {
    const auto semicolon = text.find(';');
    const std::string_view item = text.substr(0, semicolon);
    text = semicolon == std::string_view::npos ? std::string_view{} : text.substr(semicolon + 1);
    const auto eq = item.find('=');
    if (eq == std::string_view::npos || eq == 0)
      throw std::invalid_argument("expected KEY=VALUE, got '" + std::string(item.substr(0, 60)) +
                                  "'");
    fields[std::string(item.substr(0, eq))] = std::string(item.substr(eq + 1));
  }
  const auto field = [&](const char* key) -> const std::string& {
    const auto it = fields.find(key);
    if (it == fields.end()) throw std::invalid_argument(std::string("no ") + key);
    return it->second;
  };
  if (field("format") != std::to_string(kFormat))
    throw std::invalid_argument("format " + field("format") + ", which this colorwalk (format " +
                                std::to_string(kFormat) + ") does not read");
  RunProvenance p;
  p.version = unescape(field("version"));
  p.commit = unescape(field("commit"));
  p.source = unescape(field("source"));
  p.source_args = split_list(field("source_args"));
  p.boards = number<std::size_t>("boards", field("boards"));
  p.digest = unescape(field("digest"));
  p.rules = unescape(field("rules"));
  p.start = unescape(field("start"));
  p.shard = unescape(field("shard"));
  p.solver_seed = number<std::uint64_t>("solver_seed", field("solver_seed"));
  p.memory_limit = number<std::size_t>("memory_limit", field("memory_limit"));
  p.solvers = split_list(field("solvers"));
  return p;
}

std::string RunProvenance::mismatch(const RunProvenance& other, bool same_shard,
                                    const std::string& ours) const {
  const auto differs = [&](const char* what, const std::string& theirs, const std::string& mine,
                           const char* verb = "is") {
    return std::string(what) + " " + verb + " " + theirs + ", " + ours + " " + verb + " " + mine;
  };
  if (other.version != version) return differs("its colorwalk version", other.version, version);
  if (other.boards != boards || other.digest != digest ||
      (digest.empty() && other.source != source))
    return differs("its source",
                   "'" + other.source + "' (" + plural(other.boards, "board") +
                       (other.digest.empty() ? "" : ", digest " + other.digest) + ")",
                   "'" + source + "' (" + plural(boards, "board") +
                       (digest.empty() ? "" : ", digest " + digest) + ")");
  if (other.rules != rules) return differs("its rules", other.rules, rules);
  if (other.start != start) return differs("its start", other.start, start);
  if (same_shard && other.shard != shard) return differs("its shard", other.shard, shard);
  if (other.solver_seed != solver_seed)
    return differs("its solver seed (--solver-seed)", std::to_string(other.solver_seed),
                   std::to_string(solver_seed));
  if (other.memory_limit != memory_limit)
    return differs("its --memory-limit",
                   other.memory_limit == 0 ? "none" : format_bytes(other.memory_limit),
                   memory_limit == 0 ? "none" : format_bytes(memory_limit));
  if (other.solvers != solvers) {
    std::string theirs;
    std::string mine;
    for (const auto& s : other.solvers)
      theirs += (theirs.empty() ? "" : ", ") + s;
    for (const auto& s : solvers)
      mine += (mine.empty() ? "" : ", ") + s;
    return differs("its solvers", theirs, mine, "are");
  }
  return {};
}

std::string canonical_start(const StartSpec& start) {
  switch (start.kind) {
    case StartSpec::Kind::kTopLeft:
      return "0,0";
    case StartSpec::Kind::kCenter:
      return "center";
    case StartSpec::Kind::kAt:
      break;
  }
  return std::to_string(start.at.row) + "," + std::to_string(start.at.col);
}

RunProvenance make_provenance(const BoardSource& source, const BatchOptions& options,
                              std::vector<std::string> source_args) {
  RunProvenance p;
  p.version = build::version();
  p.commit = source_commit();
  p.source = source.describe();
  p.source_args = std::move(source_args);
  p.boards = source.size();
  p.digest = boards_digest(source);
  p.rules = std::string(to_string(options.rules));
  p.start = canonical_start(options.start);
  p.shard = options.shard.text();
  p.solver_seed = options.solver_seed;
  p.memory_limit = options.memory_limit;
  p.solvers = spec_texts(options.solvers);
  return p;
}

std::string source_mismatch(const RunProvenance& recorded, const BoardSource& source) {
  const std::string digest = boards_digest(source);
  const bool same = source.size() == recorded.boards && digest == recorded.digest &&
                    (!digest.empty() || source.describe() == recorded.source);
  if (same) return {};
  return "its run's source is '" + recorded.source + "' (" + plural(recorded.boards, "board") +
         (recorded.digest.empty() ? "" : ", digest " + recorded.digest) + "), these boards are '" +
         source.describe() + "' (" + plural(source.size(), "board") +
         (digest.empty() ? "" : ", digest " + digest) + ")";
}

}  // namespace colorwalk
