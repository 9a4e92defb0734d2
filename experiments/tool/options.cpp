#include "tool/options.hpp"

#include <charconv>
#include <filesystem>
#include <iostream>

#include "game/wording.hpp"
#include "results/output_file.hpp"

namespace colorwalk::cli {

void validate(boost::any& out, const std::vector<std::string>& values, Count*, int) {
  po::validators::check_first_occurrence(out);
  const std::string& text = po::validators::get_single_string(values);
  Count count;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, count.value);
  if (text.empty() || ec != std::errc{} || ptr != end) throw po::invalid_option_value(text);
  out = count;
}

po::options_description source_options() {
  po::options_description d("Board source (choose one)");
  // clang-format off
  d.add_options()
      ("articles", po::value<Count>()->value_name("N"),
       "the articles' first N boards, N up to 100 (30x20, 5 colors, frac(sin(seed)*10000))")
      ("random", po::value<Count>()->value_name("N"),
       "N seeded random boards (splitmix64; board i uses state SEED+i)")
      ("seed", po::value<std::uint64_t>()->default_value(1)->value_name("S"),
       "seed of --random")
      ("size", po::value<std::string>()->default_value("30x20")->value_name("WxH"),
       "board size of --random")
      ("colors", po::value<Count>()->default_value(Count{5}, "5")->value_name("K"),
       "colors of --random (2..36)")
      ("boards", po::value<std::vector<std::string>>()->multitoken()->value_name("PATH..."),
       "boards read from files, and from the files directly inside directories (in name "
       "order); each board is named by its file")
      ("format", po::value<std::string>()->value_name("F"),
       "format of --boards: grid (one row per line, blank line between boards), line (one "
       "n*n board per line) or flood-it-boards ('m n k', the cells as numbers 1..k, the "
       "optimum); default: told from each file's text (docs/formats.md)");
  // clang-format on
  return d;
}

namespace {

std::pair<std::uint32_t, std::uint32_t> parse_size(const std::string& text) {
  const auto x = text.find_first_of("xX");
  std::uint64_t w = 0;
  std::uint64_t h = 0;
  bool ok = x != std::string::npos;
  if (ok) {
    const char* end = text.data() + text.size();
    auto [p1, e1] = std::from_chars(text.data(), text.data() + x, w);
    auto [p2, e2] = std::from_chars(text.data() + x + 1, end, h);
    ok = e1 == std::errc{} && e2 == std::errc{} && p1 == text.data() + x && p2 == end;
  }
  if (!ok) throw UsageError("--size needs WIDTHxHEIGHT such as 30x20, got '" + text + "'");
  try {
    Board::check_size(w, h);
  } catch (const BoardError& e) {
    throw UsageError(std::string("--size ") + text + ": " + e.what());
  }
  return {static_cast<std::uint32_t>(w), static_cast<std::uint32_t>(h)};
}

}  // namespace

std::unique_ptr<BoardSource> make_source(const po::variables_map& vm) {
  const int chosen =
      static_cast<int>(vm.count("articles") + vm.count("random") + vm.count("boards"));
  if (chosen != 1)
    throw UsageError(chosen == 0
                         ? "no board source: give --articles N, --random N or --boards PATH"
                         : "give only one board source of --articles, --random and --boards");
  // Options of another source are refused rather than ignored.
  const char* source = vm.count("articles") ? "--articles" : vm.count("random") ? "--random"
                                                                                 : "--boards";
  const auto refuse_unless = [&](const char* option, bool applies, const char* of) {
    if (!applies && vm.count(option) && !vm[option].defaulted())
      throw UsageError(std::string("--") + option + " is an option of " + of +
                       ", not of " + source);
  };
  refuse_unless("seed", vm.count("random") > 0, "--random");
  refuse_unless("size", vm.count("random") > 0, "--random");
  refuse_unless("colors", vm.count("random") > 0, "--random");
  refuse_unless("format", vm.count("boards") > 0, "--boards");
  if (vm.count("articles")) {
    const std::uint64_t n = vm["articles"].as<Count>().value;
    if (n == 0) throw UsageError("--articles needs at least 1 board");
    if (n > ArticlesSource::kBoards)
      throw UsageError("--articles must be between 1 and " +
                       std::to_string(ArticlesSource::kBoards) + " (the articles' boards), got " +
                       std::to_string(n));
    return std::make_unique<ArticlesSource>(n);
  }
  if (vm.count("random")) {
    const std::uint64_t n = vm["random"].as<Count>().value;
    if (n == 0) throw UsageError("--random needs at least 1 board");
    const auto [w, h] = parse_size(vm["size"].as<std::string>());
    const std::uint64_t k = vm["colors"].as<Count>().value;
    if (k < kMinColors || k > kMaxColors)
      throw UsageError("--colors must be between 2 and 36, got " + std::to_string(k));
    return std::make_unique<RandomSource>(n, vm["seed"].as<std::uint64_t>(), w, h,
                                          static_cast<std::uint32_t>(k));
  }
  const std::optional<BoardFormat> format = read_format(vm);
  // What the boards may hold in memory: the run's --memory-limit, when given.
  ReadBound bound;
  const auto limit = vm.count("memory-limit") ? parse_bytes(vm["memory-limit"].as<std::string>())
                                              : std::nullopt;
  if (limit) bound.max_bytes = *limit;
  bound.advice = std::string(limit ? "the bound is --memory-limit: give a larger one"
                                   : "the bound without --memory-limit: give --memory-limit") +
                 ", or split the boards into several files and runs";
  return load_file_source(vm["boards"].as<std::vector<std::string>>(), format, bound);
}

