// Named, reproducible experiments run by `colorwalk experiment NAME`.
#pragma once

#include <string>
#include <vector>

namespace colorwalk {

// One row of the articles' published table (SPEC section 5) and the solver
// spec that reproduces it.
struct PublishedRow {
  std::string label;
  std::string spec;
  int min = 0;
  double mean = 0;
  int max = 0;
  double stdev = 0;
};

const std::vector<PublishedRow>& articles_table();

}  // namespace colorwalk
