// UserError: the base of every error that is the user's to put right: bad
// usage of the tool, a malformed board, solution or experiment file, a
// board that breaks the rules, an unknown or malformed solver spec. The
// message says what is wrong and, where it can, how to do it right. The
// colorwalk tool catches this one type and exits with status 2; anything
// else thrown is a failure of the run (status 1).
#pragma once

#include <stdexcept>

namespace colorwalk {

class UserError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace colorwalk
