#pragma once
// A Lua table read into plain C++ values, so that compiling a script into a
// Ruleset is ordinary C++ over a tree and never touches the Lua stack. Tables
// made by the vocabulary constructors (piece{}, slide{}, ...) remember the file
// and line they were written on, for error messages.

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace regula::script {

struct Field;

struct Value {
  enum class Kind { kNil, kBool, kNumber, kString, kTable, kFunction };
  Kind kind = Kind::kNil;
  bool boolean = false;
  double number = 0;
  std::string str;
  std::vector<Field> fields;  // string keys, in sorted order
  std::vector<Value> items;   // the array part, 1..n
  int ref = -1;               // registry reference of a function
  std::string where;          // "file:line" of the constructor
  std::string tag;            // constructor name: "piece", "slide", ...

  bool is_nil() const { return kind == Kind::kNil; }
  bool is_table() const { return kind == Kind::kTable; }
  bool is_string() const { return kind == Kind::kString; }
  bool is_number() const { return kind == Kind::kNumber; }
  bool is_bool() const { return kind == Kind::kBool; }
  bool is_function() const { return kind == Kind::kFunction; }
  // The field named key, or null.
  const Value* get(const std::string& key) const;
  const char* kind_name() const {
    switch (kind) {
      case Kind::kNil:
        return "nil";
      case Kind::kBool:
        return "boolean";
      case Kind::kNumber:
        return "number";
      case Kind::kString:
        return "string";
      case Kind::kTable:
        return "table";
      case Kind::kFunction:
        return "function";
    }
    return "?";
  }
};

// A named field of a table. A class of its own rather than std::pair, whose
// instantiation inside Value would need Value complete (clang refuses it).
struct Field {
  Field(std::string k, Value v) : first(std::move(k)), second(std::move(v)) {}
  std::string first;
  Value second;
};

inline const Value* Value::get(const std::string& key) const {
  for (auto& [k, v] : fields)
    if (k == key) return &v;
  return nullptr;
}

}  // namespace regula::script
