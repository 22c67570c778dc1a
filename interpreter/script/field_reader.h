#pragma once
// Reading typed fields out of the Value tree a script returned, for the
// compiler: every mistake is a CompileError naming the file and line, every
// number is range-checked before it is converted (a script may write 1e300,
// -1/0, 0/0 or 2.5 where a count belongs), and every list has a bounded length
// (kMaxListItems), so that a few lines of script never make the compiler build
// or walk something huge.

#include <cstddef>
#include <string>
#include <vector>

#include "core/types.h"
#include "script/value.h"

namespace regula::script {

// Thrown by the compiler on the first mistake; compile_game returns its error.
struct CompileError {
  Error error;
};

[[noreturn]] void fail(const std::string& where, const std::string& what);
std::string join(const std::vector<std::string>& v);

// The entries of a list in the Value tree (or one value standing alone), as
// references into the tree: reading a list never copies what it holds.
class ValueList {
 public:
  class Iterator {
   public:
    explicit Iterator(std::vector<const Value*>::const_iterator it) : it_(it) {}
    const Value& operator*() const { return **it_; }
    Iterator& operator++() {
      ++it_;
      return *this;
    }
    bool operator!=(const Iterator& o) const { return it_ != o.it_; }

   private:
    std::vector<const Value*>::const_iterator it_;
  };

  void push_back(const Value* v) { items_.push_back(v); }
  Iterator begin() const { return Iterator(items_.begin()); }
  Iterator end() const { return Iterator(items_.end()); }
  size_t size() const { return items_.size(); }
  bool empty() const { return items_.empty(); }
  const Value& operator[](size_t i) const { return *items_[i]; }

 private:
  std::vector<const Value*> items_;
};

class FieldReader {
 protected:
  // Where a value is placed in errors: its constructor's line, or for a plain
  // table (which has none) the enclosing constructor's.
  std::string where_of(const Value& v) const { return v.where.empty() ? ctx_ : v.where; }

  // A list: a table's array part, or a single constructor or plain value.
  ValueList list(const Value& v, const std::string& what) const;
  std::string string(const Value& v, const std::string& what) const;
  // A whole number from lo to hi; note (if any) says why in the error.
  int integer(const Value& v, const std::string& what, long lo, long hi,
              const std::string& note = "") const;
  bool boolean(const Value& v, const std::string& what) const;
  std::string str_or(const Value& t, const std::string& k, const std::string& dflt) const;
  int int_or(const Value& t, const std::string& k, int dflt, long lo, long hi) const;
  bool bool_or(const Value& t, const std::string& k, bool dflt) const;
  // The space-separated words of text.
  std::vector<std::string> words(const std::string& text, const std::string& what,
                                 const std::string& where) const;
  // A list of strings, or one string of space-separated words.
  std::vector<std::string> strings(const Value& v, const std::string& what) const;
  // Fails on a field the constructor tag does not take.
  void check_fields(const Value& v, const std::string& tag) const;

  std::string ctx_;
};

}  // namespace regula::script
