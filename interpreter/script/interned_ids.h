#pragma once
// The ids of names (sites, piece types) keyed by the address of a Lua string's
// bytes. Lua interns every short string (up to 40 bytes), so while the state
// keeps one copy of a name alive, every string of those bytes a script makes is
// that same object, at that same address, and Lua never moves an object. Reading
// a generated move then finds its sites by comparing addresses, with no call into
// Lua and no hashing of the text; a name this table does not know (a long string,
// or not a name at all) is looked up by its text instead.

#include <cstdint>
#include <vector>

namespace regula::script {

class InternedIds {
 public:
  // Forgets every name, and makes room for n of them.
  void reset(int n) {
    size_t size = 16;
    while (size < static_cast<size_t>(n) * 2) size *= 2;
    slots_.assign(size, Slot{});
    mask_ = size - 1;
  }
  // bytes: lua_tostring of a name the state keeps alive for as long as this table is used.
  void add(const char* bytes, int id) {
    size_t i = hash(bytes);
    while (slots_[i].bytes) i = (i + 1) & mask_;
    slots_[i] = Slot{bytes, id};
  }
  // The id of the name whose bytes are at this address, or -1.
  int find(const char* bytes) const {
    if (slots_.empty()) return -1;
    for (size_t i = hash(bytes);; i = (i + 1) & mask_) {
      if (slots_[i].bytes == bytes) return slots_[i].id;
      if (!slots_[i].bytes) return -1;
    }
  }

 private:
  struct Slot {
    const char* bytes = nullptr;
    int id = -1;
  };
  size_t hash(const char* bytes) const {
    // Lua's objects are 8-byte aligned: the low bits say nothing.
    return static_cast<size_t>((reinterpret_cast<uintptr_t>(bytes) >> 3) * 0x9E3779B97F4A7C15ull >>
                               32) &
           mask_;
  }
  std::vector<Slot> slots_;
  size_t mask_ = 0;
};

}  // namespace regula::script
