// The record of a run that its outputs carry (RunProvenance): where its
// rows come from, so that resuming and merging can tell whether rows belong
// to one run.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/batch.hpp"

namespace colorwalk {

// What a run's outputs record of it, so that resuming it and merging its
// shards can tell whether rows belong to one run, and merge can rebuild its
// boards to replay them. The results CSV holds it in the `run` field of its
// first row and the JSON Lines file in its first object (docs/formats.md).
struct RunProvenance {
  static constexpr int kFormat = 1;  // of the encoding below

  std::string version;                   // the tool's version
  std::string commit;                    // the source tree's commit (information only)
  std::string source;                    // BoardSource::describe()
  std::vector<std::string> source_args;  // the options that rebuild it ("" : not known)
  std::size_t boards = 0;                // boards of the source (all shards)
  std::string digest;                    // of every board, for boards read from files; "" else
  std::string rules;                     // "color-walk" or "flood-it"
  std::string start;                     // "0,0", "center" or "ROW,COL"
  std::string shard;                     // "I/N"
  std::uint64_t solver_seed = 0;
  std::size_t memory_limit = 0;  // bytes, 0: none
  std::vector<std::string> solvers;

  // "format=1;version=...;...": key=value pairs separated by ';', with '%',
  // ';', '=' and control bytes written %XX, lists separated by blanks
  // (each item escaped the same way, blanks too).
  std::string encode() const;
  // Reads encode()'s text; throws std::invalid_argument saying what is
  // wrong (an unknown format, a missing or malformed key).
  static RunProvenance decode(std::string_view text);

  // The first thing that keeps rows of `other` from being rows of this run,
  // as "its solver seed is 1, this run's is 2" (`ours` names this run);
  // "" when nothing does. The shard is compared only with `same_shard`; the
  // commit never is.
  std::string mismatch(const RunProvenance& other, bool same_shard,
                       const std::string& ours = "this run's") const;
};

// The record of a run of `options` over `source` (made with `source_args`).
RunProvenance make_provenance(const BoardSource& source, const BatchOptions& options,
                              std::vector<std::string> source_args);

// "" when `source` has the boards `recorded` names (the same description,
// or the same digest of its boards for boards read from files); else why
// not.
std::string source_mismatch(const RunProvenance& recorded, const BoardSource& source);

// A start cell in one spelling: "0,0" for the top-left corner, "center",
// else "ROW,COL".
std::string canonical_start(const StartSpec& start);

}  // namespace colorwalk
