// Solvers join the registry from a static SolverRegistration in their own
// file, which the whole-archive link keeps: nothing fails when a solver file
// is built but registers nothing. These tests compare the registry of the
// build with the files CMake compiles into the solver rooms
// (tests/CMakeLists.txt): every solver file registers, no other file does,
// and every file that defines a Solver is a solver file.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "registry/registry.hpp"

namespace {

using colorwalk::builtin_solvers;
using colorwalk::SolverInfo;

// The room-relative paths ("exact/astar.cpp") of a '|'-separated list.
std::vector<std::string> split(std::string_view list) {
  std::vector<std::string> out;
  while (!list.empty()) {
    const auto bar = list.find('|');
    if (bar != 0) out.emplace_back(list.substr(0, bar));
    if (bar == std::string_view::npos) break;
    list.remove_prefix(bar + 1);
  }
  return out;
}

const std::vector<std::string>& room_sources() {
  static const std::vector<std::string> sources = split(COLORWALK_ROOM_SOURCES);
  return sources;
}

const std::vector<std::string>& solver_sources() {
  static const std::vector<std::string> sources = split(COLORWALK_SOLVER_SOURCES);
  return sources;
}

// The listed source that `file` (as the compiler named it: absolute, or
// relative to some folder) is, or empty.
std::string listed_as(std::string_view file, const std::vector<std::string>& listed) {
  for (const std::string& source : listed)
    if (file == source ||
        (file.size() > source.size() && file.ends_with(source) &&
         file[file.size() - source.size() - 1] == '/'))
      return source;
  return {};
}

// The solver files the registry's solvers came from, with their solvers.
std::map<std::string, std::vector<std::string>> registering_files() {
  std::map<std::string, std::vector<std::string>> files;
  for (const SolverInfo& info : builtin_solvers().all())
    files[listed_as(info.file, room_sources())].push_back(info.name);
  return files;
}

TEST(Registrations, ListsAreThere) {
  EXPECT_FALSE(solver_sources().empty());
  for (const std::string& source : solver_sources())
    EXPECT_FALSE(listed_as(source, room_sources()).empty())
        << source << " is a solver file of no solver room";
}

TEST(Registrations, EverySolverFileRegisters) {
  const auto files = registering_files();
  for (const std::string& source : solver_sources())
    EXPECT_TRUE(files.contains(source))
        << "solvers/" << source
        << " is built as a solver file but registers no solver (a SolverRegistration at "
           "namespace scope in it)";
}

TEST(Registrations, OnlySolverFilesRegister) {
  for (const SolverInfo& info : builtin_solvers().all()) {
    EXPECT_FALSE(info.file.empty()) << "solver '" << info.name << "' came from no file";
    EXPECT_FALSE(listed_as(info.file, solver_sources()).empty())
        << "solver '" << info.name << "' is registered from " << info.file
        << ", which is not listed among the solver files (COLORWALK_SOLVER_SOURCES, "
           "solvers/CMakeLists.txt)";
  }
}

// A file of the rooms that defines a class derived from Solver is a solver
// file (so it is checked above), even if listed with the building blocks.
TEST(Registrations, EveryFileDefiningASolverIsASolverFile) {
  const std::regex derives(R"((class|struct)\s+\w+\s*(final\s*)?:\s*(public\s+)?(colorwalk::)?Solver\b)");
  std::size_t defining = 0;
  for (const std::string& source : room_sources()) {
    std::ifstream in(std::string(COLORWALK_SOLVERS_DIR) + "/" + source);
    ASSERT_TRUE(in) << "cannot read solvers/" << source;
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    if (!std::regex_search(text, derives)) continue;
    ++defining;
    EXPECT_FALSE(listed_as(source, solver_sources()).empty())
        << "solvers/" << source
        << " defines a Solver but is not listed among the solver files "
           "(COLORWALK_SOLVER_SOURCES, solvers/CMakeLists.txt)";
  }
  EXPECT_GE(defining, solver_sources().size()) << "the Solver pattern no longer matches";
}

}  // namespace
