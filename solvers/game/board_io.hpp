// Board and solution files (their formats: docs/formats.md).
//
// Grid format: one row per line, one symbol per cell (0-9, a-z, any case);
// boards separated by blank lines. Line format: one n x n board per line of
// n*n symbols. In both, lines whose first non-blank character is '#' are
// comments; a UTF-8 byte-order mark, CR line ends and surrounding spaces are
// tolerated. A board's colours are the symbols it uses, in symbol order.
//
// Readers are all-or-nothing: they return every board of the input or throw
// InputError naming the file, the line and the problem. Nothing half-read
// escapes, and no line is buffered beyond what the board limits allow.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "game/board.hpp"

namespace colorwalk {

enum class BoardFormat : std::uint8_t { kGrid, kLine };

std::optional<BoardFormat> parse_format(std::string_view text) noexcept;

// Bad input. what() reads "FILE:LINE: problem" (or "FILE: problem" when no
// line applies, such as a file that cannot be opened).
class InputError : public UserError {
 public:
  InputError(std::string file, std::uint64_t line, const std::string& problem);
  const std::string& file() const noexcept { return file_; }
  std::uint64_t line() const noexcept { return line_; }  // 0 when no line applies

 private:
  std::string file_;
  std::uint64_t line_;
};

// Reads every board of `in`; `name` is used in messages. Boards get
// colour-walk rules with a top-left start; callers apply the run's rules.
std::vector<Board> read_boards(std::istream& in, const std::string& name, BoardFormat format);

// Opens and reads a board file; throws InputError if it is missing, a
// directory, unreadable or malformed.
std::vector<Board> load_boards(const std::string& path, BoardFormat format);

// Writes one board in grid format (rows of symbols, no trailing blank line).
void write_grid(std::ostream& out, const Board& board);

// Writes boards in grid format separated by blank lines.
void write_grid(std::ostream& out, const std::vector<Board>& boards);

// One line of a solution file: its line number and its symbols.
struct SolutionLine {
  std::uint64_t line = 0;
  std::string symbols;
};

// Reads a solution file: one line per board, comments skipped, trailing blank
// lines dropped. Symbols are checked to be 0-9/a-z (lower-cased) only.
std::vector<SolutionLine> read_solution_lines(std::istream& in, const std::string& name);
std::vector<SolutionLine> load_solution_lines(const std::string& path);

// Converts a solution line to colours of `board`; throws InputError naming the
// symbol that is not one of the board's colours.
std::vector<Color> parse_moves(const Board& board, const SolutionLine& line,
                               const std::string& name);

}  // namespace colorwalk