std::vector<std::string> source_words(const po::variables_map& vm) {
  std::vector<std::string> words;
  const po::options_description options = source_options();
  for (const auto& option : options.options()) {
    const std::string& name = option->long_name();
    if (!vm.count(name) || vm[name].defaulted()) continue;
    const boost::any& value = vm[name].value();
    words.push_back("--" + name);
    if (const auto* count = boost::any_cast<Count>(&value)) {
      words.push_back(std::to_string(count->value));
    } else if (const auto* number = boost::any_cast<std::uint64_t>(&value)) {
      words.push_back(std::to_string(*number));
    } else if (const auto* text = boost::any_cast<std::string>(&value)) {
      words.push_back(*text);
    } else if (const auto* list = boost::any_cast<std::vector<std::string>>(&value)) {
      words.insert(words.end(), list->begin(), list->end());
    } else if (const auto* flag = boost::any_cast<bool>(&value)) {
      if (!*flag) words.pop_back();
    } else {
      throw std::logic_error("source_words: --" + name + " holds a type it does not know");
    }
  }
  return words;
}

std::unique_ptr<BoardSource> parse_source_words(const std::vector<std::string>& words) {
  po::variables_map vm;
  po::store(po::command_line_parser(words).options(source_options()).run(), vm);
  po::notify(vm);
  return make_source(vm);
}

po::options_description rules_options() {
  po::options_description d("Rules");
  // clang-format off
  d.add_options()
      ("rules", po::value<std::string>()->default_value("color-walk")->value_name("R"),
       "color-walk (blank start cell, the articles' game) or flood-it (the start cell's "
       "cluster is the region)")
      ("start", po::value<std::string>()->default_value("0,0")->value_name("CELL"),
       "start cell: ROW,COL (0-based) or center (height/2, width/2); default: the one the "
       "board file's first line states, else 0,0");
  // clang-format on
  return d;
}

std::optional<BoardFormat> read_format(const po::variables_map& vm) {
  if (!vm.count("format")) return std::nullopt;
  const auto text = vm["format"].as<std::string>();
  const auto format = parse_format(text);
  if (!format)
    throw UsageError("--format must be grid, line or flood-it-boards, got '" + text + "'");
  return format;
}

RunRules read_rules(const po::variables_map& vm, BatchOptions& options) {
  const auto rules_text = vm["rules"].as<std::string>();
  const auto rules = parse_rules(rules_text);
  if (!rules) throw UsageError("--rules must be color-walk or flood-it, got '" + rules_text + "'");
  const auto start_text = vm["start"].as<std::string>();
  const auto start = StartSpec::parse(start_text);
  if (!start) throw UsageError("--start must be ROW,COL or center, got '" + start_text + "'");
  options.rules = *rules;
  options.start = *start;
  return RunRules{rules_text, start_text, !vm["rules"].defaulted(), !vm["start"].defaulted()};
}

