// Board and solution files (their formats: docs/formats.md).
//
// Grid format: one row per line, one symbol per cell (0-9, a-z, any case);
// boards separated by blank lines. Line format: one n x n board per line of
// n*n symbols. Flood-it-boards format (one board per file, as the public
// "99 problems" are written): a line `m n k` (rows, columns, colours), a
// line of the m*n cells row by row as whole numbers 1..k separated by
// blanks, and a line with the board's optimal number of moves, or 0 when
// unknown; colour v is written with the symbol kSymbols[v] ('1'..'9', then
// 'a' for 10). In every format, lines whose first non-blank character is
// '#' are comments; a UTF-8 byte-order mark, CR line ends and surrounding
// spaces are tolerated. A board's colours are the symbols it uses, in
// symbol order.
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

enum class BoardFormat : std::uint8_t { kGrid, kLine, kFloodItBoards };

// "grid", "line" or "flood-it-boards".
std::optional<BoardFormat> parse_format(std::string_view text) noexcept;
std::string_view format_name(BoardFormat format) noexcept;

// Bad input. what() reads "FILE:LINE: problem" (or "FILE: problem" when no
// line applies, such as a file that cannot be opened).
class InputError : public UserError {
 public:
  InputError(std::string file, std::uint64_t line, const std::string& problem);
  const std::string& file() const noexcept { return file_; }
  std::uint64_t line() const noexcept { return line_; }  // 0 when no line applies
  const std::string& problem() const noexcept { return problem_; }

 private:
  std::string file_;
  std::uint64_t line_;
  std::string problem_;
};

// Reads every board of `in`; `name` is used in messages. Boards get
// colour-walk rules with a top-left start; callers apply the run's rules.
// A bound on what reading a board source holds in memory: the text held for
// format detection and the boards read (an estimate of their size) count
// against it, so that an endless stream ends. Past it reading stops with an
// InputError naming the file and line and ending in `advice`.
struct ReadBound {
  static constexpr std::uint64_t kDefault = std::uint64_t{2} << 30;  // 2 GiB
  std::uint64_t max_bytes = kDefault;
  std::uint64_t used = 0;
  std::string advice = "split the boards into several files and runs";

  // Counts `bytes` more; false once the total is over the bound.
  bool take(std::uint64_t bytes) noexcept {
    used += bytes;
    return used <= max_bytes;
  }
  InputError error(const std::string& name, std::uint64_t line) const;
};

// What a board read holds in memory, as ReadBound counts it.
std::uint64_t held_bytes(const Board& board) noexcept;

// `bound`: nullptr for none.
std::vector<Board> read_boards(std::istream& in, const std::string& name, BoardFormat format,
                               ReadBound* bound = nullptr);

// Opens and reads a board file; throws InputError if it is missing, a
// directory, unreadable or malformed.
std::vector<Board> load_boards(const std::string& path, BoardFormat format);

// A board file's boards with the optimal move count each states (only the
// flood-it-boards format states one; nullopt where none is stated or it is
// 0, unknown).
struct BoardFile {
  std::vector<Board> boards;
  std::vector<std::optional<std::uint32_t>> stated_optima;  // one per board
  BoardFormat format = BoardFormat::kGrid;
  // The rules and start its header states (BoardHeader; load_board_file
  // reads them), empty where it states none.
  std::string stated_rules;
  std::string stated_start;
};

BoardFile read_board_file(std::istream& in, const std::string& name, BoardFormat format,
                          ReadBound* bound = nullptr);

// Reads a board file in `format`, or, when none is given, in the format its
// text shows (detect_format). Throws InputError as load_boards does; when a
// given format fails on a file whose text shows another one, the message
// says so and which --format to give.
// `bound`: nullptr for the default one.
BoardFile load_board_file(const std::string& path, std::optional<BoardFormat> format,
                          ReadBound* bound = nullptr);

// The header that states a board file's format, and the rules and start
// its boards are for where the writer knew them, a comment to every reader:
// a first line `# colorwalk: format=grid rules=color-walk start=0,0`
// (colorwalk gen writes it).
inline constexpr std::string_view kBoardHeader = "# colorwalk:";

struct BoardHeader {
  BoardFormat format = BoardFormat::kGrid;
  std::string rules;  // "color-walk" or "flood-it"; empty: not stated
  std::string start;  // "ROW,COL" or "center"; empty: not stated
};

// The header of a text, nullopt when its first line is no header; an
// InputError (line 1) when the header states no format, an unknown one,
// unknown rules or a malformed start.
std::optional<BoardHeader> read_board_header(std::string_view text, const std::string& name);

// The format a text's header states (read_board_header), nullopt when its
// first line is no header.
std::optional<BoardFormat> stated_format(std::string_view text, const std::string& name);

// The format of a board file's text: the one its header states, else told
// apart by these rules:
//   - its first line that is neither blank nor a comment holds blanks
//     between numbers: flood-it-boards (grid and line rows hold no blanks);
//   - otherwise, with "blocks" the runs of rows between blank lines, grid
//     fits when the rows of each block have one length and each block is
//     within the board limits, and line fits when every row has the same
//     square length n*n (n >= 2). One fitting is the format.
// A file that fits no format, or both (neither reading is guessed), is an
// InputError that says which --format to give; a ragged grid names its
// ragged row.
BoardFormat detect_format(std::string_view text, const std::string& name);

// Writes the header (kBoardHeader) that states `format`, and `rules` and
// `start` when not empty, ending the line.
void write_board_header(std::ostream& out, BoardFormat format, std::string_view rules = {},
                        std::string_view start = {});

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
// lines dropped. Symbols are checked to be 0-9/a-z (lower-cased) only. A
// file of more than `max_lines` solutions (the boards they are for) is
// refused at the first line too many, so an endless input ends.
std::vector<SolutionLine> read_solution_lines(std::istream& in, const std::string& name,
                                              std::size_t max_lines = SIZE_MAX);
std::vector<SolutionLine> load_solution_lines(const std::string& path,
                                              std::size_t max_lines = SIZE_MAX);

// Converts a solution line to colours of `board`; throws InputError naming the
// symbol that is not one of the board's colours.
std::vector<Color> parse_moves(const Board& board, const SolutionLine& line,
                               const std::string& name);

}  // namespace colorwalk
