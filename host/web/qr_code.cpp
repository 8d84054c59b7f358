#include "qr_code.hpp"

#include <memory>
#include <string>

#include <qrencode.h>

namespace tessera::web {

QrCode qrCode(std::string_view text) {
  const std::string copy(text);
  // Error correction M (15% of the code may be unreadable: a glare on the screen), 8-bit text.
  std::unique_ptr<QRcode, decltype(&QRcode_free)> encoded(QRcode_encodeString8bit(copy.c_str(), 0, QR_ECLEVEL_M),
                                                          &QRcode_free);
  QrCode qr;
  if (!encoded) return qr;
  qr.size = encoded->width;
  qr.dark.resize(static_cast<std::size_t>(qr.size * qr.size));
  for (std::size_t i = 0; i < qr.dark.size(); ++i) qr.dark[i] = encoded->data[i] & 1;
  return qr;
}

std::string qrTerminalText(const QrCode& qr) {
  if (qr.size == 0) return "";
  // Light modules (and the quiet zone) are drawn; dark ones are left as the terminal's background.
  const int quiet = 2;
  std::string out;
  for (int y = -quiet; y < qr.size + quiet; y += 2) {
    for (int x = -quiet; x < qr.size + quiet; ++x) {
      const bool top = !qr.at(x, y), bottom = y + 1 < qr.size + quiet && !qr.at(x, y + 1);
      out += top && bottom ? "\u2588" : top ? "\u2580" : bottom ? "\u2584" : " ";
    }
    out += '\n';
  }
  return out;
}

}  // namespace tessera::web
