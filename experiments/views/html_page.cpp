#include "views/html_page.hpp"

#include <algorithm>
#include <string>

#include "game/wording.hpp"

namespace colorwalk {

namespace {

// Text as HTML content or attribute value.
std::string html(const std::string& text) {
  std::string out;
  for (const char c : text) {
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
        out += c;
    }
  }
  return out;
}

// A JavaScript string literal that is safe inside <script>.
std::string js_string(const std::string& text) {
  std::string out = "\"";
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '<') {
      out += "\\u003c";
    } else if (u < 0x20) {
      static constexpr char kHex[] = "0123456789abcdef";
      out += "\\u00";
      out += kHex[u >> 4];
      out += kHex[u & 15];
    } else {
      out += c;
    }
  }
  return out + "\"";
}

// `value` in base 36 with exactly `digits` digits.
void append_base36(std::string& out, std::uint32_t value, int digits) {
  const std::size_t at = out.size();
  out.append(static_cast<std::size_t>(digits), '0');
  for (int d = digits - 1; d >= 0; --d) {
    out[at + static_cast<std::size_t>(d)] = kSymbols[value % 36];
    value /= 36;
  }
}

constexpr const char* kStyle = R"CSS(
body { font: 15px/1.4 system-ui, sans-serif; margin: 16px 24px; color: #222; background: #f6f6f4; }
h1 { font-size: 20px; margin: 0 0 4px; }
p { margin: 4px 0; }
.legend span { display: inline-block; min-width: 18px; padding: 0 3px; margin-right: 3px;
  text-align: center; border: 1px solid #0003; font: 12px/18px monospace; }
#controls { margin: 10px 0 6px; display: flex; gap: 6px; align-items: center; flex-wrap: wrap; }
#controls button { font: inherit; padding: 2px 10px; }
#slider { width: 260px; }
#status { font-variant-numeric: tabular-nums; white-space: nowrap; height: 1.4em;
  overflow: hidden; }
#board { display: block; margin: 6px 0; image-rendering: pixelated; box-shadow: 0 0 0 1px #555; }
#strip { display: block; margin-top: 8px; }
#strip rect[data-move] { cursor: pointer; }
)CSS";

