#include "origin/environment.hpp"

#include <cstdio>
#include <cstdlib>
#include <ctime>

#include "origin/build_info.hpp"

namespace colorwalk {
namespace {

std::string env_or(const char* name, const std::string& fallback) {
  const char* value = std::getenv(name);
  return value != nullptr && *value != '\0' ? std::string(value) : fallback;
}

// Runs a short command and returns its first line of output ("" on failure).
std::string first_line_of(const std::string& command) {
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return {};
  char buffer[256];
  std::string line;
  if (std::fgets(buffer, sizeof buffer, pipe) != nullptr) line = buffer;
  std::string rest;
  while (std::fgets(buffer, sizeof buffer, pipe) != nullptr)
    rest += buffer;
  const int status = ::pclose(pipe);
  if (status != 0 && rest.empty() && line.empty()) return {};
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r'))
    line.pop_back();
  return line;
}

}  // namespace

std::string source_commit() {
  const std::string dir = build::source_dir();
  if (!dir.empty()) {
    const std::string git = "git --no-optional-locks -C " + shell_quote(dir) + " ";
    const std::string head = first_line_of(git + "rev-parse --short HEAD 2>/dev/null");
    if (!head.empty() && head.find_first_not_of("0123456789abcdef") == std::string::npos) {
      const std::string dirty =
          first_line_of(git + "status --porcelain --untracked-files=no 2>/dev/null");
      return dirty.empty() ? head : head + "-dirty";
    }
  }
  return build::git_commit();
}

std::string utc_date(const char* format) {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char text[64];
  std::strftime(text, sizeof text, format, &tm);
  return text;
}

std::string experiments_dir() {
  return env_or("COLORWALK_EXPERIMENTS", build::experiments_dir());
}

std::string datasets_dir() {
  return env_or("COLORWALK_DATASETS", build::datasets_dir());
}

std::string shell_quote(const std::string& arg) {
  if (!arg.empty() &&
      arg.find_first_not_of(
          "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:=,@%+-") ==
          std::string::npos)
    return arg;
  std::string out = "'";
  for (char c : arg) {
    if (c == '\'')
      out += "'\\''";
    else
      out += c;
  }
  return out + "'";
}

std::string join_command(const std::vector<std::string>& args) {
  std::string out;
  for (const auto& a : args)
    out += (out.empty() ? "" : " ") + shell_quote(a);
  return out;
}

}  // namespace colorwalk
