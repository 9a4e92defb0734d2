// beam: the anytime solver. Beam search (libsearch's BeamSearch) over
// ExactDomain states, ranking each layer by depth + the elimination bound,
// then by cells cleared, and keeping the `width` best. Wider beams cost
// linearly more and answer closer to the optimum; never proven optimal.
#include "exact/exact_beam.hpp"
#include "registry/board_memory.hpp"
#include "registry/limit_params.hpp"
#include "registry/registry.hpp"

namespace colorwalk {

namespace {

struct BeamParams {
  std::size_t width = 64;
  std::int64_t memory = 1024;
  double seconds = 600;
  std::uint64_t nodes = 0;
};

class Beam final : public Solver {
 public:
  explicit Beam(const BeamParams& p) : p_(p) {}

  Solution solve(const ClusterGraph& graph, const SolveContext& context) override {
    const BoardMemory memory(context, {&workspace_});
    const search::Limits limits = search_limits(graph, context, p_.memory, p_.seconds, p_.nodes);
    Solution solution = solve_with_beam(graph, workspace_, p_.width, limits);
    solution.memory_refused = memory.refused();
    return solution;
  }

 private:
  BeamParams p_;
  search::Workspace workspace_;
};

const SolverRegistration kBeam{SolverDescription<BeamParams>{
    .name = "beam",
    .summary = "anytime: beam search ranked by depth + the elimination bound; wider "
               "is slower and closer to optimal (not proven)",
    .family = SolverFamily::kExact,
    .params = {{&BeamParams::width, "width", 1, 1 << 20, "states kept per depth (the budget)"},
               memory_param<BeamParams>("memory limit, MiB"),
               seconds_param<BeamParams>(
                   "time limit per board, s (0: none); past it the answer is greedy's"),
               nodes_param<BeamParams>("expansion limit per board (0: none; every node is kept, "
                                       "so memory bounds it); past it the answer is greedy's")},
    .make = [](const BeamParams& p) { return std::make_unique<Beam>(p); }}};

}  // namespace

}  // namespace colorwalk
