#include "vivid_screen.hpp"

#include <fcntl.h>
#include <linux/v4l2-dv-timings.h>
#include <linux/videodev2.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>

namespace tessera::testing {
namespace {

std::runtime_error failure(const std::string& what) { return std::runtime_error(what + ": " + std::strerror(errno)); }

// Sets the control named `name` (as v4l2-ctl --list-ctrls shows it) on `node`.
void setControl(const std::string& node, const std::string& name, int value) {
  const int fd = ::open(node.c_str(), O_RDWR);
  if (fd < 0) throw failure("cannot open " + node);
  v4l2_query_ext_ctrl query{};
  query.id = V4L2_CTRL_FLAG_NEXT_CTRL;
  bool found = false;
  while (!found && ::ioctl(fd, VIDIOC_QUERY_EXT_CTRL, &query) == 0) {
    if (name == query.name) found = true;
    else query.id |= V4L2_CTRL_FLAG_NEXT_CTRL;
  }
  v4l2_control control{query.id, value};
  const bool set = found && ::ioctl(fd, VIDIOC_S_CTRL, &control) == 0;
  ::close(fd);
  if (!found) throw std::runtime_error(node + " has no control '" + name + "'");
  if (!set) throw failure("cannot set '" + name + "' on " + node);
}

// Sets the HDMI timings of `node` to 640x480 at 60 Hz (the capture and output sides must agree).
void setVgaTimings(const std::string& node) {
  const int fd = ::open(node.c_str(), O_RDWR);
  if (fd < 0) throw failure("cannot open " + node);
  v4l2_dv_timings timings = V4L2_DV_BT_DMT_640X480P60;
  const bool set = ::ioctl(fd, VIDIOC_S_DV_TIMINGS, &timings) == 0;
  ::close(fd);
  if (!set) throw failure("cannot set 640x480 timings on " + node);
}

}  // namespace

std::optional<VividNodes> findVividNodes() {
  VividNodes nodes;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator("/dev", error)) {
    const std::string path = entry.path().string();
    if (path.rfind("/dev/video", 0) != 0) continue;
    const int fd = ::open(path.c_str(), O_RDWR | O_NONBLOCK);
    if (fd < 0) continue;
    v4l2_capability capability{};
    if (::ioctl(fd, VIDIOC_QUERYCAP, &capability) == 0 && std::string(reinterpret_cast<char*>(capability.driver)) == "vivid") {
      if (capability.device_caps & V4L2_CAP_VIDEO_CAPTURE) nodes.capture = path;
      if (capability.device_caps & V4L2_CAP_VIDEO_OUTPUT) nodes.output = path;
    }
    ::close(fd);
  }
  if (nodes.capture.empty() || nodes.output.empty()) return std::nullopt;
  return nodes;
}

