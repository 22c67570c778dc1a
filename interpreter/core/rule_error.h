#pragma once
// Raised while a game is being played when the rules cannot be carried on
// faithfully: a script hook failed, or a move would pass one of the engine's
// fixed limits. Playing on would mean playing under rules other than the
// script's, so the error travels up to whoever drives the game (the session,
// the command line, a test), which stops and reports it. Errors in input
// (scripts being loaded, position strings, typed moves) are returned as values
// instead; this is only for failures found in the middle of move generation,
// make() or end detection, where no value can carry them.

#include <stdexcept>
#include <utility>

#include "core/types.h"

namespace regula {

class RuleError : public std::runtime_error {
 public:
  explicit RuleError(Error error) : std::runtime_error(error.text()), error_(std::move(error)) {}
  const Error& error() const { return error_; }

 private:
  Error error_;
};

}  // namespace regula
