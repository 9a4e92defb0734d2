// libFuzzer target: solution files and replay.
//
// Input: one byte of options (bit 0: flood-it rules, bit 1: centre start),
// then a board file in grid format, a '|', and a solution file. Boards and
// solution lines that parse are paired in order; every move sequence is
// replayed strictly and leniently, and replay must agree, move for move,
// with the naive flood fill of fuzz_check.hpp. Anything that does not parse
// must be an InputError naming the input.
#include <sstream>
#include <string>

#include "game/board_io.hpp"
#include "game/cluster_graph.hpp"
#include "game/replay.hpp"
#include "fuzz_check.hpp"

using namespace colorwalk;

namespace {

void check_replay(const Board& board, const ClusterGraph& graph, std::span<const Color> moves,
                  WastedMoves wasted) {
  const ReplayResult r = replay(graph, moves, wasted);
  const fuzz::ExpectedReplay e = fuzz::expected_replay(board, moves, wasted == WastedMoves::kAllow);
  FUZZ_CHECK(r.ok() == e.ok);
  FUZZ_CHECK(r.moves_played == e.moves_played);
  FUZZ_CHECK(r.cells_left == e.cells_left);
  FUZZ_CHECK(r.cleared == (e.cells_left == 0));
  FUZZ_CHECK(!r.ok() || r.problem == ReplayProblem::kNone);
  FUZZ_CHECK(r.ok() || r.bad_move <= moves.size());
  // The explanation is one line, whatever the moves.
  const std::string text = r.describe(board, moves);
  FUZZ_CHECK(!text.empty() && text.find('\n') == std::string::npos);
}

bool names_input(const InputError& e, const char* name) {
  return std::string(e.what()).rfind(name, 0) == 0;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const std::uint8_t options = data[0];
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  const auto bar = text.find('|');
  if (bar == std::string::npos) return 0;

  std::vector<Board> boards;
  try {
    std::istringstream in(text.substr(0, bar));
    boards = read_boards(in, "boards", BoardFormat::kGrid);
  } catch (const InputError& e) {
    FUZZ_CHECK(names_input(e, "boards:"));
    return 0;
  }
  std::vector<SolutionLine> lines;
  try {
    std::istringstream in(text.substr(bar + 1));
    lines = read_solution_lines(in, "solutions");
  } catch (const InputError& e) {
    FUZZ_CHECK(names_input(e, "solutions:"));
    return 0;
  }
  const Rules rules = (options & 1) != 0 ? Rules::kFloodIt : Rules::kColorWalk;
  const StartSpec start{(options & 2) != 0 ? StartSpec::Kind::kCenter : StartSpec::Kind::kTopLeft,
                        {}};
  for (std::size_t i = 0; i < boards.size() && i < lines.size(); ++i) {
    Board& board = boards[i];
    if (board.cell_count() > 1024) continue;  // the flood fill is quadratic
    board.set_rules(rules, start);
    for (const char s : lines[i].symbols)
      FUZZ_CHECK(normalize_symbol(s) == s);  // lower-cased 0-9, a-z only
    std::vector<Color> moves;
    try {
      moves = parse_moves(board, lines[i], "solutions");
    } catch (const InputError& e) {
      FUZZ_CHECK(names_input(e, "solutions:"));
      // Unknown symbols reach replay as colours the board lacks.
      for (const char s : lines[i].symbols) {
        const auto c = board.color_of(s);
        moves.push_back(c ? *c : static_cast<Color>(board.colors() + (s % 7)));
      }
    }
    const ClusterGraph graph(board);
    check_replay(board, graph, moves, WastedMoves::kReject);
    check_replay(board, graph, moves, WastedMoves::kAllow);
  }
  return 0;
}
