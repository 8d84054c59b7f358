#include "libcamera_cameras.hpp"

#include <gst/gst.h>

#include <algorithm>
#include <map>

#include "hardware/camera/gstreamer_runtime.hpp"

namespace tessera::camera {
namespace {

std::string textOf(gchar* owned) {
  std::string text = owned ? owned : "";
  g_free(owned);
  return text;
}

// "640x480", or the range a camera scales to: "any size from 48x48 to 4096x2160".
std::string sizeOf(const GstStructure* s) {
  const GValue* width = gst_structure_get_value(s, "width");
  const GValue* height = gst_structure_get_value(s, "height");
  if (!width || !height) return "";
  if (G_VALUE_HOLDS_INT(width) && G_VALUE_HOLDS_INT(height))
    return std::to_string(g_value_get_int(width)) + "x" + std::to_string(g_value_get_int(height));
  if (GST_VALUE_HOLDS_INT_RANGE(width) && GST_VALUE_HOLDS_INT_RANGE(height))
    return "any size from " + std::to_string(gst_value_get_int_range_min(width)) + "x" +
           std::to_string(gst_value_get_int_range_min(height)) + " to " +
           std::to_string(gst_value_get_int_range_max(width)) + "x" + std::to_string(gst_value_get_int_range_max(height));
  return "";
}

// The sizes listed one by one (not as a range), each once.
std::vector<CameraSize> sizesOf(GstCaps* caps) {
  std::vector<CameraSize> sizes;
  for (guint i = 0; caps && i < gst_caps_get_size(caps); ++i) {
    const GstStructure* s = gst_caps_get_structure(caps, i);
    int width = 0, height = 0;
    if (!gst_structure_get_int(s, "width", &width) || !gst_structure_get_int(s, "height", &height)) continue;
    if (std::find(sizes.begin(), sizes.end(), CameraSize{width, height}) == sizes.end()) sizes.push_back({width, height});
  }
  return sizes;
}

// One line per pixel format, its sizes in the order the camera gives them.
std::vector<std::string> modesOf(GstCaps* caps) {
  std::vector<std::string> order;
  std::map<std::string, std::string> sizes;
  for (guint i = 0; caps && i < gst_caps_get_size(caps); ++i) {
    const GstStructure* s = gst_caps_get_structure(caps, i);
    std::string format = gst_structure_get_name(s);
    if (const gchar* pixels = gst_structure_get_string(s, "format")) format = pixels;
    else if (format == "image/jpeg") format = "MJPEG";
    const std::string size = sizeOf(s);
    if (size.empty()) continue;
    if (!sizes.count(format)) order.push_back(format);
    std::string& line = sizes[format];
    line += (line.empty() ? "" : ", ") + size;
  }
  std::vector<std::string> modes;
  for (const std::string& format : order) modes.push_back(format + ": " + sizes[format]);
  return modes;
}

}  // namespace

LibcameraCameras listLibcameraCameras() {
  LibcameraCameras result;
  if (const auto problem = startGstreamer()) {
    result.problem = *problem;
    return result;
  }
  GstDeviceProvider* provider = gst_device_provider_factory_get_by_name("libcameraprovider");
  if (!provider) {
    result.problem = kLibcameraPluginMissing;
    return result;
  }
  // In libcamera's own order (that of `cam -l`), each named by libcamera's id for it.
  GList* devices = gst_device_provider_get_devices(provider);
  for (GList* item = devices; item; item = item->next) {
    GstDevice* device = GST_DEVICE(item->data);
    LibcameraCamera camera;
    camera.id = textOf(gst_device_get_display_name(device));
    GstCaps* caps = gst_device_get_caps(device);
    camera.modes = modesOf(caps);
    camera.sizes = sizesOf(caps);
    if (caps) gst_caps_unref(caps);
    result.cameras.push_back(std::move(camera));
  }
  g_list_free_full(devices, gst_object_unref);
  gst_object_unref(provider);
  return result;
}

}  // namespace tessera::camera
