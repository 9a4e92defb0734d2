#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "registry/registry.hpp"

#include "game/wording.hpp"

namespace colorwalk {

double ParamValues::get(const std::string& name) const {
  const auto it = values_.find(name);
  if (it == values_.end()) throw std::logic_error("solver parameter '" + name + "' is not set");
  return it->second;
}

void SolverRegistry::add(SolverInfo info) {
  if (find(info.name) != nullptr)
    throw std::logic_error("solver '" + info.name + "' is registered twice");
  const auto before = [](const SolverInfo& a, const SolverInfo& b) {
    return a.family != b.family ? a.family < b.family : a.name < b.name;
  };
  solvers_.insert(std::upper_bound(solvers_.begin(), solvers_.end(), info, before),
                  std::move(info));
}

const SolverInfo* SolverRegistry::find(std::string_view name) const {
  const auto it = std::find_if(solvers_.begin(), solvers_.end(),
                               [&](const SolverInfo& s) { return s.name == name; });
  return it == solvers_.end() ? nullptr : &*it;
}

namespace {

std::string param_names(const SolverInfo& info) {
  if (info.params.empty()) return "it takes none";
  std::string names;
  for (const auto& p : info.params)
    names += (names.empty() ? "" : ", ") + p.name;
  return "its parameters: " + names;
}

}  // namespace

SolverSpec SolverRegistry::parse(std::string_view text) const {
  const auto colon = text.find(':');
  const std::string name(text.substr(0, colon));
  SolverSpec spec;
  spec.text = std::string(text);
  spec.info = find(name);
  if (spec.info == nullptr) {
    std::vector<std::string> names;
    for (const auto& s : solvers_)
      names.push_back(s.name);
    throw SpecError("unknown solver '" + name + "'" + did_you_mean(name, names) +
                    " (`colorwalk list` shows every solver)");
  }
  ParamValues values;
  for (const auto& p : spec.info->params)
    values.set(p.name, p.default_value);
  const auto bind = [&] {
    if (spec.info->refuse)
      if (const std::string why = spec.info->refuse(values); !why.empty())
        throw SpecError("solver spec '" + spec.text + "': " + why);
    spec.factory = spec.info->bind(values);
  };
  if (colon == std::string_view::npos) {
    bind();
    return spec;
  }

  std::string_view rest = text.substr(colon + 1);
  if (rest.empty()) throw SpecError("solver spec '" + spec.text + "' has an empty parameter list");
  std::vector<std::string> given;  // a key given twice is refused, not overwritten
  while (!rest.empty()) {
    const auto comma = rest.find(',');
    const std::string_view item = rest.substr(0, comma);
    rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
    const auto eq = item.find('=');
    if (eq == std::string_view::npos || eq == 0)
      throw SpecError("solver spec '" + spec.text + "': expected KEY=VALUE, got '" +
                      std::string(item) + "'");
    const std::string key(item.substr(0, eq));
    const std::string_view value_text = item.substr(eq + 1);
    const auto param = std::find_if(spec.info->params.begin(), spec.info->params.end(),
                                    [&](const ParamSpec& p) { return p.name == key; });
    if (param == spec.info->params.end()) {
      std::vector<std::string> keys;
      for (const auto& p : spec.info->params)
        keys.push_back(p.name);
      throw SpecError("solver '" + name + "' has no parameter '" + key + "'" +
                      did_you_mean(key, keys) + " (" + param_names(*spec.info) + ")");
    }
    if (std::find(given.begin(), given.end(), key) != given.end())
      throw SpecError("solver spec '" + spec.text + "': parameter " + key +
                      " is given twice (give each parameter once)");
    given.push_back(key);
    double value = 0;
    const char* end = value_text.data() + value_text.size();
    const auto [ptr, ec] = std::from_chars(value_text.data(), end, value);
    if (ec == std::errc::result_out_of_range && ptr == end && !value_text.empty())
      value = std::strtod(std::string(value_text).c_str(), nullptr);  // +-HUGE_VAL, or near 0
    else if (value_text.empty() || ec != std::errc{} || ptr != end || !std::isfinite(value))
      throw SpecError("solver '" + name + "': parameter " + key + " needs a number, got '" +
                      std::string(value_text) + "'");
    if (param->integer && value != std::floor(value))
      throw SpecError("solver '" + name + "': parameter " + key + " needs a whole number, got '" +
                      std::string(value_text) + "'");
    if (value < param->min || value > param->max)
      throw SpecError("solver '" + name + "': parameter " + key + "=" + std::string(value_text) +
                      " is out of range [" + format_param(param->min) + ", " +
                      format_param(param->max) + "]");
    values.set(key, value);
  }
  bind();
  return spec;
}

std::string format_param(double v) {
  char text[64];
  if (v == std::floor(v) && std::fabs(v) < 1e18)
    std::snprintf(text, sizeof text, "%lld", static_cast<long long>(v));
  else
    std::snprintf(text, sizeof text, "%g", v);
  return text;
}

std::uint32_t poll_interval(const ClusterGraph& graph) noexcept {
  constexpr std::size_t kWordsPerPoll = 16 * 256;  // 256 expansions of 16-word sets
  constexpr std::uint32_t kMostExpansions = 256;   // search::Limits' default
  const std::size_t words = std::max<std::size_t>(graph.set_words(), 1);
  return static_cast<std::uint32_t>(
      std::clamp<std::size_t>(kWordsPerPoll / words, 1, kMostExpansions));
}

search::Limits search_limits(const ClusterGraph& graph, const SolveContext& context,
                             std::int64_t memory_mib, double seconds, std::uint64_t nodes) {
  search::Limits limits = search_limits(context, memory_mib, seconds, nodes);
  limits.poll_interval = poll_interval(graph);
  return limits;
}

search::Limits search_limits(const SolveContext& context, std::int64_t memory_mib, double seconds,
                             std::uint64_t nodes) {
  search::Limits limits;
  limits.cancel = context.cancel;
  limits.progress = context.progress;
  limits.max_bytes = static_cast<std::size_t>(memory_mib) << 20;
  if (nodes > 0) limits.max_expansions = nodes;
  if (seconds > 0)
    limits.deadline = std::chrono::steady_clock::now() +
                      std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                          std::chrono::duration<double>(seconds));
  return limits;
}

namespace {

// The registry the registration objects fill during static initialisation:
// a function-local static, so it exists before the first of them runs,
// whatever the order of the files.
SolverRegistry& registry_of_build() {
  static SolverRegistry registry;
  return registry;
}

}  // namespace

const SolverRegistry& builtin_solvers() { return registry_of_build(); }

SolverRegistration::SolverRegistration(SolverInfo info, const char* file) {
  info.file = file;
  registry_of_build().add(std::move(info));
}

SolverRegistration::SolverRegistration(void (*add_solvers)(SolverRegistry&), const char* file) {
  SolverRegistry added;
  add_solvers(added);
  for (SolverInfo info : added.all()) {
    info.file = file;
    registry_of_build().add(std::move(info));
  }
}

}  // namespace colorwalk
