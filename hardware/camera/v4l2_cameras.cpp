#include "v4l2_cameras.hpp"

#include <fcntl.h>
#include <linux/videodev2.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>

namespace tessera::camera {
namespace {

namespace fs = std::filesystem;

std::string fourcc(std::uint32_t code) {
  std::string text;
  for (int i = 0; i < 4; ++i) text += static_cast<char>((code >> (8 * i)) & 0xff);
  while (!text.empty() && text.back() == ' ') text.pop_back();
  return text;
}

std::string size(std::uint32_t width, std::uint32_t height) { return std::to_string(width) + "x" + std::to_string(height); }

// The sizes a format comes in: the driver's list, or its range.
std::string sizesOf(int fd, std::uint32_t format) {
  std::string text;
  v4l2_frmsizeenum frame{};
  frame.pixel_format = format;
  for (frame.index = 0; ::ioctl(fd, VIDIOC_ENUM_FRAMESIZES, &frame) == 0; ++frame.index) {
    if (frame.type == V4L2_FRMSIZE_TYPE_DISCRETE) {
      text += (text.empty() ? "" : ", ") + size(frame.discrete.width, frame.discrete.height);
    } else {
      text += (text.empty() ? "" : ", ") + std::string("any size from ") +
              size(frame.stepwise.min_width, frame.stepwise.min_height) + " to " +
              size(frame.stepwise.max_width, frame.stepwise.max_height);
      break;
    }
  }
  return text.empty() ? "sizes not listed" : text;
}

std::vector<std::string> modesOf(int fd, std::uint32_t bufferType) {
  std::vector<std::string> modes;
  v4l2_fmtdesc format{};
  format.type = bufferType;
  for (format.index = 0; ::ioctl(fd, VIDIOC_ENUM_FMT, &format) == 0; ++format.index)
    modes.push_back(fourcc(format.pixelformat) + ": " + sizesOf(fd, format.pixelformat));
  return modes;
}

// /dev/videoN in number order: video2 before video10.
int nodeNumber(const fs::path& path) {
  const std::string name = path.filename().string();
  return std::atoi(name.c_str() + std::strlen("video"));
}

std::vector<std::string> namesOf(const fs::path& node, const fs::path& devices) {
  std::vector<std::string> names;
  std::error_code error;
  for (const char* folder : {"v4l/by-id", "v4l/by-path"}) {
    for (const auto& entry : fs::directory_iterator(devices / folder, error)) {
      std::error_code same;
      if (fs::equivalent(entry.path(), node, same)) names.push_back(entry.path().string());
    }
  }
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace

std::vector<V4l2Camera> listV4l2Cameras(const std::string& devices) {
  std::vector<fs::path> nodes;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(devices, error)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("video", 0) == 0 && name.size() > 5 && std::isdigit(static_cast<unsigned char>(name[5])))
      nodes.push_back(entry.path());
  }
  std::sort(nodes.begin(), nodes.end(), [](const fs::path& a, const fs::path& b) { return nodeNumber(a) < nodeNumber(b); });

  std::vector<V4l2Camera> cameras;
  for (const fs::path& node : nodes) {
    V4l2Camera camera;
    camera.path = node.string();
    camera.otherNames = namesOf(node, devices);
    const int fd = ::open(camera.path.c_str(), O_RDWR | O_NONBLOCK);
    if (fd < 0) {
      camera.problem = errno == EACCES ? "no permission to open it (is the user in the video group?)"
                                       : std::string("cannot open it: ") + std::strerror(errno);
      cameras.push_back(std::move(camera));
      continue;
    }
    v4l2_capability capability{};
    if (::ioctl(fd, VIDIOC_QUERYCAP, &capability) != 0) {
      ::close(fd);
      continue;
    }
    const std::uint32_t caps =
        (capability.capabilities & V4L2_CAP_DEVICE_CAPS) ? capability.device_caps : capability.capabilities;
    const bool capture = caps & (V4L2_CAP_VIDEO_CAPTURE | V4L2_CAP_VIDEO_CAPTURE_MPLANE);
    const bool memoryToMemory = (caps & (V4L2_CAP_VIDEO_M2M | V4L2_CAP_VIDEO_M2M_MPLANE)) ||
                                (capture && (caps & (V4L2_CAP_VIDEO_OUTPUT | V4L2_CAP_VIDEO_OUTPUT_MPLANE)));
    if (!capture || memoryToMemory) {
      ::close(fd);
      continue;
    }
    camera.card = reinterpret_cast<const char*>(capability.card);
    camera.driver = reinterpret_cast<const char*>(capability.driver);
    camera.rawSensor = camera.driver == "unicam" || camera.driver == "rp1-cfe";
    camera.modes = modesOf(fd, (caps & V4L2_CAP_VIDEO_CAPTURE) ? V4L2_BUF_TYPE_VIDEO_CAPTURE
                                                                : V4L2_BUF_TYPE_VIDEO_CAPTURE_MPLANE);
    ::close(fd);
    cameras.push_back(std::move(camera));
  }
  return cameras;
}

}  // namespace tessera::camera
