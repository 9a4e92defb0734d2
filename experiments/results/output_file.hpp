// The tool's output files, and OutputError, the failure to write one.
//
// LineFile: an output file written in whole lines: each append() hands its
// lines to the operating system in one write(2) at once, so every reported
// board is in the file as soon as it is reported, and a process stopped at
// any moment, even killed, leaves complete lines behind (a torn last line
// can come only from the system itself, a full disk or a crash, and
// resuming cuts it). Destroying the object without close() drops nothing
// written and never throws.
//
// A regular file is locked (flock, exclusive) from the moment it is opened
// until it is closed, and only then cut or emptied: a second run that
// names a file another run is writing is refused before it changes a byte.
// A device or a FIFO is written as it is: never locked, cut or renamed, and
// a FIFO with no reader is refused rather than waited for.
//
// Every failure to open, lock, write or close an output is an OutputError
// naming the file and the reason; the tool exits kExitOutput for it.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace colorwalk {

// An output that cannot be written (a full disk, no permission, a file
// another run is writing, standard output closed). what() is one line:
// "cannot write 'FILE': REASON".
class OutputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// "cannot write 'PATH': " + what, with the reason of errno when `what` is empty.
OutputError output_error(const std::string& path, const std::string& what = {});

class LineFile {
 public:
  LineFile() = default;
  ~LineFile();
  LineFile(LineFile&& other) noexcept;
  LineFile& operator=(LineFile&& other) noexcept;
  LineFile(const LineFile&) = delete;
  LineFile& operator=(const LineFile&) = delete;

  // Opens `path` for writing, creating it if missing, keeping what it holds,
  // and locks it. Throws OutputError naming the file.
  static LineFile open(const std::string& path);
  // Opens `path` and empties it (open() then cut(0)).
  static LineFile create(const std::string& path);
  // Opens `path`, cuts it to `size` bytes and appends after them.
  static LineFile append_at(const std::string& path, std::uint64_t size);

  // Cuts a regular file to `size` bytes and writes on after them (nothing
  // for a device or a FIFO). Throws OutputError.
  void cut(std::uint64_t size);
  // Renames the file to `path` (on the same file system); writing goes on.
  void rename_to(const std::string& path);

  bool is_open() const noexcept { return fd_ >= 0; }
  // A regular file (not a device or a FIFO).
  bool is_regular() const noexcept { return regular_; }
  const std::string& path() const noexcept { return path_; }

  // Writes whole lines (each ending in '\n') now. Throws OutputError.
  void append(std::string_view lines);
  // Writes everything queued now. Throws OutputError.
  void flush();
  // Flushes and closes. Throws OutputError on a write or close error.
  void close();

 private:
  int fd_ = -1;
  bool regular_ = false;
  std::string path_;
  std::string buffer_;
};

// Writes `text` to `path` as a whole (a report, a chart): created or
// emptied, locked, written and closed. Throws OutputError.
void write_output_file(const std::string& path, std::string_view text);

// Refuses an output that would replace results: `path` a regular file (or
// a link to one) that is not empty is a UsageError, "WHAT: 'PATH' exists
// and is not empty (N bytes); ADVICE", and one that another colorwalk run
// is writing an OutputError, as opening it would be. A missing or empty
// file, a device and a FIFO pass.
void refuse_replacing(const std::string& path, const std::string& what, const std::string& advice);

// Whether `path` names something other than a regular file or a symbolic
// link to one (a device, a FIFO, a socket); false when it does not exist.
bool is_special_file(const std::string& path);

}  // namespace colorwalk
