#pragma once
// g++ 12 has no std::expected; input boundaries return this instead of throwing,
// so that a bad script, position or move is a value the caller must look at.

#include <cassert>
#include <optional>
#include <utility>
#include <variant>

#include "core/types.h"

namespace regula {

template <typename T>
class Expected {
 public:
  Expected(T value) : data_(std::move(value)) {}
  Expected(Error error) : data_(std::move(error)) {}

  bool ok() const { return data_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() {
    assert(ok());
    return std::get<0>(data_);
  }
  const T& value() const {
    assert(ok());
    return std::get<0>(data_);
  }
  T& operator*() { return value(); }
  const T& operator*() const { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  const Error& error() const {
    assert(!ok());
    return std::get<1>(data_);
  }

 private:
  std::variant<T, Error> data_;
};

// For operations that produce nothing but may fail.
using Status = std::optional<Error>;

}  // namespace regula
