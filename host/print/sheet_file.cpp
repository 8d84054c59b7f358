#include "sheet_file.hpp"

#include <zlib.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <functional>
#include <stdexcept>

#include <opencv2/imgproc.hpp>

#include "host/files/atomic_file.hpp"

namespace tessera::print {

namespace {

constexpr int kBandRows = 64;

using Sink = std::function<void(const unsigned char* bytes, std::size_t count)>;

// Draws the sheet band by band as RGB rows and hands zlib's output to `sink` as it comes. A PNG
// row starts with its filter type (0: none); a PDF image's rows do not.
void deflateSheet(const PrintSheet& sheet, bool rowFilterByte, const Sink& sink) {
  z_stream z{};
  if (deflateInit(&z, Z_DEFAULT_COMPRESSION) != Z_OK) throw std::runtime_error("zlib would not start");
  std::array<unsigned char, 1 << 16> out{};
  const auto compress = [&](const unsigned char* bytes, std::size_t count, int flush) {
    z.next_in = const_cast<unsigned char*>(bytes);
    z.avail_in = static_cast<uInt>(count);
    int result = Z_OK;
    do {
      z.next_out = out.data();
      z.avail_out = static_cast<uInt>(out.size());
      result = deflate(&z, flush);
      if (const std::size_t made = out.size() - z.avail_out; made > 0) sink(out.data(), made);
    } while (z.avail_out == 0 || (flush == Z_FINISH && result != Z_STREAM_END));
  };
  const std::size_t rowBytes = static_cast<std::size_t>(sheet.size.width) * 3;
  cv::Mat band(kBandRows, sheet.size.width, CV_8UC3), rgb;
  const unsigned char noFilter = 0;
  try {
    for (int first = 0; first < sheet.size.height; first += kBandRows) {
      cv::Mat part = band.rowRange(0, std::min(kBandRows, sheet.size.height - first));
      sheet.drawBand(part, first);
      cv::cvtColor(part, rgb, cv::COLOR_BGR2RGB);
      for (int r = 0; r < rgb.rows; ++r) {
        if (rowFilterByte) compress(&noFilter, 1, Z_NO_FLUSH);
        compress(rgb.ptr<unsigned char>(r), rowBytes, Z_NO_FLUSH);
      }
    }
    compress(nullptr, 0, Z_FINISH);
  } catch (...) {
    deflateEnd(&z);
    throw;
  }
  deflateEnd(&z);
}

// PDF's numbers: fixed point, the same text wherever the same size is written.
std::string pdfNumber(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", value);
  return text;
}

void writeBigEndian(std::ofstream& out, std::uint32_t value) {
  const unsigned char bytes[4] = {static_cast<unsigned char>(value >> 24), static_cast<unsigned char>(value >> 16),
                                  static_cast<unsigned char>(value >> 8), static_cast<unsigned char>(value)};
  out.write(reinterpret_cast<const char*>(bytes), 4);
}

void writePngChunk(std::ofstream& out, const char (&type)[5], const unsigned char* data, std::size_t count) {
  writeBigEndian(out, static_cast<std::uint32_t>(count));
  out.write(type, 4);
  out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(count));
  uLong crc = crc32(0, reinterpret_cast<const Bytef*>(type), 4);
  if (count > 0) crc = crc32(crc, data, static_cast<uInt>(count));  // a null `data` would restart the sum
  writeBigEndian(out, static_cast<std::uint32_t>(crc));
}

}  // namespace

void writeSheetAsPng(const std::string& path, const PrintSheet& sheet) {
  files::AtomicFile file(path);
  std::ofstream& out = file.stream();
  out.write("\x89PNG\r\n\x1a\n", 8);
  std::array<unsigned char, 13> header{};
  const auto put = [&](std::size_t at, std::uint32_t v) {
    for (int i = 0; i < 4; ++i)
      header[at + static_cast<std::size_t>(i)] = static_cast<unsigned char>(v >> (24 - 8 * i));
  };
  put(0, static_cast<std::uint32_t>(sheet.size.width));
  put(4, static_cast<std::uint32_t>(sheet.size.height));
  header[8] = 8;  // bits per channel
  header[9] = 2;  // RGB; compression, filter and interlace methods 0
  writePngChunk(out, "IHDR", header.data(), header.size());
  deflateSheet(sheet, true,
               [&](const unsigned char* bytes, std::size_t count) { writePngChunk(out, "IDAT", bytes, count); });
  writePngChunk(out, "IEND", nullptr, 0);
  file.commit();
}

void writeSheetsAsPdf(const std::string& path, const std::vector<PrintSheet>& sheets, double dotsPerInch) {
  files::AtomicFile file(path);
  std::ofstream& pdf = file.stream();
  std::vector<std::size_t> offsets;  // of objects 1..n, for the cross-reference table
  const auto begin = [&] { offsets.push_back(static_cast<std::size_t>(pdf.tellp())); };
  pdf << "%PDF-1.4\n";
  const int n = static_cast<int>(sheets.size());
  // Objects: 1 catalog, 2 page tree, then per page: page, content stream, image, the image's length.
  begin();
  pdf << "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n";
  begin();
  pdf << "2 0 obj << /Type /Pages /Count " << n << " /Kids [";
  for (int i = 0; i < n; ++i) pdf << " " << 3 + 4 * i << " 0 R";
  pdf << " ] >> endobj\n";
  for (int i = 0; i < n; ++i) {
    const PrintSheet& sheet = sheets[static_cast<std::size_t>(i)];
    const double w = sheet.size.width * 72.0 / dotsPerInch, h = sheet.size.height * 72.0 / dotsPerInch;
    const int page = 3 + 4 * i, content = page + 1, picture = page + 2, length = page + 3;
    begin();
    pdf << page << " 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 " << pdfNumber(w) << " " << pdfNumber(h)
        << "] /Contents " << content << " 0 R /Resources << /XObject << /Im" << i << " " << picture
        << " 0 R >> >> >> endobj\n";
    const std::string draw =
        "q " + pdfNumber(w) + " 0 0 " + pdfNumber(h) + " 0 0 cm /Im" + std::to_string(i) + " Do Q\n";
    begin();
    pdf << content << " 0 obj << /Length " << draw.size() << " >> stream\n" << draw << "endstream endobj\n";
    begin();
    pdf << picture << " 0 obj << /Type /XObject /Subtype /Image /Width " << sheet.size.width << " /Height "
        << sheet.size.height << " /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode /Length " << length
        << " 0 R >> stream\n";
    std::size_t streamBytes = 0;
    deflateSheet(sheet, false, [&](const unsigned char* bytes, std::size_t count) {
      pdf.write(reinterpret_cast<const char*>(bytes), static_cast<std::streamsize>(count));
      streamBytes += count;
    });
    pdf << "\nendstream endobj\n";
    begin();
    pdf << length << " 0 obj " << streamBytes << " endobj\n";
  }
  const std::size_t xref = static_cast<std::size_t>(pdf.tellp());
  pdf << "xref\n0 " << offsets.size() + 1 << "\n0000000000 65535 f \n";
  for (std::size_t o : offsets) {
    char line[24];
    std::snprintf(line, sizeof line, "%010zu 00000 n \n", o);
    pdf << line;
  }
  pdf << "trailer << /Size " << offsets.size() + 1 << " /Root 1 0 R >>\nstartxref\n" << xref << "\n%%EOF\n";
  file.commit();
}

}  // namespace tessera::print
