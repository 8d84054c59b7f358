#pragma once
// GStreamer, started once for the libcamera cameras (libcamera_cameras.*, libcamera_frame_source.*).
#include <optional>
#include <string>

namespace tessera::camera {

// Starts GStreamer if it is not started; what went wrong, or nothing. libcamera's own log is set to
// errors only unless LIBCAMERA_LOG_LEVELS says otherwise: its notes for every camera opened
// ("No static properties available for ...") would fill the service's journal.
std::optional<std::string> startGstreamer();

// Whether GStreamer knows the element `name` (its plugin is installed).
bool hasGstreamerElement(const char* name);

// What to install for the libcamera cameras when GStreamer lacks libcamerasrc.
constexpr const char* kLibcameraPluginMissing =
    "GStreamer's libcamera plugin is not installed (sudo apt install gstreamer1.0-libcamera)";

}  // namespace tessera::camera
