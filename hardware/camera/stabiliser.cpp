#include "stabiliser.hpp"

#include <algorithm>

namespace tessera::camera {

void Stabiliser::restart() {
  stillSince_.reset();
  stillReference_.release();
  readingsGiven_ = 0;
  framesVoted_ = 0;
  std::fill(occupantVotes_.begin(), occupantVotes_.end(), std::array<float, 5>{});
  std::fill(surfaceVotes_.begin(), surfaceVotes_.end(), std::array<float, 12>{});
}

void Stabiliser::vote(const Observation& cells) {
  if (cells.files != files_ || cells.ranks != ranks_) {
    files_ = cells.files;
    ranks_ = cells.ranks;
    occupantVotes_.assign(cells.cells.size(), {});
    surfaceVotes_.assign(cells.cells.size(), {});
  }
  for (std::size_t i = 0; i < cells.cells.size(); ++i) {
    const CellObservation& c = cells.cells[i];
    occupantVotes_[i][static_cast<int>(c.occupant)] += c.occupantConfidence;
    surfaceVotes_[i][static_cast<int>(c.surface)] += c.surfaceConfidence;
  }
  ++framesVoted_;
}

Observation Stabiliser::tally() const {
  Observation o(files_, ranks_);
  for (std::size_t i = 0; i < o.cells.size(); ++i) {
    const auto& ov = occupantVotes_[i];
    const auto& sv = surfaceVotes_[i];
    const auto occupant = std::max_element(ov.begin(), ov.end());
    const auto surface = std::max_element(sv.begin(), sv.end());
    CellObservation& c = o.cells[i];
    c.occupant = static_cast<Occupant>(occupant - ov.begin());
    c.surface = static_cast<Surface>(surface - sv.begin());
    c.occupantConfidence = std::min(1.0f, *occupant / static_cast<float>(framesVoted_));
    c.surfaceConfidence = std::min(1.0f, *surface / static_cast<float>(framesVoted_));
    if (*occupant <= 0.0f) c.occupant = Occupant::Unknown;
    if (*surface <= 0.0f) c.surface = Surface::Unknown;
  }
  return o;
}

std::optional<Snapshot> Stabiliser::push(const FrameReading& reading, double seconds) {
  if (!reading.readable) {
    previous_.release();
    restart();
    return std::nullopt;
  }
  const int sinceLast = changedBlocks(previous_, reading.motionBlocks, options_.motion);
  const int sinceStill = stillReference_.empty() ? 0 : changedBlocks(stillReference_, reading.motionBlocks, options_.motion);
  previous_ = reading.motionBlocks.clone();
  const bool moving = sinceLast < 0 || sinceLast >= options_.motion.blocksNeeded || sinceStill >= options_.motion.blocksNeeded;
  if (moving) {
    restart();
    return std::nullopt;
  }
  if (!stillSince_) {
    stillSince_ = seconds;
    stillReference_ = reading.motionBlocks.clone();
  }
  vote(reading.cells);
  const double stillFor = seconds - *stillSince_;
  if (readingsGiven_ < 2 && stillFor + 1e-9 >= options_.settleSeconds * (readingsGiven_ + 1)) {
    Snapshot snap{tally(), readingsGiven_ + 1, seconds};
    ++readingsGiven_;
    // The second reading is voted from fresh frames only.
    framesVoted_ = 0;
    std::fill(occupantVotes_.begin(), occupantVotes_.end(), std::array<float, 5>{});
    std::fill(surfaceVotes_.begin(), surfaceVotes_.end(), std::array<float, 12>{});
    return snap;
  }
  return std::nullopt;
}

}  // namespace tessera::camera
