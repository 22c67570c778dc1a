#pragma once
// Plays the items of a shard (cli/shard.h) on several threads and passes each
// item's result on in item order as soon as it and every earlier one are done,
// so that a run of any length holds only the results that wait for an earlier
// one: at most `window` of them, since no worker takes an item further than
// `window` past the oldest unfinished one. Nothing is kept per item otherwise.

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <utility>

#include "cli/shard.h"

namespace regula::cli {

template <typename T>
class OrderedRun {
 public:
  // items: the whole run's count (the shard takes its own among them).
  // (The parameter is not named emit: Qt defines that word away.)
  OrderedRun(Shard shard, uint64_t items, uint64_t window,
             std::function<void(uint64_t, T&&)> on_result)
      : shard_(shard),
        total_(shard.size(items)),
        window_(window ? window : 1),
        emit_(std::move(on_result)) {}

  // The next item (its index in the whole run) for a worker, or nothing when
  // the shard's items are all given out or the run stopped. Waits while the
  // window is full.
  std::optional<uint64_t> next() {
    std::unique_lock<std::mutex> lock(mutex_);
    room_.wait(lock, [&] { return stopped_ || given_ >= total_ || given_ < emitted_ + window_; });
    if (stopped_ || given_ >= total_) return std::nullopt;
    return item_of(given_++);
  }

  // An item's result: emitted now, with those after it that were waiting for
  // it, if every earlier item has been emitted; held otherwise.
  void done(uint64_t item, T result) {
    std::lock_guard<std::mutex> lock(mutex_);
    waiting_.emplace((item - static_cast<uint64_t>(shard_.index - 1)) / shard_.count,
                     std::move(result));
    if (waiting_.size() > max_waiting_) max_waiting_ = waiting_.size();
    for (auto it = waiting_.begin(); it != waiting_.end() && it->first == emitted_;
         it = waiting_.erase(it), ++emitted_)
      emit_(item_of(it->first), std::move(it->second));
    room_.notify_all();
  }

  // No further item is given out (after an error).
  void stop() {
    std::lock_guard<std::mutex> lock(mutex_);
    stopped_ = true;
    room_.notify_all();
  }

  uint64_t items() const { return total_; }
  uint64_t emitted() const { return emitted_; }
  // The most results that were held at once.
  uint64_t max_waiting() const { return max_waiting_; }

 private:
  uint64_t item_of(uint64_t k) const {
    return static_cast<uint64_t>(shard_.index - 1) + k * static_cast<uint64_t>(shard_.count);
  }

  Shard shard_;
  uint64_t total_, window_;
  std::function<void(uint64_t, T&&)> emit_;
  std::mutex mutex_;
  std::condition_variable room_;
  std::map<uint64_t, T> waiting_;  // by the shard's own count
  uint64_t given_ = 0, emitted_ = 0, max_waiting_ = 0;
  bool stopped_ = false;
};

}  // namespace regula::cli