constexpr const char* kScript = R"JS(
"use strict";
(() => {
  const W = D.width, H = D.height, CELLS = W * H, N = D.moves.length, CS = D.cell;
  const digit = (code) => (code <= 57 ? code - 48 : code - 87);  // '0'-'9', 'a'-'z'
  const rgbOf = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
  const palette = D.palette.map(rgbOf), blank = rgbOf(D.blank);
  const color = new Uint8Array(CELLS), at = new Uint32Array(CELLS);
  for (let i = 0; i < CELLS; i++) {
    color[i] = digit(D.cells.charCodeAt(i));
    let v = 0;
    for (let j = 0; j < D.digits; j++)
      v = v * 36 + digit(D.absorbedAt.charCodeAt(i * D.digits + j));
    at[i] = v;
  }
  const moves = Array.from(D.moves, (c) => digit(c.charCodeAt(0)));
  const canvas = document.getElementById("board"), ctx = canvas.getContext("2d");
  const cells = document.createElement("canvas");
  cells.width = W;
  cells.height = H;
  const cellsCtx = cells.getContext("2d"), image = cellsCtx.createImageData(W, H);
  const status = document.getElementById("status"), slider = document.getElementById("slider");
  const mark = document.getElementById("mark"), play = document.getElementById("play");
  const regionRgb = (f) =>
    f > 0 ? palette[moves[f - 1]] : D.startColor < 0 ? blank : palette[D.startColor];
  const light = (c) => 299 * c[0] + 587 * c[1] + 114 * c[2] > 140000;
  let frame = 0, timer = null;

  function caption(f) {
    const region = "the region is " + D.region[f] + " of " + CELLS + " cells";
    let text = f === 0 ? "start: " + region
      : "move " + f + " of " + N + ": '" + D.symbols[moves[f - 1]] + "' absorbs " + D.absorbed[f] +
        (D.absorbed[f] === 1 ? " cell" : " cells") + (D.absorbed[f] === 0 ? " (wasted)" : "") +
        "; " + region;
    if (f === N && N > 0) text += D.region[N] === CELLS ? "; cleared" : "; not cleared";
    return text;
  }

  function draw(f) {
    frame = Math.max(0, Math.min(N, f));
    const px = image.data, region = regionRgb(frame);
    for (let i = 0, o = 0; i < CELLS; i++, o += 4) {
      const c = at[i] <= frame ? region : palette[color[i]];
      px[o] = c[0];
      px[o + 1] = c[1];
      px[o + 2] = c[2];
      px[o + 3] = 255;
    }
    cellsCtx.putImageData(image, 0, 0);
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(cells, 0, 0, W * CS, H * CS);
    // The cells this move absorbed, outlined inside their squares.
    if (frame > 0 && CS >= 7) {
      const width = CS >= 16 ? 2 : 1, inset = 1 + width / 2;
      ctx.lineWidth = width;
      ctx.strokeStyle = light(region) ? "#000" : "#fff";
      ctx.beginPath();
      for (let i = 0; i < CELLS; i++)
        if (at[i] === frame)
          ctx.rect((i % W) * CS + inset, Math.floor(i / W) * CS + inset, CS - 2 * inset,
                   CS - 2 * inset);
      ctx.stroke();
    }
    status.textContent = caption(frame);
    slider.value = frame;
    const current =
      frame > 0 ? document.querySelector('#strip rect[data-move="' + frame + '"]') : null;
    mark.setAttribute("visibility", current ? "visible" : "hidden");
    if (current)
      ["x", "y", "width", "height"].forEach((a) => mark.setAttribute(a, current.getAttribute(a)));
    document.body.dataset.move = frame;
  }

  function stop() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    play.textContent = "\u25b6 play";
  }
  function start() {
    if (N === 0) return;
    if (frame >= N) draw(0);
    play.textContent = "\u275a\u275a pause";
    timer = setInterval(() => {
      draw(frame + 1);
      if (frame >= N) stop();
    }, 1000 / Number(document.getElementById("speed").value));
  }
  const go = (f) => { stop(); draw(f); };
  document.getElementById("first").onclick = () => go(0);
  document.getElementById("back").onclick = () => go(frame - 1);
  document.getElementById("next").onclick = () => go(frame + 1);
  document.getElementById("last").onclick = () => go(N);
  play.onclick = () => (timer === null ? start() : stop());
  document.getElementById("speed").onchange = () => { if (timer !== null) { stop(); start(); } };
  slider.oninput = () => go(Number(slider.value));
  document.getElementById("strip").onclick = (e) => {
    const m = e.target.getAttribute && e.target.getAttribute("data-move");
    if (m) go(Number(m));
  };
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
    const keys = { ArrowLeft: () => go(frame - 1), ArrowRight: () => go(frame + 1),
                   Home: () => go(0), End: () => go(N), " ": () => play.onclick() };
    if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
  });
  // #move=N or #move=last opens the page at that frame.
  function fromHash() {
    const m = /(?:^#|&)move=(last|\d+)/.exec(location.hash);
    if (m) go(m[1] === "last" ? N : Number(m[1]));
  }
  window.addEventListener("hashchange", fromHash);
  draw(0);
  fromHash();
  const box = canvas.getBoundingClientRect();
  document.body.dataset.board =
    [Math.round(box.left + scrollX), Math.round(box.top + scrollY), CS, W, H].join(",");
})();
)JS";

}  // namespace

int page_cell_pixels(const Board& board) {
  const auto side = std::max(board.width(), board.height());
  return static_cast<int>(std::clamp<std::uint32_t>(720 / side, 1, 32));
}

