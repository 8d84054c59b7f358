#include <cmath>
#include <filesystem>
#include <ostream>

#include <opencv2/imgcodecs.hpp>

#include "commands.hpp"
#include "hardware/camera/pdf_image.hpp"
#include "hardware/camera/variant_layout.hpp"
#include "host/cli/variant_option.hpp"

namespace tessera::commands {
namespace {

// FILE.png -> FILE-cutouts.png; FILE.pdf keeps both sheets as two pages of one file.
std::string withSuffix(const std::filesystem::path& path, const std::string& suffix) {
  return (path.parent_path() / (path.stem().string() + suffix + path.extension().string())).string();
}

}  // namespace

cli::Command printCommand() {
  static const std::vector<cli::OptionSpec> specs = {
      cli::kVariantOption,
      cli::kVariantFileOption,
      {"out", "FILE", "where to write: FILE.png (and FILE-cutouts.png) or FILE.pdf (required)"},
      {"cell-mm", "MM", "side of a cell as printed, 25-60 mm (default 40)"},
      {"dpi", "N", "print resolution, 72-600 dots per inch (default 200)"},
  };
  return {"print", "write the printable board sheet and cut-out sheet the camera reads (PNG or PDF)",
          [](const cli::CommandArgs& args, std::ostream& out, std::ostream&) {
            const auto options = cli::parseOptions(specs, args);
            if (options.helpRequested()) {
              out << cli::helpText("tessera print --variant NAME --out FILE.png|FILE.pdf [--cell-mm MM] [--dpi N]",
                                   "Draws the board sheet (ArUco markers, swatch strip, the board's printed\n"
                                   "colours) and the pieces to cut out (paper colour squares, tiles, anti-tiles,\n"
                                   "sector cards) to docs/camera.md and the board spec. Print at 100% scale.",
                                   specs);
              return 0;
            }
            if (!options.has("out")) throw cli::UsageError("--out is required");
            const std::filesystem::path path = options.value("out");
            if (path.extension() != ".png" && path.extension() != ".pdf")
              throw cli::UsageError("--out is a .png or .pdf file, got '" + path.string() + "'");
            const Variant& variant = cli::chooseVariant(options);
            const long cellMm = options.integer("cell-mm", 40, 25, 60);
            const long dpi = options.integer("dpi", 200, 72, 600);
            const int pixelsPerCell = static_cast<int>(std::lround(cellMm / 25.4 * static_cast<double>(dpi)));
            const camera::BoardLayout layout = camera::layoutForVariant(variant);
            const cv::Mat board = camera::drawBoardSheet(layout, camera::printedCells(variant), pixelsPerCell);
            const std::vector<camera::CutOut> pieces = camera::cutOutsFor(variant);
            cv::Mat cutOuts;
            if (!pieces.empty())
              cutOuts = camera::drawCutOutSheet(pieces, std::max(layout.files + 4, 8), pixelsPerCell);

            std::vector<std::string> written;
            if (path.extension() == ".pdf") {
              std::vector<cv::Mat> pages{board};
              if (!cutOuts.empty()) pages.push_back(cutOuts);
              try {
                camera::writeImagesAsPdf(path.string(), pages, static_cast<double>(dpi));
              } catch (const std::runtime_error& e) {
                throw cli::UsageError(e.what());
              }
              written.push_back(path.string() + " (" + std::to_string(pages.size()) + " pages)");
            } else {
              if (!cv::imwrite(path.string(), board)) throw cli::UsageError("cannot write '" + path.string() + "'");
              written.push_back(path.string());
              if (!cutOuts.empty()) {
                const std::string cutPath = withSuffix(path, "-cutouts");
                if (!cv::imwrite(cutPath, cutOuts)) throw cli::UsageError("cannot write '" + cutPath + "'");
                written.push_back(cutPath);
              }
            }
            out << variant.name << ": " << cellMm << " mm cells at " << dpi << " dpi, " << pieces.size()
                << " pieces to cut out\n";
            for (const std::string& w : written) out << "  wrote " << w << "\n";
            return 0;
          }};
}

}  // namespace tessera::commands
