#pragma once
// Where frames come from: a V4L2 camera, a libcamera camera, a video file or a folder of images, behind one
// interface. A source never throws for a missing or unplugged camera: it says so and the caller
// keeps going (the game must survive a loose cable).
#include <memory>
#include <optional>
#include <string>

#include <opencv2/core.hpp>

namespace tessera::camera {

// The largest frame, in pixels a side, the pipeline reads. No camera comes near it, but a JPEG
// whose header is corrupt can declare a 40,000-pixel-wide image, and ArUco's marker search
// aborts on images of 32,767 pixels or more.
constexpr int kMaxFrameSide = 16384;

struct Frame {
  cv::Mat image;         // BGR, 8 bits per channel
  double seconds = 0.0;  // capture time from the start of the source
  long index = 0;
};

struct FrameRead {
  enum class Status {
    Frame,        // `frame` holds the next image
    Unavailable,  // no image now (camera missing, unplugged, unreadable file): try again later
    Finished,     // a recording ended
  };
  Status status = Status::Finished;
  Frame frame;
  std::string problem;  // Unavailable: what went wrong and what is being done about it
};

class FrameSource {
 public:
  virtual ~FrameSource() = default;
  virtual FrameRead read() = 0;
  virtual std::string describe() const = 0;
};

// A camera libcamera drives is named libcamera:N (the N-th libcamera lists, from 0) or libcamera:ID.
constexpr const char* kLibcameraPrefix = "libcamera:";

// A V4L2 camera (a device, or any path under /dev/: /dev/video0, /dev/v4l/by-id/...), a libcamera
// camera (libcamera:N), a folder of images, or a video file.
std::unique_ptr<FrameSource> openFrameSource(const std::string& spec, double framesPerSecond = 10.0);

// Why the recording at `path` (a folder of images or a video file) cannot be played; nothing when it
// can. For commands to refuse a bad recording before they start a game on it.
std::optional<std::string> recordingProblem(const std::string& path);

// Whether `path` is a folder with no image in it (.png, .jpg, .jpeg or .bmp): a recording of nothing,
// which a command says is empty rather than report on no frames.
bool isFolderWithoutImages(const std::string& path);

}  // namespace tessera::camera
