#pragma once
// The kernel's vivid driver as a camera that films what a test shows it: frames written to vivid's
// HDMI output come back on its HDMI capture node ("Loop Video"), where tessera reads them as from any
// V4L2 camera. Needs vivid loaded with one HDMI input and one HDMI output and no scaling
// (scripts/test-camera-vm.sh: num_inputs=1 input_types=0x3 num_outputs=1 output_types=0x1
// ccs_cap_mode=0 ccs_out_mode=0). Both sides are set to 640x480 at 60 Hz, a cheap webcam's size:
// the VM emulates its CPU, and draws and reads larger frames too slowly for a game in real time.
#include <optional>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

namespace tessera::testing {

struct VividNodes {
  std::string capture, output;  // /dev/videoN of each
};

// vivid's capture and output nodes, if vivid is there.
std::optional<VividNodes> findVividNodes();

class VividScreen {
 public:
  // Sets both sides' timings, turns the loop on and the on-screen text off on the capture node, and sets the output to BGR
  // (the format OpenCV asks of the capture side: the loop needs both the same). Throws
  // std::runtime_error, saying what failed.
  explicit VividScreen(const VividNodes& nodes);
  ~VividScreen();
  VividScreen(const VividScreen&) = delete;
  VividScreen& operator=(const VividScreen&) = delete;

  cv::Size size() const { return size_; }
  // Shows one frame (of size()); false once the device is gone, problem() saying why.
  bool show(const cv::Mat& bgr);
  const std::string& problem() const { return problem_; }

 private:
  struct Buffer {
    void* memory;
    std::size_t length;
  };
  int fd_ = -1;
  std::string problem_;
  cv::Size size_;
  unsigned bytesPerLine_ = 0;
  std::vector<Buffer> buffers_;
  std::vector<unsigned> free_;  // buffers not queued
  bool streaming_ = false;
};

}  // namespace tessera::testing
