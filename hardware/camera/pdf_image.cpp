#include "pdf_image.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>

#include <opencv2/imgcodecs.hpp>

namespace tessera::camera {

void writeImagesAsPdf(const std::string& path, const std::vector<cv::Mat>& pages, double dotsPerInch) {
  std::ostringstream pdf;
  std::vector<std::size_t> offsets;  // of objects 1..n, for the cross-reference table
  const auto begin = [&] { offsets.push_back(static_cast<std::size_t>(pdf.tellp())); };
  pdf << "%PDF-1.4\n";
  const int n = static_cast<int>(pages.size());
  // Objects: 1 catalog, 2 page tree, then per page: page, content stream, image.
  begin();
  pdf << "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n";
  begin();
  pdf << "2 0 obj << /Type /Pages /Count " << n << " /Kids [";
  for (int i = 0; i < n; ++i) pdf << " " << 3 + 3 * i << " 0 R";
  pdf << " ] >> endobj\n";
  for (int i = 0; i < n; ++i) {
    const cv::Mat& image = pages[static_cast<std::size_t>(i)];
    const double w = image.cols * 72.0 / dotsPerInch, h = image.rows * 72.0 / dotsPerInch;
    const int page = 3 + 3 * i, content = page + 1, picture = page + 2;
    begin();
    pdf << page << " 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 " << w << " " << h << "] /Contents " << content
        << " 0 R /Resources << /XObject << /Im" << i << " " << picture << " 0 R >> >> >> endobj\n";
    std::ostringstream draw;
    draw << "q " << w << " 0 0 " << h << " 0 0 cm /Im" << i << " Do Q\n";
    begin();
    pdf << content << " 0 obj << /Length " << draw.str().size() << " >> stream\n" << draw.str() << "endstream endobj\n";
    std::vector<uchar> jpeg;
    cv::imencode(".jpg", image, jpeg, {cv::IMWRITE_JPEG_QUALITY, 95});
    begin();
    pdf << picture << " 0 obj << /Type /XObject /Subtype /Image /Width " << image.cols << " /Height " << image.rows
        << " /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length " << jpeg.size() << " >> stream\n";
    pdf.write(reinterpret_cast<const char*>(jpeg.data()), static_cast<std::streamsize>(jpeg.size()));
    pdf << "\nendstream endobj\n";
  }
  const std::size_t xref = static_cast<std::size_t>(pdf.tellp());
  pdf << "xref\n0 " << offsets.size() + 1 << "\n0000000000 65535 f \n";
  for (std::size_t o : offsets) {
    char line[24];
    std::snprintf(line, sizeof line, "%010zu 00000 n \n", o);
    pdf << line;
  }
  pdf << "trailer << /Size " << offsets.size() + 1 << " /Root 1 0 R >>\nstartxref\n" << xref << "\n%%EOF\n";
  std::ofstream file(path, std::ios::binary);
  if (!(file << pdf.str())) throw std::runtime_error("cannot write '" + path + "'");
}

}  // namespace tessera::camera
