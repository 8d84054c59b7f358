#include "libcamera_frame_source.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>

#include "hardware/camera/gstreamer_runtime.hpp"

namespace tessera::camera {
namespace {

constexpr double kFirstFrameSeconds = 10.0;  // a camera starting, its exposure settling
constexpr double kNextFrameSeconds = 5.0;    // longer without a frame: the camera has stopped
constexpr const char* kLauncher = "gst-launch-1.0";

double steadySeconds() {
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
}

bool isNumber(const std::string& text) {
  return !text.empty() && text.size() <= 3 && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool onPath(const std::string& program) {
  const char* path = std::getenv("PATH");
  std::string folders = path ? path : "/usr/bin:/bin";
  for (std::size_t start = 0, end; start <= folders.size(); start = end + 1) {
    end = folders.find(':', start);
    if (end == std::string::npos) end = folders.size();
    if (::access((folders.substr(start, end - start) + "/" + program).c_str(), X_OK) == 0) return true;
  }
  return false;
}

// GStreamer lays out each BGR row on a multiple of 4 bytes.
int rowBytes(int width) { return (width * 3 + 3) / 4 * 4; }

}  // namespace

LibcameraFrameSource::LibcameraFrameSource(std::string camera, int width, int height, double retrySeconds, Clock clock)
    : camera_(camera.empty() ? "0" : std::move(camera)), width_(width), height_(height), retrySeconds_(retrySeconds),
      clock_(clock ? std::move(clock) : Clock(steadySeconds)) {
  start_ = clock_();
}

LibcameraFrameSource::~LibcameraFrameSource() { stopChild(); }

// The sizes to ask the camera for, best first: the size wanted, then (if the camera cannot make it)
// the sizes it lists, nearest in area first, whose frames are then scaled. At most four.
std::vector<CameraSize> LibcameraFrameSource::sizesToTry(const std::vector<CameraSize>& listed) const {
  std::vector<CameraSize> sizes = listed;
  const double wanted = std::log(static_cast<double>(width_) * height_);
  const auto distance = [&](const CameraSize& s) { return std::abs(std::log(static_cast<double>(s.width) * s.height) - wanted); };
  std::stable_sort(sizes.begin(), sizes.end(), [&](const CameraSize& a, const CameraSize& b) { return distance(a) < distance(b); });
  sizes.erase(std::remove(sizes.begin(), sizes.end(), CameraSize{width_, height_}), sizes.end());
  sizes.insert(sizes.begin(), CameraSize{width_, height_});
  if (sizes.size() > 4) sizes.resize(4);
  return sizes;
}

bool LibcameraFrameSource::tryOpen(std::string& problem) {
  lastAttempt_ = clock_();
  if (const auto notStarted = startGstreamer()) {
    problem = *notStarted;
    return false;
  }
  if (!hasGstreamerElement("libcamerasrc")) {
    problem = kLibcameraPluginMissing;
    return false;
  }
  if (!onPath(kLauncher)) {
    problem = "GStreamer's gst-launch-1.0 is not installed (sudo apt install gstreamer1.0-tools)";
    return false;
  }
  const LibcameraCameras listed = listLibcameraCameras();
  if (listed.problem) {
    problem = *listed.problem;
    return false;
  }
  const LibcameraCamera* camera = nullptr;
  if (isNumber(camera_)) {
    const std::size_t index = std::stoul(camera_);
    if (index < listed.cameras.size()) camera = &listed.cameras[index];
  } else {
    for (const LibcameraCamera& c : listed.cameras)
      if (c.id == camera_) camera = &c;
  }
  if (!camera) {
    problem = listed.cameras.empty()
                  ? "libcamera sees no camera (unplugged, or its ribbon cable loose?)"
                  : "libcamera has no camera " + camera_ + " (it sees " + std::to_string(listed.cameras.size()) +
                        ": `tessera cameras` lists them)";
    return false;
  }
  for (const CameraSize& size : sizesToTry(camera->sizes)) {
    std::string notStarted;
    if (startChild(camera->id, size, notStarted)) {
      first_ = nextFrame(kFirstFrameSeconds);
      if (!first_.empty()) return true;
      stopChild();
      notStarted = childProblem();
      if (notStarted.empty()) notStarted = "no frame within " + std::to_string(static_cast<int>(kFirstFrameSeconds)) + " s";
    }
    problem = "cannot start libcamera camera " + camera_ + " (" + camera->id + "): " + notStarted;
  }
  return false;
}

// gst-launch-1.0 -q libcamerasrc camera-name=ID ! video/x-raw,width=W,height=H ! videoconvert !
// videoscale ! video/x-raw,format=BGR,width=W',height=H' ! fdsink fd=1: raw frames on its output.
bool LibcameraFrameSource::startChild(const std::string& id, CameraSize cameraSize, std::string& problem) {
  const auto size = [](int width, int height) {
    return ",width=" + std::to_string(width) + ",height=" + std::to_string(height);
  };
  const std::vector<std::string> args = {kLauncher, "-q", "libcamerasrc", "camera-name=\"" + id + "\"", "!",
                                         "video/x-raw" + size(cameraSize.width, cameraSize.height), "!", "videoconvert",
                                         "!", "videoscale", "!", "video/x-raw,format=BGR" + size(width_, height_), "!",
                                         "fdsink", "fd=1", "sync=false"};
  std::vector<char*> argv;
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  int frames[2], errors[2];
  if (::pipe2(frames, O_CLOEXEC) != 0) {
    problem = std::string("no pipe: ") + std::strerror(errno);
    return false;
  }
  if (::pipe2(errors, O_CLOEXEC) != 0) {
    ::close(frames[0]);
    ::close(frames[1]);
    problem = std::string("no pipe: ") + std::strerror(errno);
    return false;
  }
  const pid_t pid = ::fork();
  if (pid == 0) {  // only async-signal-safe calls until exec
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    ::dup2(frames[1], STDOUT_FILENO);
    ::dup2(errors[1], STDERR_FILENO);
    ::execvp(argv[0], argv.data());
    ::_exit(127);
  }
  ::close(frames[1]);
  ::close(errors[1]);
  if (pid < 0) {
    ::close(frames[0]);
    ::close(errors[0]);
    problem = std::string("cannot start gst-launch-1.0: ") + std::strerror(errno);
    return false;
  }
  child_ = pid;
  framesFd_ = frames[0];
  errorsFd_ = errors[0];
  ::fcntl(errorsFd_, F_SETFL, O_NONBLOCK);
  errors_.clear();
  return true;
}

void LibcameraFrameSource::stopChild() {
  if (child_ > 0) {
    ::kill(child_, SIGTERM);
    int waited = 0;
    while (::waitpid(child_, nullptr, WNOHANG) == 0) {
      if (++waited > 100) {  // a second
        ::kill(child_, SIGKILL);
        ::waitpid(child_, nullptr, 0);
        break;
      }
      ::usleep(10'000);
    }
    child_ = -1;
  }
  // What the child said last, before it ended.
  char text[1024];
  for (ssize_t n; errorsFd_ >= 0 && (n = ::read(errorsFd_, text, sizeof text)) > 0;) errors_.append(text, static_cast<std::size_t>(n));
  for (int* fd : {&framesFd_, &errorsFd_}) {
    if (*fd >= 0) ::close(*fd);
    *fd = -1;
  }
}

cv::Mat LibcameraFrameSource::nextFrame(double seconds) {
  const int stride = rowBytes(width_);
  std::vector<unsigned char> bytes(static_cast<std::size_t>(stride) * static_cast<std::size_t>(height_));
  std::size_t filled = 0;
  const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (filled < bytes.size()) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(end - std::chrono::steady_clock::now()).count();
    if (left <= 0) return {};
    pollfd fds[2] = {{framesFd_, POLLIN, 0}, {errorsFd_, POLLIN, 0}};
    if (::poll(fds, 2, static_cast<int>(left)) < 0 && errno != EINTR) return {};
    if (fds[1].revents & POLLIN) {
      char text[1024];
      const ssize_t n = ::read(errorsFd_, text, sizeof text);
      if (n > 0) errors_.append(text, static_cast<std::size_t>(n));
      if (errors_.size() > 8192) errors_.erase(0, errors_.size() - 8192);
    }
    if (fds[0].revents & (POLLIN | POLLHUP)) {
      const ssize_t n = ::read(framesFd_, bytes.data() + filled, bytes.size() - filled);
      if (n <= 0) return {};  // the child ended
      filled += static_cast<std::size_t>(n);
    }
  }
  return cv::Mat(height_, width_, CV_8UC3, bytes.data(), static_cast<std::size_t>(stride)).clone();
}

// The child's last line that says something ("ERROR: from element ...: Could not find a camera
// named ..."), without GStreamer's debug detail.
std::string LibcameraFrameSource::childProblem() const {
  std::string last;
  std::size_t start = 0;
  while (start < errors_.size()) {
    std::size_t end = errors_.find('\n', start);
    if (end == std::string::npos) end = errors_.size();
    std::string line = errors_.substr(start, end - start);
    // libcamera's own lines come coloured: the colours go.
    for (std::size_t escape; (escape = line.find('\x1b')) != std::string::npos;)
      line.erase(escape, line.find('m', escape) == std::string::npos ? std::string::npos : line.find('m', escape) - escape + 1);
    if (line.rfind("ERROR: ", 0) == 0) {
      last = line.substr(7);
      break;  // the first error is the cause; the rest follow from it
    }
    if (!line.empty() && line.rfind("Additional debug info", 0) != 0) last = line;
    start = end + 1;
  }
  return last;
}

FrameRead LibcameraFrameSource::read() {
  FrameRead result;
  result.status = FrameRead::Status::Unavailable;
  const std::string retry = "; retrying every " + std::to_string(static_cast<int>(retrySeconds_ + 0.5)) + " s";
  if (child_ <= 0) {
    if (clock_() - lastAttempt_ < retrySeconds_) {
      result.problem = problem_;
      return result;
    }
    if (!tryOpen(problem_)) {
      problem_ += retry;
      result.problem = problem_;
      return result;
    }
  }
  cv::Mat image = first_.empty() ? nextFrame(kNextFrameSeconds) : std::move(first_);
  first_ = cv::Mat();
  if (image.empty()) {
    stopChild();
    const std::string why = childProblem();
    lastAttempt_ = clock_();
    problem_ = "libcamera camera " + camera_ + " stopped delivering frames" + (why.empty() ? "" : " (" + why + ")") + retry;
    result.problem = problem_;
    return result;
  }
  result.status = FrameRead::Status::Frame;
  result.frame = Frame{image, clock_() - start_, frames_++};
  return result;
}

}  // namespace tessera::camera
