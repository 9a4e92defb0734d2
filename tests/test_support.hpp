// Helpers shared by the tests: scratch directories, file writing, running
// the colorwalk tool and capturing its exit code and output.
#pragma once

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace colorwalk::testing {

// A fresh directory under the system temp dir, removed at the end of the test.
class ScratchDir {
 public:
  ScratchDir() {
    std::random_device rd;
    path_ = std::filesystem::temp_directory_path() /
            ("colorwalk-test-" + std::to_string(rd()) + std::to_string(rd()));
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  std::string file(const std::string& name) const { return (path_ / name).string(); }
  std::string write(const std::string& name, const std::string& content) const {
    const std::string p = file(name);
    std::ofstream(p, std::ios::binary) << content;
    return p;
  }

 private:
  std::filesystem::path path_;
};

inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

struct RunResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// Runs `colorwalk ARGS` (ARGS as a shell-quoted string) in `dir`; with
// `timeout_seconds`, under timeout(1), which ends it with exit code 124.
inline RunResult run_colorwalk(const ScratchDir& dir, const std::string& args,
                               int timeout_seconds = 0) {
  const std::string out = dir.file("stdout.txt");
  const std::string err = dir.file("stderr.txt");
  const std::string timeout =
      timeout_seconds > 0 ? "timeout -k 5 " + std::to_string(timeout_seconds) + " " : "";
  const std::string command =
      timeout + "'" + COLORWALK_EXE + "' " + args + " >'" + out + "' 2>'" + err + "' </dev/null";
  const int status = std::system(command.c_str());
  RunResult r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = read_file(out);
  r.err = read_file(err);
  return r;
}

// Starts `colorwalk ARGS...` with stdout and stderr to files; returns its pid.
inline pid_t spawn_colorwalk(const std::vector<std::string>& args, const std::string& out,
                             const std::string& err) {
  std::vector<std::string> all = {COLORWALK_EXE};
  all.insert(all.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : all)
    argv.push_back(a.data());
  argv.push_back(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {
    const int o = open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int e = open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int in = open("/dev/null", O_RDONLY);
    dup2(o, 1);
    dup2(e, 2);
    dup2(in, 0);
    execv(argv[0], argv.data());
    _exit(127);
  }
  return pid;
}

inline std::size_t line_count(const std::string& path) {
  const std::string text = read_file(path);
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

}  // namespace colorwalk::testing
