// The page of `colorwalk show --html`: one self-contained HTML file (no
// network, nothing else loaded) with the board on a canvas, the moves as a
// strip of colours (inline SVG) and controls that step through the replay
// and play it, saying the move, the cells it absorbs and the region's size.
//
// The page implements no rule of the game: for every cell the engine's
// replay (BoardReplay) gives the move that absorbs it, and the page draws
// frame k as "cells absorbed by move <= k in move k's colour, the others in
// their own": the engine stays the one place the rules live, and the data is
// one number per cell whatever the number of moves. The board is a canvas
// drawn from one image of a pixel per cell, scaled up: no element per cell,
// so the largest boards (2048 x 2048) open and step too.
//
// For checking a rendering (scripts/check-show-page.sh): the fragment
// #move=N (or #move=last) opens the page at frame N, and the body's
// data-move and data-board ("left,top,cell,width,height" of the board in
// page pixels) say which frame it shows and where.
#pragma once

#include <ostream>

#include "views/board_replay.hpp"

namespace colorwalk {

void write_html_page(std::ostream& out, const BoardReplay& replay, const ViewCaption& caption);

// The side of a cell on the page, in pixels: the board fits in about 720.
int page_cell_pixels(const Board& board);

}  // namespace colorwalk