VividScreen::VividScreen(const VividNodes& nodes) {
  setVgaTimings(nodes.capture);
  setVgaTimings(nodes.output);
  setControl(nodes.capture, "Loop Video", 1);
  setControl(nodes.capture, "OSD Text Mode", 2);  // none
  fd_ = ::open(nodes.output.c_str(), O_RDWR);
  if (fd_ < 0) throw failure("cannot open " + nodes.output);
  v4l2_format format{};
  format.type = V4L2_BUF_TYPE_VIDEO_OUTPUT;
  if (::ioctl(fd_, VIDIOC_G_FMT, &format) != 0) throw failure("cannot read the format of " + nodes.output);
  format.fmt.pix.pixelformat = V4L2_PIX_FMT_BGR24;
  format.fmt.pix.field = V4L2_FIELD_NONE;
  format.fmt.pix.bytesperline = 0;
  if (::ioctl(fd_, VIDIOC_S_FMT, &format) != 0) throw failure("cannot set BGR on " + nodes.output);
  if (format.fmt.pix.pixelformat != V4L2_PIX_FMT_BGR24)
    throw std::runtime_error(nodes.output + " does not take BGR frames");
  size_ = cv::Size(static_cast<int>(format.fmt.pix.width), static_cast<int>(format.fmt.pix.height));
  bytesPerLine_ = format.fmt.pix.bytesperline;
  // Streaming I/O, as a real program writes to an output: buffers mapped, filled, queued, and taken
  // back once the driver is done with them (vivid keeps the newest one, which the loop shows).
  v4l2_requestbuffers request{};
  request.count = 4;
  request.type = V4L2_BUF_TYPE_VIDEO_OUTPUT;
  request.memory = V4L2_MEMORY_MMAP;
  if (::ioctl(fd_, VIDIOC_REQBUFS, &request) != 0 || request.count < 2) throw failure("cannot get buffers of " + nodes.output);
  for (unsigned i = 0; i < request.count; ++i) {
    v4l2_buffer buffer{};
    buffer.type = V4L2_BUF_TYPE_VIDEO_OUTPUT;
    buffer.memory = V4L2_MEMORY_MMAP;
    buffer.index = i;
    if (::ioctl(fd_, VIDIOC_QUERYBUF, &buffer) != 0) throw failure("cannot query a buffer of " + nodes.output);
    void* memory = ::mmap(nullptr, buffer.length, PROT_READ | PROT_WRITE, MAP_SHARED, fd_, buffer.m.offset);
    if (memory == MAP_FAILED) throw failure("cannot map a buffer of " + nodes.output);
    buffers_.push_back({memory, buffer.length});
    free_.push_back(i);
  }
}

VividScreen::~VividScreen() {
  for (const Buffer& b : buffers_) ::munmap(b.memory, b.length);
  if (fd_ >= 0) ::close(fd_);
}

bool VividScreen::show(const cv::Mat& bgr) {
  if (fd_ < 0 || bgr.size() != size_ || bgr.type() != CV_8UC3) {
    problem_ = "a frame of another size or type than the screen's";
    return false;
  }
  if (free_.empty()) {  // wait for the driver to hand a buffer back
    pollfd ready{fd_, POLLOUT, 0};
    v4l2_buffer done{};
    done.type = V4L2_BUF_TYPE_VIDEO_OUTPUT;
    done.memory = V4L2_MEMORY_MMAP;
    if (::poll(&ready, 1, 2000) <= 0) {
      problem_ = "no buffer came back within 2 s";
      return false;
    }
    if (::ioctl(fd_, VIDIOC_DQBUF, &done) != 0) {
      problem_ = std::string("no buffer came back: ") + std::strerror(errno);
      return false;
    }
    free_.push_back(done.index);
  }
  const unsigned index = free_.back();
  free_.pop_back();
  auto* target = static_cast<unsigned char*>(buffers_[index].memory);
  for (int y = 0; y < size_.height; ++y) std::memcpy(target + y * bytesPerLine_, bgr.ptr(y), static_cast<std::size_t>(size_.width) * 3);
  v4l2_buffer buffer{};
  buffer.type = V4L2_BUF_TYPE_VIDEO_OUTPUT;
  buffer.memory = V4L2_MEMORY_MMAP;
  buffer.index = index;
  buffer.bytesused = bytesPerLine_ * static_cast<unsigned>(size_.height);
  buffer.field = V4L2_FIELD_NONE;
  if (::ioctl(fd_, VIDIOC_QBUF, &buffer) != 0) {
    problem_ = std::string("cannot queue a frame: ") + std::strerror(errno);
    return false;
  }
  // vivid starts its output once two buffers are queued: the first frame goes in twice.
  if (!streaming_ && !free_.empty()) return show(bgr);
  if (!streaming_) {
    int type = V4L2_BUF_TYPE_VIDEO_OUTPUT;
    if (::ioctl(fd_, VIDIOC_STREAMON, &type) != 0) {
      problem_ = std::string("cannot start the output: ") + std::strerror(errno);
      return false;
    }
    streaming_ = true;
  }
  return true;
}

}  // namespace tessera::testing