void write_html_page(std::ostream& out, const BoardReplay& replay, const ViewCaption& caption) {
  const Board& board = replay.board();
  const std::size_t moves = replay.moves().size();
  const int cell = page_cell_pixels(board);
  const int board_width = static_cast<int>(board.width()) * cell;
  const int board_height = static_cast<int>(board.height()) * cell;

  // The per-cell data: colours one base-36 digit each, the absorbing move
  // in as many digits as the largest needs (kNever written as moves + 1).
  int digits = 1;
  for (std::uint64_t top = 36; top <= moves + 1; top *= 36)
    ++digits;
  std::string cells;
  std::string absorbed_at;
  cells.reserve(board.cell_count());
  absorbed_at.reserve(std::size_t{board.cell_count()} * static_cast<std::size_t>(digits));
  for (std::uint32_t i = 0; i < board.cell_count(); ++i) {
    cells += kSymbols[board.cells()[i]];
    const std::uint32_t at = replay.absorbed_at()[i];
    append_base36(absorbed_at,
                  at == BoardReplay::kNever ? static_cast<std::uint32_t>(moves + 1) : at, digits);
  }
  std::string move_text;
  for (const Color c : replay.moves())
    move_text += kSymbols[c];
  std::string palette;
  for (std::uint32_t c = 0; c < board.colors(); ++c)
    palette += std::string(c > 0 ? "," : "") + "\"" + hex(color_rgb(static_cast<Color>(c))) + "\"";
  std::string absorbed;
  std::string region;
  for (std::size_t f = 0; f < replay.frames(); ++f) {
    absorbed += (f > 0 ? "," : "") + std::to_string(replay.absorbed_by(f));
    region += (f > 0 ? "," : "") + std::to_string(replay.region_cells(f));
  }
  const int start_color = replay.blank_start() ? -1 : static_cast<int>(replay.start_color());

  const std::string title = "colorwalk: " + caption.board;
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      << "<title>" << html(title) << "</title>\n<style>" << kStyle << "</style>\n</head>\n<body>\n"
      << "<h1>" << html(caption.board) << "</h1>\n"
      << "<p>" << html(describe_board(board));
  if (!caption.solution.empty())
    out << "; " << moves << (moves == 1 ? " move" : " moves") << " from " << html(caption.solution)
        << (replay.cleared() ? ", clearing the board" : ", leaving cells outside the region");
  out << "</p>\n<p class=\"legend\">colors: ";
  for (std::uint32_t c = 0; c < board.colors(); ++c) {
    const Rgb rgb = color_rgb(static_cast<Color>(c));
    out << "<span style=\"background:" << hex(rgb) << ";color:" << (is_light(rgb) ? "#000" : "#fff")
        << "\">" << board.symbol(static_cast<Color>(c)) << "</span>";
  }
  out << "</p>\n<div id=\"controls\">"
      << "<button id=\"first\" title=\"the board (Home)\">&#xab; start</button>"
      << "<button id=\"back\" title=\"one move back (&#x2190;)\">&#x25c0; back</button>"
      << "<button id=\"play\" title=\"play or pause (space)\">&#x25b6; play</button>"
      << "<button id=\"next\" title=\"one move on (&#x2192;)\">next &#x25b6;</button>"
      << "<button id=\"last\" title=\"after the last move (End)\">end &#xbb;</button>"
      << "<input id=\"slider\" type=\"range\" min=\"0\" max=\"" << moves
      << "\" value=\"0\" aria-label=\"move\">"
      << "<label>moves a second <select id=\"speed\"><option>1</option><option>2</option>"
      << "<option selected>4</option><option>8</option><option>16</option><option>32</option>"
      << "</select></label></div>\n"
      << "<p id=\"status\" aria-live=\"polite\">" << html(describe_frame(replay, 0)) << "</p>\n"
      << "<canvas id=\"board\" width=\"" << board_width << "\" height=\"" << board_height
      << "\"></canvas>\n";

  // The strip: one square per move, wrapped to the board's width (at
  // least 360 pixels), each a link to the board after it.
  const int strip_width = std::max(board_width, 360);
  const int square = std::clamp(moves > 0 ? strip_width / static_cast<int>(moves) : 24, 8, 24);
  const int per_row = std::max(1, strip_width / square);
  const int rows = static_cast<int>((moves + static_cast<std::size_t>(per_row) - 1) /
                                    static_cast<std::size_t>(per_row));
  out << "<svg id=\"strip\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" << strip_width
      << "\" height=\"" << std::max(rows, 1) * (square + 4)
      << "\" role=\"list\" aria-label=\"moves\">";
  for (std::size_t k = 0; k < moves; ++k) {
    const int x = static_cast<int>(k % static_cast<std::size_t>(per_row)) * square;
    const int y = static_cast<int>(k / static_cast<std::size_t>(per_row)) * (square + 4);
    const Color c = replay.moves()[k];
    out << "<rect data-move=\"" << k + 1 << "\" x=\"" << x + 1 << "\" y=\"" << y + 1
        << "\" width=\"" << square - 2 << "\" height=\"" << square - 2 << "\" fill=\""
        << hex(color_rgb(c)) << "\"><title>move " << k + 1 << ": '" << board.symbol(c) << "', "
        << plural(replay.absorbed_by(k + 1), "cell") << "</title></rect>";
  }
  out << "<rect id=\"mark\" visibility=\"hidden\" fill=\"none\" stroke=\"#000\" "
         "stroke-width=\"2\" pointer-events=\"none\"/></svg>\n";

  out << "<script>\nconst D = {"
      << "\"width\":" << board.width() << ",\"height\":" << board.height() << ",\"cell\":" << cell
      << ",\"symbols\":" << js_string(board.palette()) << ",\"palette\":[" << palette << "]"
      << ",\"blank\":\"" << hex(kBlankRgb) << "\",\"startColor\":" << start_color << ",\"moves\":\""
      << move_text << "\",\"absorbed\":[" << absorbed << "],\"region\":[" << region
      << "],\"digits\":" << digits << ",\n\"cells\":\"" << cells << "\",\n\"absorbedAt\":\""
      << absorbed_at << "\"};\n"
      << kScript << "</script>\n</body>\n</html>\n";
}

}  // namespace colorwalk
