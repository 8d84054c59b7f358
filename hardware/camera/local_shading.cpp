#include "hardware/camera/local_shading.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <vector>

#include "hardware/camera/cell_sampler.hpp"

namespace tessera::camera {

namespace {

// One bare patch of known paper: it reflects `reference` (per channel) and shows `seen`, so the
// light there is seen / reference.
struct LitPatch {
  cv::Point2f where;
  cv::Vec3f seen;
  cv::Vec3f reference;
  int swatch = -1;  // the swatch matched, or -1 for the white margin
  // Whether the reference is free of its neighbours' colours blurring into it (the white margin, a
  // cell's middle), so that the patch can tell the light's colour too.
  bool tintReference = false;
  float gain() const { return (seen[0] + seen[1] + seen[2]) / std::max(1e-3f, reference[0] + reference[1] + reference[2]); }
};

float sum(cv::Vec3f v) { return v[0] + v[1] + v[2]; }

cv::Point2f middleOf(cv::Point2f corner, const CellPatch& p) {
  return {corner.x + (p[0] + p[2]) / 2, corner.y + (p[1] + p[3]) / 2};
}

cv::Vec3f patchOf(const ReflectanceImage& r, cv::Point2f corner, const CellPatch& p) {
  return r.mean(corner.x + p[0], corner.y + p[1], corner.x + p[2], corner.y + p[3]);
}

// What the white margin shows in a cell-sized box around `middle`.
struct MarginBox {
  cv::Point2f middle;
  cv::Vec3f colour;
  float spread = 0.0f;  // of grey, relative to the box's level
};

MarginBox marginBox(const ReflectanceImage& r, cv::Point2f middle) {
  const float h = 0.3f;
  const cv::Vec3f v = r.mean(middle.x - h, middle.y - h, middle.x + h, middle.y + h);
  const float level = std::max(1e-3f, sum(v) / 3);
  return {middle, v, r.greySpread(middle.x - h, middle.y - h, middle.x + h, middle.y + h) / level};
}

// Whether a margin box shows bare paper: grey (a shadow's tint aside) and about as flat as the
// margin's flattest half (the camera's noise sets how flat paper can look). A piece or a pen lying
// on the margin is neither.
bool isBarePaper(const MarginBox& box, float noise) {
  const cv::Vec3f& v = box.colour;
  const float lo = std::min({v[0], v[1], v[2]}), hi = std::max({v[0], v[1], v[2]});
  return lo > 0.05f && hi <= 1.25f * lo && box.spread <= std::max(0.06f, 1.5f * noise);
}

struct Cell {
  int x, y;
};

// Whether the cell with lower-left corner (x, y) is white margin (not the play area, the strip or a
// marker).
bool isMargin(const BoardLayout& layout, int x, int y) {
  if (x >= 0 && x < layout.files && y >= 0 && y < layout.ranks) return false;
  if (y == -3 && x >= 0 && x < static_cast<int>(layout.swatches.size())) return false;
  for (int id = 0; id < BoardLayout::kMarkerCount; ++id) {
    const cv::Point2f m = layout.markerCentre(id);
    if (std::floor(m.x) == x && std::floor(m.y) == y) return false;
  }
  return true;
}

// The light the swatch with lower-left corner `corner` stands in: the white paper above and below it.
cv::Vec3f lightAtSwatch(const std::vector<LitPatch>& whites, cv::Point2f corner) {
  cv::Vec3f total{0, 0, 0};
  int n = 0;
  for (const LitPatch& w : whites)
    if (std::abs(w.where.x - (corner.x + 0.5f)) < 0.1f && std::abs(w.where.y - (corner.y + 0.5f)) < 1.1f) {
      total += w.seen;
      ++n;
    }
  return n > 0 ? total / static_cast<float>(n) : cv::Vec3f(1, 1, 1);
}

// How well a cell's corners match a swatch's by colour alone, at any brightness: per corner the
// gain that scales the swatch's colour nearest to it and what is left over, relative to the corner.
struct ColourFit {
  std::array<float, kBorderPatches> gain{};
  std::array<float, kBorderPatches> error{};
  float cellError = 0.0f;  // the mean of the best three corners' errors
};

float leftOver(const cv::Vec3f& seen, const cv::Vec3f& reference, float& gain) {
  gain = seen.dot(reference) / std::max(1e-6f, reference.dot(reference));
  return static_cast<float>(cv::norm(seen - gain * reference) / std::max(1e-3, cv::norm(seen)));
}

ColourFit colourFit(const std::array<cv::Vec3f, kBorderPatches>& corners, const std::array<cv::Vec3f, kBorderPatches>& swatch) {
  ColourFit fit;
  for (int p = 0; p < kBorderPatches; ++p) fit.error[p] = leftOver(corners[p], swatch[p], fit.gain[p]);
  std::array<float, kBorderPatches> sorted = fit.error;
  std::sort(sorted.begin(), sorted.end());
  fit.cellError = (sorted[0] + sorted[1] + sorted[2]) / 3;
  return fit;
}

constexpr float kCornerFits = 0.1f;  // a corner whose colour is this near its swatch's is bare paper
// The same for the surface the referee expects there: looser, since the colour is only checked
// against gross misfits (a piece's foot, the cell changed), and a shadow's light is often tinted.
constexpr float kExpectedFits = 0.2f;

// The swatch a cell's corners match by colour, when one stands out (a grey cell may be void or lie
// in the shadow of a lighter one: then none), or -1.
int matchByColour(const std::array<cv::Vec3f, kBorderPatches>& corners,
                  const std::vector<std::array<cv::Vec3f, kBorderPatches>>& swatches, const std::vector<bool>& usable) {
  int best = -1;
  float bestError = 1e9f, secondError = 1e9f;
  for (std::size_t s = 0; s < swatches.size(); ++s) {
    if (!usable[s]) continue;
    const float e = colourFit(corners, swatches[s]).cellError;
    if (e < bestError) {
      secondError = bestError;
      bestError = e;
      best = static_cast<int>(s);
    } else if (e < secondError) {
      secondError = e;
    }
  }
  return best >= 0 && bestError <= kCornerFits && secondError - bestError >= 0.04f ? best : -1;
}

float weightedMedian(std::vector<std::pair<float, float>>& valueWeight) {
  std::sort(valueWeight.begin(), valueWeight.end());
  float total = 0;
  for (const auto& [v, w] : valueWeight) total += w;
  float run = 0;
  for (const auto& [v, w] : valueWeight) {
    run += w;
    if (run >= total / 2) return v;
  }
  return valueWeight.back().first;
}

// The patches bucketed by cell, to find those near a point quickly.
class PatchIndex {
 public:
  PatchIndex(const std::vector<LitPatch>& patches, const RectifiedArea& area)
      : patches_(patches), left_(area.left), top_(area.top),
        columns_(static_cast<int>(std::ceil(area.right - area.left)) + 1),
        rows_(static_cast<int>(std::ceil(area.top - area.bottom)) + 1),
        buckets_(static_cast<std::size_t>(columns_ * rows_)) {
    for (std::size_t i = 0; i < patches.size(); ++i) {
      const int x = std::clamp(static_cast<int>(patches[i].where.x - left_), 0, columns_ - 1);
      const int y = std::clamp(static_cast<int>(top_ - patches[i].where.y), 0, rows_ - 1);
      buckets_[static_cast<std::size_t>(y * columns_ + x)].push_back(static_cast<int>(i));
    }
  }
  // Calls f(patch, weight) for every patch within `reach` cells (at most 1.5) of `at`, weighted by a
  // Gaussian of width `falloff`.
  template <typename F>
  void forEachNear(cv::Point2f at, float reach, float falloff, F&& f) const {
    const int bx = static_cast<int>(at.x - left_), by = static_cast<int>(top_ - at.y);
    const float reach2 = reach * reach, twoSigma2 = 2 * falloff * falloff;
    for (int y = by - 2; y <= by + 2; ++y)
      for (int x = bx - 2; x <= bx + 2; ++x) {
        if (x < 0 || y < 0 || x >= columns_ || y >= rows_) continue;
        for (int k : buckets_[static_cast<std::size_t>(y * columns_ + x)]) {
          const LitPatch& p = patches_[static_cast<std::size_t>(k)];
          const cv::Point2f d = p.where - at;
          const float d2 = d.dot(d);
          if (d2 <= reach2) f(p, std::exp(-d2 / twoSigma2));
        }
      }
  }

