#include "gstreamer_runtime.hpp"

#include <gst/gst.h>

#include <cstdlib>
#include <mutex>

namespace tessera::camera {

std::optional<std::string> startGstreamer() {
  static std::once_flag once;
  static std::optional<std::string> problem;
  std::call_once(once, [] {
    ::setenv("LIBCAMERA_LOG_LEVELS", "*:ERROR", /*overwrite=*/0);
    GError* error = nullptr;
    if (!gst_init_check(nullptr, nullptr, &error)) {
      problem = std::string("GStreamer cannot start: ") + (error ? error->message : "no reason given");
      if (error) g_error_free(error);
    }
  });
  return problem;
}

bool hasGstreamerElement(const char* name) {
  GstElementFactory* factory = gst_element_factory_find(name);
  if (!factory) return false;
  gst_object_unref(factory);
  return true;
}

}  // namespace tessera::camera
