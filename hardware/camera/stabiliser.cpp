#include "stabiliser.hpp"

#include <algorithm>
#include <cmath>

namespace tessera::camera {

namespace {

void addLooks(std::vector<CellSignature>& sums, const std::vector<CellSignature>& looks) {
  if (sums.size() != looks.size()) sums.assign(looks.size(), CellSignature{});
  for (std::size_t i = 0; i < looks.size(); ++i) sums[i].add(looks[i]);
}

std::vector<CellSignature> meanOf(std::vector<CellSignature> sums, int frames) {
  for (auto& s : sums) s.scale(1.0f / static_cast<float>(std::max(1, frames)));
  return sums;
}

}  // namespace

void Stabiliser::restart() {
  stillSince_.reset();
  stillReference_.release();
  readingsGiven_ = 0;
  framesVoted_ = 0;
  stillLooks_.clear();
  readingLooks_.clear();
  stillLookFrames_ = readingLookFrames_ = 0;
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

float Stabiliser::neighboursGain(const std::vector<float>& gains, int cell) const {
  const int f = cell % files_, r = cell / files_;
  std::vector<float> around;
  for (int dr = -1; dr <= 1; ++dr)
    for (int df = -1; df <= 1; ++df) {
      if ((df == 0 && dr == 0) || f + df < 0 || f + df >= files_ || r + dr < 0 || r + dr >= ranks_) continue;
      around.push_back(gains[static_cast<std::size_t>((r + dr) * files_ + f + df)]);
    }
  std::nth_element(around.begin(), around.begin() + static_cast<long>(around.size() / 2), around.end());
  return around[around.size() / 2];
}

Observation Stabiliser::againstSettled(Observation o) const {
  if (settled_ && settled_->shown.files == files_ && settled_->shown.ranks == ranks_ &&
      settled_->looks.size() == o.cells.size() && readingLooks_.size() == o.cells.size()) {
    const std::vector<CellSignature> now = meanOf(readingLooks_, readingLookFrames_);
    std::vector<float> gains(o.cells.size());
    for (std::size_t i = 0; i < o.cells.size(); ++i) gains[i] = gainBetween(settled_->looks[i], now[i]);
    for (std::size_t i = 0; i < o.cells.size(); ++i) {
      if (!changedBetween(settled_->looks[i], now[i], options_.change) &&
          std::abs(gains[i] - neighboursGain(gains, static_cast<int>(i))) <= options_.change.gainJump) {
        o.cells[i] = settled_->shown.cells[i];
        o.cells[i].occupantConfidence = o.cells[i].surfaceConfidence = 1.0f;
      }
    }
  }
  return o;
}

bool Stabiliser::settle(const Observation& shown) {
  if (!stillSince_ || stillLookFrames_ == 0 || shown.files != files_ || shown.ranks != ranks_ ||
      stillLooks_.size() != shown.cells.size())
    return false;
  settled_ = Settled{shown, meanOf(stillLooks_, stillLookFrames_)};
  return true;
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
  addLooks(stillLooks_, reading.signatures);
  addLooks(readingLooks_, reading.signatures);
  ++stillLookFrames_;
  ++readingLookFrames_;
  const double stillFor = seconds - *stillSince_;
  if (readingsGiven_ < 2 && stillFor + 1e-9 >= options_.settleSeconds * (readingsGiven_ + 1)) {
    const Observation fresh = tally();
    Snapshot snap{againstSettled(fresh), readingsGiven_ + 1, seconds, fresh};
    ++readingsGiven_;
    // The second reading is voted from fresh frames only.
    framesVoted_ = 0;
    std::fill(occupantVotes_.begin(), occupantVotes_.end(), std::array<float, 5>{});
    std::fill(surfaceVotes_.begin(), surfaceVotes_.end(), std::array<float, 12>{});
    readingLooks_.clear();
    readingLookFrames_ = 0;
    return snap;
  }
  return std::nullopt;
}

}  // namespace tessera::camera
