#include "views/board_replay.hpp"

#include <array>
#include <cstdio>

#include "game/cluster_graph.hpp"

namespace colorwalk {

namespace {

// Well-apart hues first (boards of few colours get the most distinct ones),
// then darker, lighter and muted ones; none is the blank start's white.
constexpr std::array<Rgb, kMaxColors> kPalette{{
    {214, 39, 40},   {44, 160, 44},   {31, 119, 180},  {255, 214, 10},  {148, 103, 189},
    {255, 127, 14},  {23, 190, 207},  {227, 119, 194}, {140, 86, 75},   {188, 189, 34},
    {127, 127, 127}, {0, 0, 117},     {170, 255, 195}, {128, 0, 0},     {240, 50, 230},
    {70, 153, 144},  {220, 190, 255}, {154, 99, 36},   {255, 250, 200}, {191, 239, 69},
    {250, 190, 212}, {255, 216, 177}, {128, 128, 0},   {66, 212, 244},  {67, 99, 216},
    {60, 180, 75},   {230, 25, 75},   {145, 30, 180},  {245, 130, 49},  {0, 0, 0},
    {169, 169, 169}, {57, 59, 121},   {99, 121, 57},   {132, 60, 57},   {123, 65, 115},
    {231, 203, 148},
}};

}  // namespace

Rgb color_rgb(Color c) {
  return c < kPalette.size() ? kPalette[c] : kBlankRgb;
}

std::string hex(Rgb rgb) {
  char text[8];
  std::snprintf(text, sizeof text, "#%02x%02x%02x", rgb.r, rgb.g, rgb.b);
  return text;
}

BoardReplay::BoardReplay(Board board, std::vector<Color> moves)
    : board_(std::move(board)), moves_(std::move(moves)) {
  const ClusterGraph graph(board_);
  blank_start_ = graph.color(graph.start_cluster()) == kNoColor;
  start_color_ = blank_start_ ? Color{0} : graph.color(graph.start_cluster());
  // The move that absorbed each cluster, then each cell from its cluster.
  std::vector<std::uint32_t> cluster_move(graph.cluster_count(), kNever);
  MarkerState state = graph.initial_state();
  for (ClusterId c = 0; c < graph.cluster_count(); ++c)
    if (state.is_absorbed(c)) cluster_move[c] = 0;
  absorbed_.push_back(state.cells_cleared());
  region_.push_back(state.cells_cleared());
  for (std::size_t k = 0; k < moves_.size(); ++k) {
    const auto move = static_cast<std::uint32_t>(k + 1);
    const MoveEffect effect =
        graph.apply(state, moves_[k], [&](ClusterId c) { cluster_move[c] = move; });
    absorbed_.push_back(effect.cells);
    region_.push_back(state.cells_cleared());
  }
  absorbed_at_.resize(board_.cell_count());
  for (std::uint32_t cell = 0; cell < board_.cell_count(); ++cell)
    absorbed_at_[cell] = cluster_move[graph.cluster_of(cell)];
}

Rgb BoardReplay::region_rgb(std::size_t frame) const noexcept {
  if (frame > 0) return color_rgb(moves_[frame - 1]);
  return blank_start_ ? kBlankRgb : color_rgb(start_color_);
}

std::string describe_board(const Board& board) {
  const CellPos start = board.start();
  return std::to_string(board.width()) + "x" + std::to_string(board.height()) + ", " +
         std::to_string(board.colors()) + " colors, " + std::string(to_string(board.rules())) +
         " rules, start " + std::to_string(start.row) + "," + std::to_string(start.col);
}

std::string describe_frame(const BoardReplay& replay, std::size_t frame) {
  const std::uint32_t total = replay.board().cell_count();
  const std::string region = "the region is " + std::to_string(replay.region_cells(frame)) +
                             " of " + std::to_string(total) + " cells";
  std::string text;
  if (frame == 0) {
    text = "start: " + region;
  } else {
    const Color move = replay.moves()[frame - 1];
    const std::uint32_t absorbed = replay.absorbed_by(frame);
    text = "move " + std::to_string(frame) + " of " + std::to_string(replay.moves().size()) +
           ": '" + std::string(1, replay.board().symbol(move)) + "' absorbs " +
           std::to_string(absorbed) + (absorbed == 1 ? " cell" : " cells") +
           (absorbed == 0 ? " (wasted)" : "") + "; " + region;
  }
  if (frame + 1 == replay.frames() && !replay.moves().empty())
    text += replay.cleared() ? "; cleared" : "; not cleared";
  return text;
}

}  // namespace colorwalk