po::options_description run_options() {
  po::options_description d("Run");
  // clang-format off
  d.add_options()
      ("threads", po::value<Count>()->default_value(Count{0}, "0")->value_name("N"),
       "worker threads (0: every core); more than the process's limits (ulimit -v, -u) "
       "leave room for are refused")
      ("solver-seed", po::value<std::uint64_t>()->value_name("S"),
       "base seed of the per-board random streams of randomised solvers (default 0)")
      ("memory-limit", po::value<std::string>()->value_name("BYTES"),
       "memory that the boards being solved may hold at once, all threads together: their "
       "cluster graphs and every search (BYTES, or a number with KiB, MiB, GiB, e.g. 4GiB; "
       "default: none beyond each search's own limit). A board refused memory while other "
       "boards held it is solved again with the limit to itself, so outcomes do not depend "
       "on --threads; a solver that does not fit even then fails its board, named on stderr "
       "and unverified in the CSV; the run goes on")
      ("progress", po::bool_switch(),
       "show the searches in flight on stderr even when it is not a terminal: a line per "
       "search (nodes expanded and per second, the proven lower bound, the best answer so "
       "far, memory) and the boards done, once a second (on a terminal they are shown "
       "anyway, redrawn in place)")
      ("quiet,q", po::bool_switch(),
       "print nothing but errors: no table, no progress, no summary line");
  // clang-format on
  return d;
}

RunSettings read_run_settings(const po::variables_map& vm) {
  RunSettings settings;
  settings.threads = vm["threads"].as<Count>().value;
  if (vm.count("solver-seed")) settings.solver_seed = vm["solver-seed"].as<std::uint64_t>();
  if (vm.count("memory-limit")) settings.memory_limit = vm["memory-limit"].as<std::string>();
  settings.quiet = vm["quiet"].as<bool>();
  settings.progress = vm["progress"].as<bool>();
  return settings;
}

Shard read_shard(const po::variables_map& vm) {
  if (!vm.count("shard")) return Shard{};
  const auto text = vm["shard"].as<std::string>();
  const auto shard = Shard::parse(text);
  if (!shard)
    throw UsageError("--shard needs I/N with 0 <= I < N, such as 0/4, got '" + text + "'");
  return *shard;
}

po::options_description report_options() {
  po::options_description d("Reports");
  // clang-format off
  d.add_options()
      ("csv", po::value<std::string>()->value_name("FILE"),
       "write one row per (board, solver) as boards finish: board,solver,moves,solution,"
       "proven_optimal,expanded,seconds,verified,peak_mib (MiB the board's searches held at "
       "most),run,name (the board's file, FILE:K for the K-th of several),generated,pruned,"
       "lower_bound (the bound on the moves the search proved)")
      ("json", po::value<std::string>()->value_name("FILE"),
       "write JSON Lines: one object per (board, solver) as boards finish, then a summary "
       "object")
      ("svg", po::value<std::string>()->value_name("FILE"),
       "write a chart: moves per board for each solver on a shared axis, and the moves above "
       "the optimum where a solver proved it")
      ("markdown", po::bool_switch(), "print the summary table in Markdown")
      ("overwrite", po::bool_switch(),
       "replace output files that exist and are not empty; without it (or solve's --resume) "
       "they are refused, so that no results are replaced unless asked");
  // clang-format on
  return d;
}

namespace {

namespace fs = std::filesystem;

// Whether two paths name one file: the same file where both exist (links
// followed), else the same path once made absolute and normal.
bool same_file(const std::string& a, const std::string& b) {
  std::error_code ec;
  const bool a_exists = fs::exists(a, ec);
  const bool b_exists = fs::exists(b, ec);
  if (a_exists && b_exists) {
    const bool same = fs::equivalent(a, b, ec);
    return same && !ec;
  }
  if (a_exists != b_exists) return false;
  std::error_code ea;
  std::error_code eb;
  const fs::path pa = fs::weakly_canonical(fs::absolute(a, ea), ea);
  const fs::path pb = fs::weakly_canonical(fs::absolute(b, eb), eb);
  return !ea && !eb && pa == pb;
}

// The paths an option holds, whether it takes one or several.
std::vector<std::string> option_paths(const po::variables_map& vm, const char* option) {
  if (!vm.count(option)) return {};
  const boost::any& value = vm[option].value();
  if (const auto* one = boost::any_cast<std::string>(&value)) return {*one};
  if (const auto* many = boost::any_cast<std::vector<std::string>>(&value)) return *many;
  return {};
}

}  // namespace

