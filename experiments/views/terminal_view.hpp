// A replay drawn for a terminal: a frame is its caption (describe_frame())
// and the board's rows, each cell two columns: its symbol when it is
// outside the region, blank inside it, '+' when this frame's move absorbed
// it. With `color`, each cell's background is the colour the page draws it
// in (24-bit ANSI escapes), so the region shows as one colour.
#pragma once

#include <cstddef>
#include <ostream>

#include "views/board_replay.hpp"

namespace colorwalk {

void write_terminal_frame(std::ostream& out, const BoardReplay& replay, std::size_t frame,
                          bool color);

// A frame's cell colours as #rrggbb, one board row per line, blank-separated:
// what the page draws, for checking a rendering of it.
void write_cell_colors(std::ostream& out, const BoardReplay& replay, std::size_t frame);

}  // namespace colorwalk
