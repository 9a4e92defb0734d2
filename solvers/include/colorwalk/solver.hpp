// The Solver interface and the registry of named, parameterised solvers.
//
// A solver is created from a spec "NAME[:KEY=VALUE,...]" through the
// registry; one instance serves one thread and may keep workspaces between
// boards. solve() is the cold end: one virtual call per board.
//
// Adding a solver: one source file defining `register_NAME(SolverRegistry&)`
// plus one line in builtin_solvers() (registry.cpp).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "colorwalk/cluster_graph.hpp"
#include "search/limits.hpp"

namespace search {
class SharedMemory;
}

namespace colorwalk {

struct SolveContext {
  std::size_t board_index = 0;
  // Seed of this board's own random stream (randomised solvers draw only from it).
  std::uint64_t seed = 0;
  // Polled by long-running solvers; a cancelled solver returns what it has.
  const std::atomic<bool>* cancel = nullptr;
  // The run's memory limit, shared by every search on every thread (nullptr:
  // each search is bounded by its own limit alone). Searching solvers draw
  // their workspaces from it (BoardMemory, board_memory.hpp) and keep them
  // attached between boards, so it must outlive the solvers that used it.
  search::SharedMemory* memory = nullptr;
};

struct Solution {
  std::vector<Color> moves;
  bool proven_optimal = false;
  std::uint64_t expanded = 0;  // search nodes expanded (0 for solvers that do not search)
  // SolveContext::memory refused a search memory on this board: the answer
  // depends on what other searches held at the time, so the batch reports
  // the board as stopped by the memory limit rather than as a result.
  bool memory_refused = false;
};

class Solver {
 public:
  virtual ~Solver() = default;
  virtual Solution solve(const ClusterGraph& graph, const SolveContext& context) = 0;
};

struct ParamSpec {
  std::string name;
  double default_value = 0;
  double min = 0;
  double max = 0;
  bool integer = true;
  std::string help;
};

// Parameter values by name, every parameter of the solver present.
class ParamValues {
 public:
  void set(const std::string& name, double value) { values_[name] = value; }
  double get(const std::string& name) const;
  std::int64_t get_int(const std::string& name) const {
    return static_cast<std::int64_t>(get(name));
  }

 private:
  std::map<std::string, double> values_;
};

struct SolverInfo {
  std::string name;
  std::string summary;  // one line for `colorwalk list`
  std::vector<ParamSpec> params;
  bool randomised = false;    // draws from SolveContext::seed
  bool wasted_moves = false;  // may play colours that clear nothing (counted as moves)
  bool exact = false;         // may prove optimality
  std::function<std::unique_ptr<Solver>(const ParamValues&)> make;
};

// A malformed or unknown solver spec; the message names what and lists the options.
class SpecError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

struct SolverSpec {
  std::string text;  // as given by the user
  const SolverInfo* info = nullptr;
  ParamValues values;

  std::unique_ptr<Solver> make() const { return info->make(values); }
};

class SolverRegistry {
 public:
  // Throws std::logic_error on a duplicate name (a programming error).
  void add(SolverInfo info);
  const SolverInfo* find(std::string_view name) const;
  const std::vector<SolverInfo>& all() const noexcept { return solvers_; }

  // Parses "NAME[:KEY=VALUE,...]"; throws SpecError on unknown names or
  // parameters, malformed or out-of-range values.
  SolverSpec parse(std::string_view text) const;

 private:
  std::vector<SolverInfo> solvers_;
};

// A search's limits for one board: `memory_mib` MiB, `seconds` from now (0:
// none), `nodes` expansions (0: none), and the context's cancellation flag.
search::Limits search_limits(const SolveContext& context, std::int64_t memory_mib, double seconds,
                             std::uint64_t nodes = 0);

// A parameter value as written in a spec: whole numbers in full (1048576,
// not 1.04858e+06), others as %g.
std::string format_param(double value);

// Every solver this build provides.
const SolverRegistry& builtin_solvers();

// Registration functions, one per solver source file.
void register_round_robin(SolverRegistry& registry);  // round-robin, round-robin-skip
void register_greedy(SolverRegistry& registry);
void register_random(SolverRegistry& registry);      // random, random-skip
void register_heuristics(SolverRegistry& registry);  // look-ahead and metric heuristics
void register_search(SolverRegistry& registry);      // bfs, dfs, dijkstra and its hybrids
void register_astar(SolverRegistry& registry);       // exact
void register_beam(SolverRegistry& registry);        // anytime

}  // namespace colorwalk
