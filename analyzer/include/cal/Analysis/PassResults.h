//===- PassResults.h - What the per-launch analyses found ------*- C++ -*-===//
//
// Each per-launch analysis (a LaunchPass, analyzer/lib/Analysis/LaunchPass.h)
// keeps its result in the kernel's PassResults under the result's type, so
// that a new analysis adds its own type and nothing to KernelResult. Checks
// and reporters read a result with get<T>(); a result its pass never stored
// (a launch that was not analysed) reads as T's default value.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_ANALYSIS_PASSRESULTS_H
#define CAL_ANALYSIS_PASSRESULTS_H

#include <map>
#include <memory>

namespace cal {

class PassResults {
public:
  PassResults() = default;
  PassResults(PassResults &&) = default;
  PassResults &operator=(PassResults &&) = default;
  /// A copy owns copies of the results: kernel entries are copied and then
  /// changed independently (a launch set's members).
  PassResults(const PassResults &O) {
    for (const auto &[Tag, E] : O.Map)
      Map[Tag] = {E.Clone(E.Value.get()), E.Clone};
  }
  PassResults &operator=(const PassResults &O) {
    PassResults Copy(O);
    Map.swap(Copy.Map);
    return *this;
  }

  /// The result of type \p T, created with its default value on first use.
  template <class T> T &get() {
    Entry &E = Map[tag<T>()];
    if (!E.Value) {
      E.Value = std::make_shared<T>();
      E.Clone = [](const void *P) -> std::shared_ptr<void> {
        return std::make_shared<T>(*static_cast<const T *>(P));
      };
    }
    return *static_cast<T *>(E.Value.get());
  }

  /// The result of type \p T, or T's default value where none was stored.
  template <class T> const T &get() const {
    auto It = Map.find(tag<T>());
    if (It == Map.end()) {
      static const T Default{};
      return Default;
    }
    return *static_cast<const T *>(It->second.Value.get());
  }

private:
  /// One address per result type: the key of its entry.
  template <class T> static const void *tag() {
    static const char Tag = 0;
    return &Tag;
  }
  struct Entry {
    std::shared_ptr<void> Value;
    std::shared_ptr<void> (*Clone)(const void *) = nullptr;
  };
  std::map<const void *, Entry> Map;
};

} // namespace cal

#endif // CAL_ANALYSIS_PASSRESULTS_H