std::vector<std::pair<std::string, std::string>> report_outputs(const po::variables_map& vm) {
  std::vector<std::pair<std::string, std::string>> outputs;
  for (const char* option : {"csv", "json", "svg"})
    if (vm.count(option))
      outputs.emplace_back(std::string("--") + option, vm[option].as<std::string>());
  return outputs;
}

void check_output_paths(const po::variables_map& vm,
                        const std::vector<std::pair<std::string, std::string>>& outputs,
                        const std::vector<std::string>& inputs) {
  std::vector<std::pair<std::string, std::string>> read;  // option and path
  for (const auto& path : option_paths(vm, "boards"))
    read.emplace_back("--boards", path);
  for (const auto& path : inputs)
    read.emplace_back("an input", path);
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    const auto& [option, path] = outputs[i];
    const std::string what = option + " " + path;
    const fs::path parent = fs::path(path).parent_path();
    std::error_code ec;
    if (path.empty()) throw UsageError(option + " needs a file name");
    if (fs::is_directory(path, ec)) throw UsageError(what + ": is a directory, not a file");
    if (!parent.empty() && !fs::is_directory(parent, ec))
      throw UsageError(what + ": no directory '" + parent.string() + "'");
    // A device or a FIFO (/dev/null, say) may take several outputs and be read too.
    if (is_special_file(path)) continue;
    for (const auto& [input_option, input] : read) {
      const std::string named = input_option == "an input" ? input : input_option + " " + input;
      if (same_file(path, input))
        throw UsageError(what + ": is read by this command (" + named +
                         "); write the output elsewhere");
      if (fs::is_directory(input, ec) && same_file(parent.empty() ? "." : parent.string(), input))
        throw UsageError(what + ": is in " + named +
                         ", whose files are read as input; write the output elsewhere");
    }
    for (std::size_t j = 0; j < i; ++j)
      if (same_file(path, outputs[j].second))
        throw UsageError(what + ": the same file as " + outputs[j].first + " " + outputs[j].second +
                         "; give each output a file of its own");
  }
}

void refuse_replacing_outputs(const po::variables_map& vm,
                              const std::vector<std::pair<std::string, std::string>>& outputs,
                              const std::string& advice) {
  if (vm.count("overwrite") && vm["overwrite"].as<bool>()) return;
  for (const auto& [option, path] : outputs)
    refuse_replacing(path, option + " " + path, advice);
}

void check_outputs(const po::variables_map& vm) {
  check_output_paths(vm, report_outputs(vm));
}

bool parse(int argc, char** argv, const po::options_description& desc, po::variables_map& vm,
           const std::string& usage, const po::positional_options_description* positional) {
  po::options_description all = desc;
  all.add_options()("help,h", "show this help");
  po::command_line_parser parser(argc, argv);
  parser.options(all);
  if (positional != nullptr) parser.positional(*positional);
  const std::string command = argc > 0 ? std::string(argv[0]) : std::string();
  po::parsed_options parsed(nullptr);
  try {
    parsed = parser.run();
  } catch (const po::unknown_option& e) {
    // One suggestion, the nearest option of this subcommand, rather than none.
    std::vector<std::string> names;
    for (const auto& option : all.options())
      if (!option->long_name().empty()) names.push_back("--" + option->long_name());
    const std::string given = e.get_option_name();
    throw UsageError("unrecognised option '" + given + "'" + did_you_mean(given, names) +
                     " (see colorwalk " + command + " --help)");
  }
  // Boost keeps words that no option takes as positional options without
  // a name, and store() drops them: a stray word would be ignored.
  for (const po::option& option : parsed.options)
    if (option.string_key.empty() && !option.original_tokens.empty())
      throw UsageError("unexpected argument '" + option.original_tokens.front() +
                       "' (every option starts with --; see colorwalk " +
                       (command.empty() ? command : command + " ") + "--help)");
  po::store(parsed, vm);
  if (vm.count("help")) {
    std::cout << usage << "\n" << all << "\n";
    return false;
  }
  po::notify(vm);
  return true;
}

}  // namespace colorwalk::cli
