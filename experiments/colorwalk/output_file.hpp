// An output file written in whole lines: each append() hands its lines to
// the operating system in one write(2) at once, so every reported board is
// in the file as soon as it is reported, and a process stopped at any
// moment, even killed, leaves complete lines behind (a torn last line can
// come only from the system itself, a full disk or a crash, and resuming
// cuts it). Destroying the object without close() drops nothing written
// and never throws.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace colorwalk {

class LineFile {
 public:
  LineFile() = default;
  ~LineFile();
  LineFile(LineFile&& other) noexcept;
  LineFile& operator=(LineFile&& other) noexcept;
  LineFile(const LineFile&) = delete;
  LineFile& operator=(const LineFile&) = delete;

  // Creates or empties `path`. Throws std::runtime_error naming the file.
  static LineFile create(const std::string& path);
  // Opens `path`, cuts it to `size` bytes and appends after them.
  static LineFile append_at(const std::string& path, std::uint64_t size);

  // Renames the file to `path` (on the same file system); writing goes on.
  void rename_to(const std::string& path);

  bool is_open() const noexcept { return fd_ >= 0; }
  const std::string& path() const noexcept { return path_; }

  // Writes whole lines (each ending in '\n') now. Throws std::runtime_error
  // on a write error.
  void append(std::string_view lines);
  // Writes everything queued now. Throws std::runtime_error on a write error.
  void flush();
  // Flushes and closes. Throws std::runtime_error on a write or close error.
  void close();

 private:
  int fd_ = -1;
  std::string path_;
  std::string buffer_;
};

}  // namespace colorwalk
