#include "output_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <utility>

namespace colorwalk {

namespace {


std::runtime_error file_error(const std::string& what, const std::string& path) {
  return std::runtime_error(what + " '" + path + "': " + std::strerror(errno));
}

}  // namespace

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
      path_(std::move(other.path_)),
      buffer_(std::move(other.buffer_)) {}

LineFile& LineFile::operator=(LineFile&& other) noexcept {
  if (this != &other) {
    LineFile old(std::move(*this));
    fd_ = std::exchange(other.fd_, -1);
    path_ = std::move(other.path_);
    buffer_ = std::move(other.buffer_);
  }
  return *this;
}

LineFile LineFile::create(const std::string& path) {
  LineFile file;
  file.fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (file.fd_ < 0) throw file_error("cannot write", path);
  file.path_ = path;
  return file;
}

LineFile LineFile::append_at(const std::string& path, std::uint64_t size) {
  LineFile file;
  file.fd_ = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (file.fd_ < 0) throw file_error("cannot write", path);
  file.path_ = path;
  if (::ftruncate(file.fd_, static_cast<off_t>(size)) != 0) throw file_error("cannot cut", path);
  if (::lseek(file.fd_, 0, SEEK_END) < 0) throw file_error("cannot seek in", path);
  return file;
}

void LineFile::rename_to(const std::string& path) {
  if (std::rename(path_.c_str(), path.c_str()) != 0)
    throw file_error("cannot rename '" + path_ + "' to", path);
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
      const auto error = file_error("cannot write", path_);
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
  if (::close(fd) != 0) throw file_error("cannot close", path_);
}

}  // namespace colorwalk