 private:
  const std::vector<LitPatch>& patches_;
  float left_, top_;
  int columns_, rows_;
  std::vector<std::vector<int>> buckets_;
};

// Grid points left without a value (`known` 0) take their neighbours' mean, spreading inward; with
// no value anywhere, `otherwise`.
void fillGaps(cv::Mat& found, cv::Mat& known, cv::Vec3f otherwise) {
  for (int pass = 0; pass < found.rows + found.cols; ++pass) {
    bool missing = false;
    cv::Mat filled = known.clone();
    for (int j = 0; j < found.rows; ++j)
      for (int i = 0; i < found.cols; ++i) {
        if (known.at<uchar>(j, i)) continue;
        cv::Vec3f total{0, 0, 0};
        int n = 0;
        for (const auto& [di, dj] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
          const int a = i + di, b = j + dj;
          if (a < 0 || b < 0 || a >= found.cols || b >= found.rows || !known.at<uchar>(b, a)) continue;
          total += found.at<cv::Vec3f>(b, a);
          ++n;
        }
        if (n == 0) {
          missing = true;
          continue;
        }
        found.at<cv::Vec3f>(j, i) = total / static_cast<float>(n);
        filled.at<uchar>(j, i) = 1;
      }
    known = filled;
    if (!missing) break;
  }
  for (int j = 0; j < found.rows; ++j)
    for (int i = 0; i < found.cols; ++i)
      if (!known.at<uchar>(j, i)) found.at<cv::Vec3f>(j, i) = otherwise;
}

// The brightness of the light at every point of `grid`: a weighted median of the nearby patches'
// gains, then the weighted mean of those within inlierShare of it.
cv::Mat poolBrightness(const PatchIndex& index, const LightField& grid, const ShadingOptions& options) {
  cv::Mat found(grid.rows(), grid.columns(), CV_32FC3, cv::Scalar(0, 0, 0));
  cv::Mat known(grid.rows(), grid.columns(), CV_8U, cv::Scalar(0));
  std::vector<std::pair<float, float>> gains;
  std::vector<std::pair<const LitPatch*, float>> near;
  for (int j = 0; j < grid.rows(); ++j)
    for (int i = 0; i < grid.columns(); ++i) {
      near.clear();
      gains.clear();
      index.forEachNear(grid.point(i, j), options.reach, options.falloff, [&](const LitPatch& p, float w) {
        near.push_back({&p, w});
        gains.push_back({p.gain(), w});
      });
      if (near.empty()) continue;
      const float median = weightedMedian(gains);
      float seen = 0, reference = 0;
      for (const auto& [p, w] : near) {
        if (std::abs(p->gain() - median) > options.inlierShare * median) continue;
        seen += w * sum(p->seen);
        reference += w * sum(p->reference);
      }
      if (reference <= 0) continue;
      const float level = seen / reference;
      found.at<cv::Vec3f>(j, i) = cv::Vec3f(level, level, level);
      known.at<uchar>(j, i) = 1;
    }
  fillGaps(found, known, {1, 1, 1});
  return found;
}

// The colour of the light at every point of `grid`, relative to its brightness (channels averaging
// 1), from the patches whose reference is free of their neighbours' colours (tintReference): the
// white margin and the middles of bare cells. A weighted median per channel, over a wider reach
// than the brightness: the colour of a light changes slowly even where its brightness does not.
cv::Mat poolTint(const PatchIndex& index, const LightField& grid, const cv::Mat& brightness, const ShadingOptions& options) {
  // A patch whose brightness the pooled brightness does not bear out was matched to the wrong
  // reference (a cell that changed since the referee last saw it): its colour says nothing either.
  LightField level;
  level.uniform(grid, {1, 1, 1});
  for (int j = 0; j < grid.rows(); ++j)
    for (int i = 0; i < grid.columns(); ++i) level.at(i, j) = brightness.at<cv::Vec3f>(j, i);
  cv::Mat found(grid.rows(), grid.columns(), CV_32FC3, cv::Scalar(0, 0, 0));
  cv::Mat known(grid.rows(), grid.columns(), CV_8U, cv::Scalar(0));
  std::array<std::vector<std::pair<float, float>>, 3> channels;
  for (int j = 0; j < grid.rows(); ++j)
    for (int i = 0; i < grid.columns(); ++i) {
      for (auto& c : channels) c.clear();
      index.forEachNear(grid.point(i, j), options.tintReach, options.tintFalloff, [&](const LitPatch& p, float w) {
        if (!p.tintReference) return;
        const float gain = std::max(1e-3f, p.gain());
        if (std::abs(gain / std::max(1e-3f, level.at(p.where)[0]) - 1) > options.inlierShare) return;
        for (int c = 0; c < 3; ++c) channels[c].push_back({p.seen[c] / std::max(1e-3f, p.reference[c]) / gain, w});
      });
      if (channels[0].empty()) continue;
      cv::Vec3f tint;
      for (int c = 0; c < 3; ++c) tint[c] = weightedMedian(channels[c]);
      found.at<cv::Vec3f>(j, i) = tint * (3.0f / std::max(1e-3f, sum(tint)));
      known.at<uchar>(j, i) = 1;
    }
  fillGaps(found, known, {1, 1, 1});
  return found;
}

}  // namespace

int shadeLocally(const ReflectanceImage& firstLook, const BoardLayout& layout, LightField& light,
                 const ShadingOptions& options, const Observation* expected) {
  const RectifiedArea area = rectifiedArea(layout);
  std::vector<LitPatch> patches;

  // The white margin, a cell at a time.
  std::vector<MarginBox> boxes;
  for (int y = static_cast<int>(std::floor(area.bottom)); y < static_cast<int>(std::ceil(area.top)); ++y)
    for (int x = static_cast<int>(std::floor(area.left)); x < static_cast<int>(std::ceil(area.right)); ++x)
      if (isMargin(layout, x, y)) boxes.push_back(marginBox(firstLook, {x + 0.5f, y + 0.5f}));
  std::vector<float> spreads;
  for (const MarginBox& b : boxes) spreads.push_back(b.spread);
  float noise = 0.0f;
  if (!spreads.empty()) {
    std::nth_element(spreads.begin(), spreads.begin() + static_cast<long>(spreads.size() / 2), spreads.end());
    noise = spreads[spreads.size() / 2];
  }
  std::vector<LitPatch> whites;
  for (const MarginBox& b : boxes)
    if (isBarePaper(b, noise)) whites.push_back({b.middle, b.colour, {1, 1, 1}, -1, true});
  patches.insert(patches.end(), whites.begin(), whites.end());

  // The swatches as they would look under the margin's light: seen / the light around them.
  const std::size_t kinds = layout.swatches.size();
  std::vector<std::array<cv::Vec3f, kBorderPatches>> swatchCorners(kinds);
  std::vector<cv::Vec3f> swatchCentres(kinds);
  std::vector<bool> usable(kinds, false);
  for (std::size_t i = 0; i < kinds; ++i) {
    const cv::Point2f corner = layout.swatchOrigin(static_cast<int>(i));
    const cv::Vec3f lightThere = lightAtSwatch(whites, corner);
    for (int p = 0; p < kBorderPatches; ++p) {
      const cv::Vec3f seen = patchOf(firstLook, corner, cornerPatches()[p]);
      swatchCorners[i][p] = cv::Vec3f(seen[0] / lightThere[0], seen[1] / lightThere[1], seen[2] / lightThere[2]);
    }
    const cv::Vec3f centre = patchOf(firstLook, corner, centrePatch());
    swatchCentres[i] = cv::Vec3f(centre[0] / lightThere[0], centre[1] / lightThere[1], centre[2] / lightThere[2]);
    // An anti-tile's corners are part cross, part black: no colour to match a cell's by.
    const Surface s = layout.swatches[i];
    usable[i] = s != Surface::AntiTile &&
                std::find(layout.cellSurfaces.begin(), layout.cellSurfaces.end(), s) != layout.cellSurfaces.end();
  }

  // Every cell whose swatch is known (the one the referee expects there, if its colour agrees) or
  // clear from its colour: each corner that fits it is a lit patch, and so is the centre of a cell
  // expected bare whose centre fits too.
  for (int r = 0; r < layout.ranks; ++r)
    for (int f = 0; f < layout.files; ++f) {
      const cv::Point2f corner(static_cast<float>(f), static_cast<float>(r));
      std::array<cv::Vec3f, kBorderPatches> corners;
      std::array<cv::Vec3f, kEdgePatches> edges;
      for (int p = 0; p < kBorderPatches; ++p) corners[p] = patchOf(firstLook, corner, cornerPatches()[p]);
      for (int p = 0; p < kEdgePatches; ++p) edges[p] = patchOf(firstLook, corner, edgePatches()[p]);
      // Dark at the edges' middles and light at the corners: an anti-tile's cross, or a dark piece's foot.
      if (sum(edges[0] + edges[1] + edges[2] + edges[3]) < 0.6f * sum(corners[0] + corners[1] + corners[2] + corners[3]))
        continue;
      const CellObservation* expect = expected ? &expected->at(f, r) : nullptr;
      int swatch = -1;
      if (expect) {
        const int i = layout.swatchIndex(expect->surface);
        // The expected surface, unless its colour does not fit, or another swatch's fits clearly
        // better (the cell changed since the referee last saw it).
        if (i >= 0 && usable[static_cast<std::size_t>(i)]) {
          const float error = colourFit(corners, swatchCorners[static_cast<std::size_t>(i)]).cellError;
          bool otherFitsBetter = false;
          for (std::size_t k = 0; k < kinds; ++k)
            otherFitsBetter |= usable[k] && static_cast<int>(k) != i && colourFit(corners, swatchCorners[k]).cellError < error - 0.03f;
          if (error <= kExpectedFits && !otherFitsBetter) swatch = i;
        }
      }
      if (swatch < 0) swatch = matchByColour(corners, swatchCorners, usable);
      if (swatch < 0) continue;
      const auto& reference = swatchCorners[static_cast<std::size_t>(swatch)];
      const ColourFit fit = colourFit(corners, reference);
      const float fits = swatch == (expect ? layout.swatchIndex(expect->surface) : -2) ? kExpectedFits : kCornerFits;
      for (int p = 0; p < kBorderPatches; ++p)
        if (fit.error[p] < fits) patches.push_back({middleOf(corner, cornerPatches()[p]), corners[p], reference[p], swatch});
      if (expect && expect->occupant == Occupant::Empty) {
        const cv::Vec3f centre = patchOf(firstLook, corner, centrePatch());
        float gain = 0;
        if (leftOver(centre, swatchCentres[static_cast<std::size_t>(swatch)], gain) < fits)
          patches.push_back({middleOf(corner, centrePatch()), centre, swatchCentres[static_cast<std::size_t>(swatch)], swatch, true});
      }
    }

  const PatchIndex index(patches, area);
  const cv::Mat brightness = poolBrightness(index, light, options);
  const cv::Mat tint = poolTint(index, light, brightness, options);
  for (int j = 0; j < light.rows(); ++j)
    for (int i = 0; i < light.columns(); ++i) {
      const cv::Vec3f b = brightness.at<cv::Vec3f>(j, i), t = tint.at<cv::Vec3f>(j, i);
      cv::Vec3f& l = light.at(i, j);
      for (int c = 0; c < 3; ++c) l[c] *= std::clamp(b[c], 0.1f, 4.0f) * std::clamp(t[c], 0.7f, 1.4f);
    }
  return static_cast<int>(patches.size());
}

}  // namespace tessera::camera
