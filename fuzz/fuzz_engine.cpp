// libFuzzer target: the engine (ClusterGraph, MarkerState, apply, replay)
// against the naive cell-by-cell flood fill of fuzz_check.hpp.
//
// Input bytes: width - 1 and height - 1 (mod 12), the colour count (2 to 6,
// or 2 to 36 when the top bit is set), options (bit 0: flood-it rules), the
// start row and column (mod the size), then one byte per cell (mod the
// colours; cells past the input's end come from splitmix64), then one byte
// per move, up to 256 (mod colours + 1: the extra value is a colour the
// board lacks). After every move the region, counts, frontier, useful moves
// and the state rebuilt from its absorbed set must agree with the flood
// fill, and so must each colour's gain for the first 24 moves.
#include <algorithm>
#include <map>
#include <string>
#include <utility>

#include "game/cluster_graph.hpp"
#include "game/replay.hpp"
#include "game/sources.hpp"
#include "fuzz_check.hpp"

using namespace colorwalk;

namespace {

class Bytes {
 public:
  Bytes(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  bool empty() const { return pos_ >= size_; }
  std::uint8_t next() { return pos_ < size_ ? data_[pos_++] : 0; }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
};

Board make_board(Bytes& in, std::size_t seed) {
  const std::uint32_t w = 1 + in.next() % 12;
  const std::uint32_t h = 1 + in.next() % 12;
  const std::uint8_t k_byte = in.next();
  const std::uint32_t k = (k_byte & 0x80) != 0 ? 2 + k_byte % 35 : 2 + k_byte % 5;
  const std::uint8_t options = in.next();
  const std::uint32_t row = in.next() % h;
  const std::uint32_t col = in.next() % w;
  std::vector<Color> cells(std::size_t{w} * h);
  std::uint64_t state = seed;
  for (Color& c : cells)
    c = static_cast<Color>((in.empty() ? splitmix64_next(state) : in.next()) % k);
  return Board::make(w, h, std::move(cells), std::string(kSymbols.substr(0, k)),
                     (options & 1) != 0 ? Rules::kFloodIt : Rules::kColorWalk, {row, col});
}

// The graph's clusters and adjacency, checked against the cells.
void check_graph(const Board& b, const ClusterGraph& g) {
  const std::uint32_t w = b.width();
  const std::uint32_t n = b.cell_count();
  const bool blank = b.rules() == Rules::kColorWalk;
  FUZZ_CHECK(g.cluster_of(b.start_index()) == g.start_cluster());
  FUZZ_CHECK(g.color(g.start_cluster()) == (blank ? kNoColor : b.cells()[b.start_index()]));
  std::vector<std::uint32_t> sizes(g.cluster_count(), 0);
  std::map<std::pair<ClusterId, ClusterId>, std::uint32_t> edges;
  for (std::uint32_t i = 0; i < n; ++i) {
    const ClusterId ci = g.cluster_of(i);
    FUZZ_CHECK(ci < g.cluster_count());
    ++sizes[ci];
    const bool blank_i = blank && i == b.start_index();
    FUZZ_CHECK(blank_i || g.color(ci) == b.cells()[i]);
    for (const bool right : {true, false}) {
      const std::uint32_t j = right ? i + 1 : i + w;
      if ((right && (i % w) + 1 == w) || j >= n) continue;
      const ClusterId cj = g.cluster_of(j);
      const bool blank_j = blank && j == b.start_index();
      const bool same = !blank_i && !blank_j && b.cells()[i] == b.cells()[j];
      FUZZ_CHECK(same == (ci == cj));  // clusters are maximal and connected by colour
      if (ci != cj) ++edges[{std::min(ci, cj), std::max(ci, cj)}];
    }
  }
  for (ClusterId c = 0; c < g.cluster_count(); ++c) {
    FUZZ_CHECK(sizes[c] == g.size(c) && sizes[c] > 0);
    const auto near = g.neighbors(c);
    const auto counts = g.neighbor_edges(c);
    FUZZ_CHECK(near.size() == counts.size());
    for (std::size_t k = 0; k < near.size(); ++k) {
      FUZZ_CHECK(k == 0 || near[k - 1] < near[k]);
      FUZZ_CHECK(g.color(near[k]) != g.color(c));
      const auto it = edges.find({std::min(c, near[k]), std::max(c, near[k])});
      FUZZ_CHECK(it != edges.end() && it->second == counts[k]);
    }
  }
  std::size_t listed = 0;
  for (ClusterId c = 0; c < g.cluster_count(); ++c)
    listed += g.neighbors(c).size();
  FUZZ_CHECK(listed == 2 * edges.size());
}

// The state against the flood fill: region, counts, frontier, moves, gains.
void check_state(const Board& b, const ClusterGraph& g, const MarkerState& s,
                 const fuzz::FloodFill& fill, bool all_gains) {
  const std::uint32_t n = b.cell_count();
  std::vector<bool> frontier(g.cluster_count(), false);
  std::uint64_t useful = 0;
  std::vector<ClusterId> absorbed_clusters;
  for (std::uint32_t i = 0; i < n; ++i) {
    const ClusterId c = g.cluster_of(i);
    FUZZ_CHECK(s.is_absorbed(c) == fill.in(i));
    if (fill.borders(i)) {
      frontier[c] = true;
      useful |= std::uint64_t{1} << fill.color(i);
    }
  }
  FUZZ_CHECK(s.cells_cleared() == fill.count());
  FUZZ_CHECK(g.is_cleared(s) == fill.cleared());
  std::uint32_t absorbed = 0;
  for (ClusterId c = 0; c < g.cluster_count(); ++c) {
    FUZZ_CHECK(search::bits::test(s.frontier(), c) == frontier[c]);
    absorbed += s.is_absorbed(c) ? 1 : 0;
  }
  FUZZ_CHECK(s.clusters_absorbed() == absorbed);
  FUZZ_CHECK(g.useful_moves(s) == useful);
  std::vector<std::uint32_t> gains(g.colors());
  g.move_gains(s, gains);
  for (Color c = 0; c < g.colors(); ++c) {
    FUZZ_CHECK((gains[c] != 0) == ((useful >> c) & 1));
    if (!all_gains) continue;  // a flood fill per colour: the first moves only
    fuzz::FloodFill next = fill;
    FUZZ_CHECK(gains[c] == next.play(c));
  }
  MarkerState rebuilt;
  g.restore(rebuilt, s.absorbed(), s.cells_cleared(), s.clusters_absorbed());
  FUZZ_CHECK(rebuilt == s);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Bytes in(data, size);
  const Board board = make_board(in, size);
  const ClusterGraph graph(board);
  check_graph(board, graph);
  fuzz::FloodFill fill(board);
  MarkerState state = graph.initial_state();
  check_state(board, graph, state, fill, true);
  std::vector<Color> moves;
  while (!in.empty() && moves.size() < 256) {
    const auto c = static_cast<Color>(in.next() % (board.colors() + 1));
    moves.push_back(c);
    const MoveEffect effect = graph.apply(state, c);
    const std::uint32_t added = fill.play(c);
    FUZZ_CHECK(effect.cells == added);
    FUZZ_CHECK(effect.wasted() == (added == 0));
    check_state(board, graph, state, fill, moves.size() < 24);
  }
  for (const WastedMoves wasted : {WastedMoves::kReject, WastedMoves::kAllow}) {
    const ReplayResult r = replay(graph, moves, wasted);
    const fuzz::ExpectedReplay e =
        fuzz::expected_replay(board, moves, wasted == WastedMoves::kAllow);
    FUZZ_CHECK(r.ok() == e.ok);
    FUZZ_CHECK(r.moves_played == e.moves_played);
    FUZZ_CHECK(r.cells_left == e.cells_left);
  }
  return 0;
}
