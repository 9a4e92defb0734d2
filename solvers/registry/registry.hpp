// The registry of named, parameterised solvers, and how a solver joins it.
//
// A solver is one source file. It declares its parameters as a struct with
// default member values, describes itself with a SolverDescription (name,
// summary, family, the struct's fields by name with their ranges and help,
// and a factory taking the struct), and registers at static-initialisation
// time with a SolverRegistration object in that file:
//
//   struct GreedyParams {};
//   const SolverRegistration kGreedy{SolverDescription<GreedyParams>{
//       .name = "greedy", .summary = "...", .family = SolverFamily::kArticles,
//       .make = [](const GreedyParams&) { return std::make_unique<Greedy>(); }}};
//
// No central list of solvers is edited: the file joins its room's solver
// files in solvers/CMakeLists.txt, and the rooms are linked whole, so every
// registration object is constructed (tests/test_registrations.cpp checks
// that every solver file registers).
//
// A spec "NAME[:KEY=VALUE,...]" is parsed once, into the solver's typed
// struct: SolverSpec::make() then builds instances from it, one per thread.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "game/user_error.hpp"
#include "registry/solver.hpp"

namespace colorwalk {

// Where a solver comes from; `colorwalk list` groups them in this order.
enum class SolverFamily : std::uint8_t {
  kArticles,  // the articles' algorithms, as they wrote them
  kExact,     // exact and bounded search on the exact domain
};

// One parameter as the user sees it: a number with a range and a default.
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
  // Throws std::logic_error for a name the solver does not have.
  double get(const std::string& name) const;

 private:
  std::map<std::string, double> values_;
};

// Makes solver instances of one parsed spec (one instance per thread).
using SolverFactory = std::function<std::unique_ptr<Solver>()>;

struct SolverInfo {
  std::string name;
  std::string summary;  // one line for `colorwalk list`
  SolverFamily family = SolverFamily::kArticles;
  std::vector<ParamSpec> params;
  bool randomised = false;    // draws from SolveContext::seed
  bool wasted_moves = false;  // may play colours that clear nothing (counted as moves)
  bool exact = false;         // may prove optimality
  // Why these parameter values, each present and in range, are refused
  // together (a combination the solver cannot honour), naming them; empty
  // when they are accepted. Unset: every combination is accepted.
  std::function<std::string(const ParamValues&)> refuse;
  // The factory for these parameter values (every parameter present and in range).
  std::function<SolverFactory(const ParamValues&)> bind;
  // The source file whose SolverRegistration added the solver, as its
  // compiler named it (empty for one added to a registry directly).
  std::string file;
};

// A named field of a solver's parameter struct P: its range and help. The
// field's type decides whether the value must be whole (integers, bool).
template <class P>
struct Param {
  template <class T>
  requires std::is_arithmetic_v<T> Param(T P::*field, std::string param_name, double lowest,
                                         double highest, std::string text)
      : name(std::move(param_name)),
        min(lowest),
        max(highest),
        integer(std::is_integral_v<T>),
        help(std::move(text)),
        get([field](const P& p) { return static_cast<double>(p.*field); }),
        set([field](P& p, double value) { p.*field = static_cast<T>(value); }) {}

  std::string name;
  double min;
  double max;
  bool integer;
  std::string help;
  std::function<double(const P&)> get;
  std::function<void(P&, double)> set;
};

// A solver's description with its typed parameters: `defaults` holds the
// values a spec does not set (the struct's own member values unless given).
// (Every member has a default, so designated initialisers may leave any out.)
template <class P>
struct SolverDescription {
  std::string name{};
  std::string summary{};
  SolverFamily family = SolverFamily::kArticles;
  std::vector<Param<P>> params{};
  P defaults{};
  bool randomised = false;
  bool wasted_moves = false;
  bool exact = false;
  // Combinations of values that are refused: the reason (SolverInfo::refuse),
  // or empty; unset, none is.
  std::function<std::string(const P&)> refuse{};
  std::function<std::unique_ptr<Solver>(const P&)> make{};
};

// The type-erased entry of a typed description.
template <class P>
SolverInfo describe(SolverDescription<P> d) {
  SolverInfo info{.name = std::move(d.name),
                  .summary = std::move(d.summary),
                  .family = d.family,
                  .params = {},
                  .randomised = d.randomised,
                  .wasted_moves = d.wasted_moves,
                  .exact = d.exact,
                  .refuse = {},
                  .bind = {},
                  .file = {}};
  for (const Param<P>& p : d.params)
    info.params.push_back({p.name, p.get(d.defaults), p.min, p.max, p.integer, p.help});
  const auto typed_of = [params = std::move(d.params),
                         defaults = std::move(d.defaults)](const ParamValues& values) {
    P typed = defaults;
    for (const Param<P>& p : params)
      p.set(typed, values.get(p.name));
    return typed;
  };
  if (d.refuse)
    info.refuse = [typed_of, refuse = std::move(d.refuse)](const ParamValues& values) {
      return refuse(typed_of(values));
    };
  info.bind = [typed_of, make = std::move(d.make)](const ParamValues& values) -> SolverFactory {
    return [typed = typed_of(values), make] { return make(typed); };
  };
  return info;
}

// A malformed or unknown solver spec; the message names what and lists the options.
class SpecError : public UserError {
 public:
  using UserError::UserError;
};

struct SolverSpec {
  std::string text;  // as given by the user
  const SolverInfo* info = nullptr;
  SolverFactory factory;

  std::unique_ptr<Solver> make() const { return factory(); }
};

class SolverRegistry {
 public:
  // Keeps the solvers ordered by family, then name. Throws std::logic_error
  // on a duplicate name (a programming error).
  void add(SolverInfo info);
  template <class P>
  void add(SolverDescription<P> description) {
    add(describe(std::move(description)));
  }
  const SolverInfo* find(std::string_view name) const;
  const std::vector<SolverInfo>& all() const noexcept { return solvers_; }

  // Parses "NAME[:KEY=VALUE,...]"; throws SpecError on unknown names or
  // parameters, malformed or out-of-range values, and combinations of
  // values the solver refuses.
  SolverSpec parse(std::string_view text) const;

 private:
  std::vector<SolverInfo> solvers_;
};

// Every solver of this build: the registrations of every linked solver file.
const SolverRegistry& builtin_solvers();

// Adds solvers to builtin_solvers() when constructed: one object at
// namespace scope in each solver's source file, holding one description or
// a function that adds several (a family of solvers sharing code). Each
// solver it adds records that file (SolverInfo::file, the file where the
// object is defined: `file` defaults to it), which
// tests/test_registrations.cpp checks against the build's solver files.
class SolverRegistration {
 public:
  template <class P>
  explicit SolverRegistration(SolverDescription<P> description,
                              const char* file = __builtin_FILE())
      : SolverRegistration(describe(std::move(description)), file) {}
  explicit SolverRegistration(SolverInfo info, const char* file = __builtin_FILE());
  explicit SolverRegistration(void (*add_solvers)(SolverRegistry&),
                              const char* file = __builtin_FILE());
};

// A parameter value as written in a spec: whole numbers in full (1048576,
// not 1.04858e+06), others as %g.
std::string format_param(double value);

}  // namespace colorwalk
