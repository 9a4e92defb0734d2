// Where the tests find the public datasets, and what a test does when one
// is missing: skip, naming the folder, or fail when the run demands them
// (COLORWALK_REQUIRE_DATASETS=1, which .ci/run sets, so that CI never
// passes with the dataset tests skipped).
#pragma once

#include <cstdlib>
#include <filesystem>
#include <initializer_list>
#include <string>
#include <string_view>

#include <gtest/gtest.h>

namespace colorwalk::testing {

// $COLORWALK_DATASETS, else the folder configured at build time.
inline std::filesystem::path datasets_dir() {
  if (const char* env = std::getenv("COLORWALK_DATASETS")) return env;
  return COLORWALK_DATASETS_DIR;
}

inline bool datasets_required() {
  const char* env = std::getenv("COLORWALK_REQUIRE_DATASETS");
  return env != nullptr && std::string_view(env) == "1";
}

// The first of `paths` that does not exist, or "" when all do.
inline std::string first_missing(std::initializer_list<std::filesystem::path> paths) {
  for (const auto& p : paths)
    if (!std::filesystem::exists(p)) return p.string();
  return "";
}

}  // namespace colorwalk::testing

// Skips the test (or fails it, when datasets are required) unless every
// one of the given files exists.
#define COLORWALK_NEED_DATASET_FILES(...)                                                       \
  if (const std::string colorwalk_missing = ::colorwalk::testing::first_missing({__VA_ARGS__}); \
      !colorwalk_missing.empty()) {                                                             \
    if (::colorwalk::testing::datasets_required())                                              \
      FAIL() << colorwalk_missing << " is missing and COLORWALK_REQUIRE_DATASETS=1";            \
    else                                                                                        \
      GTEST_SKIP() << colorwalk_missing << " not found (set COLORWALK_DATASETS to the "         \
                   << "folder holding the datasets)";                                           \
  }
