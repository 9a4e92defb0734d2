#include "results/output_file.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <utility>

#include "engine/exit_status.hpp"
#include "game/wording.hpp"

namespace colorwalk {

OutputError output_error(const std::string& path, const std::string& what) {
  return OutputError("cannot write '" + path +
                     "': " + (what.empty() ? std::strerror(errno) : what));
}

LineFile::~LineFile() {
  if (fd_ < 0) return;
  try {
    flush();
  } catch (...) {  // a destructor must not throw; close() reports errors
  }
  ::close(fd_);
}

LineFile::LineFile(LineFile&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)),
      regular_(other.regular_),
      path_(std::move(other.path_)),
      buffer_(std::move(other.buffer_)) {}

LineFile& LineFile::operator=(LineFile&& other) noexcept {
  if (this != &other) {
    LineFile old(std::move(*this));
    fd_ = std::exchange(other.fd_, -1);
    regular_ = other.regular_;
    path_ = std::move(other.path_);
    buffer_ = std::move(other.buffer_);
  }
  return *this;
}

LineFile LineFile::open(const std::string& path) {
  LineFile file;
  file.path_ = path;
  // O_NONBLOCK: opening a FIFO that no one reads fails (ENXIO) instead of
  // waiting for a reader; writes block again once it is open.
  file.fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC | O_NONBLOCK, 0644);
  if (file.fd_ < 0) {
    if (errno == ENXIO) throw output_error(path, "a FIFO that no process reads");
    throw output_error(path);
  }
  const int flags = ::fcntl(file.fd_, F_GETFL);
  if (flags < 0 || ::fcntl(file.fd_, F_SETFL, flags & ~O_NONBLOCK) < 0) throw output_error(path);
  struct stat st {};
  if (::fstat(file.fd_, &st) != 0) throw output_error(path);
  file.regular_ = S_ISREG(st.st_mode);
  if (file.regular_ && ::flock(file.fd_, LOCK_EX | LOCK_NB) != 0) {
    if (errno == EWOULDBLOCK) throw output_error(path, "another colorwalk run is writing it");
    throw output_error(path);
  }
  return file;
}

LineFile LineFile::create(const std::string& path) {
  LineFile file = open(path);
  file.cut(0);
  return file;
}

LineFile LineFile::append_at(const std::string& path, std::uint64_t size) {
  LineFile file = open(path);
  file.cut(size);
  return file;
}

void LineFile::cut(std::uint64_t size) {
  if (!regular_) return;
  flush();
  if (::ftruncate(fd_, static_cast<off_t>(size)) != 0) throw output_error(path_);
  if (::lseek(fd_, 0, SEEK_END) < 0) throw output_error(path_);
}

void LineFile::rename_to(const std::string& path) {
  if (std::rename(path_.c_str(), path.c_str()) != 0)
    throw output_error(path, "cannot rename '" + path_ + "' to it: " + std::strerror(errno));
  path_ = path;
}

void LineFile::append(std::string_view lines) {
  buffer_ += lines;
  flush();  // one write(2) per call: a reported board is on disk at once
}

void LineFile::flush() {
  std::size_t done = 0;
  while (done < buffer_.size()) {
    const ssize_t n = ::write(fd_, buffer_.data() + done, buffer_.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      const auto error = output_error(path_);
      buffer_.erase(0, done);
      throw error;
    }
    done += static_cast<std::size_t>(n);
  }
  buffer_.clear();
}

void LineFile::close() {
  if (fd_ < 0) return;
  flush();
  const int fd = std::exchange(fd_, -1);
  if (::close(fd) != 0) throw output_error(path_);
}

void write_output_file(const std::string& path, std::string_view text) {
  LineFile file = LineFile::create(path);
  file.append(text);
  file.close();
}

void refuse_replacing(const std::string& path, const std::string& what, const std::string& advice) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode) || st.st_size == 0) return;
  // A file another run holds is that run's: said as opening it would say it.
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd >= 0) {
    const bool locked = ::flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK;
    ::close(fd);
    if (locked) throw output_error(path, "another colorwalk run is writing it");
  }
  throw UsageError(what + ": '" + path + "' exists and is not empty (" +
                   plural(static_cast<std::uint64_t>(st.st_size), "byte") + "); " + advice);
}

bool is_special_file(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return false;
  return !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
}

}  // namespace colorwalk
