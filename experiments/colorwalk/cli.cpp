#include "cli.hpp"

#include <charconv>
#include <iostream>

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
       "the articles' first N boards (30x20, 5 colors, frac(sin(seed)*10000))")
      ("random", po::value<Count>()->value_name("N"),
       "N seeded random boards (splitmix64; board i uses state SEED+i)")
      ("seed", po::value<std::uint64_t>()->default_value(1)->value_name("S"),
       "seed of --random")
      ("size", po::value<std::string>()->default_value("30x20")->value_name("WxH"),
       "board size of --random")
      ("colors", po::value<Count>()->default_value(Count{5}, "5")->value_name("K"),
       "colors of --random (2..36)")
      ("boards", po::value<std::string>()->value_name("FILE"), "boards read from FILE")
      ("format", po::value<std::string>()->default_value("grid")->value_name("F"),
       "format of --boards: grid (one row per line, blank line between boards) or line "
       "(one n*n board per line)");
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
                         ? "no board source: give --articles N, --random N or --boards FILE"
                         : "give only one board source of --articles, --random and --boards");
  if (vm.count("articles")) {
    const std::uint64_t n = vm["articles"].as<Count>().value;
    if (n == 0) throw UsageError("--articles needs at least 1 board");
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
  const auto format_text = vm["format"].as<std::string>();
  const auto format = parse_format(format_text);
  if (!format) throw UsageError("--format must be grid or line, got '" + format_text + "'");
  const auto path = vm["boards"].as<std::string>();
  return std::make_unique<FileSource>(path, load_boards(path, *format));
}

po::options_description rules_options() {
  po::options_description d("Rules");
  // clang-format off
  d.add_options()
      ("rules", po::value<std::string>()->default_value("color-walk")->value_name("R"),
       "color-walk (blank start cell, the articles' game) or flood-it (the start cell's "
       "cluster is the region)")
      ("start", po::value<std::string>()->default_value("0,0")->value_name("CELL"),
       "start cell: ROW,COL (0-based) or center (height/2, width/2)");
  // clang-format on
  return d;
}

void read_rules(const po::variables_map& vm, BatchOptions& options) {
  const auto rules_text = vm["rules"].as<std::string>();
  const auto rules = parse_rules(rules_text);
  if (!rules) throw UsageError("--rules must be color-walk or flood-it, got '" + rules_text + "'");
  const auto start_text = vm["start"].as<std::string>();
  const auto start = StartSpec::parse(start_text);
  if (!start) throw UsageError("--start must be ROW,COL or center, got '" + start_text + "'");
  options.rules = *rules;
  options.start = *start;
}

void check_start(const BoardSource& source, const BatchOptions& options) {
  const bool uniform = dynamic_cast<const FileSource*>(&source) == nullptr;
  const std::size_t n = uniform ? std::min<std::size_t>(source.size(), 1) : source.size();
  for (std::size_t i = 0; i < n; ++i) {
    try {
      prepare_board(source.board(i), options);
    } catch (const BoardError& e) {
      throw UsageError("--start: board " + std::to_string(i) + " of " + source.describe() + ": " +
                       e.what());
    }
  }
}

bool parse(int argc, char** argv, const po::options_description& desc, po::variables_map& vm,
           const std::string& usage, const po::positional_options_description* positional) {
  po::options_description all = desc;
  all.add_options()("help,h", "show this help");
  po::command_line_parser parser(argc, argv);
  parser.options(all);
  if (positional != nullptr) parser.positional(*positional);
  po::store(parser.run(), vm);
  if (vm.count("help")) {
    std::cout << usage << "\n" << all << "\n";
    return false;
  }
  po::notify(vm);
  return true;
}

}  // namespace colorwalk::cli
