#include "request_budget.hpp"

#include <algorithm>

namespace tessera::web {

bool RequestBudget::take(const std::string& address, Clock::time_point now) {
  // Full buckets are forgotten now and then, so that many addresses cannot grow the table.
  if (buckets_.size() > 1024) {
    std::erase_if(buckets_, [&](const auto& entry) {
      const double seconds = std::chrono::duration<double>(now - entry.second.filled).count();
      return entry.second.left + seconds * perSecond_ >= burst_;
    });
  }
  auto [at, added] = buckets_.try_emplace(address, Bucket{burst_, now});
  Bucket& b = at->second;
  const double seconds = std::chrono::duration<double>(now - b.filled).count();
  b.left = std::min(burst_, b.left + seconds * perSecond_);
  b.filled = now;
  if (b.left < 1) return false;
  b.left -= 1;
  return true;
}

}  // namespace tessera::web
