#include <cmath>
#include <filesystem>
#include <optional>
#include <ostream>
#include <stdexcept>

#include "commands.hpp"
#include "core/text/counted_noun.hpp"
#include "hardware/camera/variant/variant_layout.hpp"
#include "host/cli/output_path.hpp"
#include "host/cli/variant_option.hpp"
#include "host/print/cut_outs.hpp"
#include "host/print/paper_pages.hpp"
#include "host/print/sheet_file.hpp"

namespace tessera::commands {
namespace {

// FILE.png -> FILE-cutouts.png; FILE.pdf keeps both sheets as two pages of one file.
std::string withSuffix(const std::filesystem::path& path, const std::string& suffix) {
  return (path.parent_path() / (path.stem().string() + suffix + path.extension().string())).string();
}

// Without paper, the pieces on one sheet a little wider than the board; on paper, as many pages as they need.
std::vector<print::PrintSheet> cutOutSheetsFor(const std::vector<print::CutOut>& pieces,
                                                const camera::BoardLayout& layout,
                                                const std::optional<print::Paper>& paper, int pixelsPerCell,
                                                double dotsPerInch) {
  if (!paper) return print::cutOutSheets(pieces, std::max(layout.files + 4, 8), pixelsPerCell);
  const cv::Size room = print::printableArea(*paper, dotsPerInch);
  return print::cutOutSheets(pieces, static_cast<double>(room.width) / pixelsPerCell, pixelsPerCell,
                              static_cast<double>(room.height) / pixelsPerCell);
}

// The board's pages, then the pieces', in one PDF; says what it wrote.
std::string writeOnPaper(const std::string& path, const std::string& variantName, const print::PrintSheet& board,
                         const std::vector<print::PrintSheet>& cutOuts, const print::Paper& paper,
                         double dotsPerInch) {
  std::vector<print::PrintSheet> pages = print::splitOverPages(board, paper, dotsPerInch, variantName + " board");
  const std::size_t boardPages = pages.size();
  for (std::size_t k = 0; k < cutOuts.size(); ++k) {
    const std::string title =
        variantName + " cut-outs " + std::to_string(k + 1) + " of " + std::to_string(cutOuts.size());
    for (print::PrintSheet& page : print::splitOverPages(cutOuts[k], paper, dotsPerInch, title))
      pages.push_back(std::move(page));
  }
  print::writeSheetsAsPdf(path, pages, dotsPerInch);
  std::string what = path + " (" + countedNoun(pages.size(), paper.name + " page", paper.name + " pages") +
                     ": the board on " + std::to_string(boardPages);
  if (!cutOuts.empty()) what += ", the pieces to cut out on " + std::to_string(pages.size() - boardPages);
  return what + ")";
}

}  // namespace

cli::Command printCommand() {
  static const std::vector<cli::OptionSpec> specs = {
      cli::kVariantOption,
      cli::kVariantFileOption,
      {"out", "FILE", "where to write: FILE.png (and FILE-cutouts.png) or FILE.pdf (required)"},
      {"cell-mm", "MM", "side of a cell as printed, 25-60 mm (default 40)"},
      {"dpi", "N", "print resolution, 72-600 dots per inch (default 200)"},
      {"paper", "NAME", "a4, a3, letter or legal: PDF pages of that paper, a large sheet on several to tape together"},
  };
  return {"print", "write the printable board sheet and cut-out sheet the camera reads (PNG or PDF)",
          [](const cli::CommandArgs& args, std::ostream& out, std::ostream&) {
            const auto options = cli::parseOptions(specs, args);
            if (options.helpRequested()) {
              out << cli::helpText(
                  "tessera print --variant NAME --out FILE.png|FILE.pdf [--cell-mm MM] [--dpi N] [--paper NAME]",
                  "Draws the board sheet (ArUco markers, swatch strip, the board's printed\n"
                  "colours) and the pieces to cut out (paper colour squares, tiles, anti-tiles,\n"
                  "sector cards) to docs/camera.md and the board spec. Print at 100% scale.\n"
                  "Without --paper each sheet is one page of its own size (chess at 40 mm: 52 x 56 cm).",
                  specs);
              return 0;
            }
            if (!options.has("out")) throw cli::UsageError("--out is required");
            const std::filesystem::path path = options.value("out");
            const std::string extension = cli::lowerCaseExtension(path.string());
            if (extension != ".png" && extension != ".pdf")
              throw cli::UsageError("--out is a .png or .pdf file, got '" + path.string() + "'");
            const Variant& variant = cli::chooseVariant(options);
            const long cellMm = options.integer("cell-mm", 40, 25, 60);
            const long dpi = options.integer("dpi", 200, 72, 600);
            const int pixelsPerCell = static_cast<int>(std::lround(cellMm / 25.4 * static_cast<double>(dpi)));
            const camera::BoardLayout layout = camera::layoutForVariant(variant);
            std::optional<print::Paper> paper;
            if (options.has("paper")) {
              paper = print::paperNamed(options.value("paper"));
              if (!paper)
                throw cli::UsageError("--paper is one of " + print::paperNames() + ", got '" + options.value("paper") +
                                      "'");
              if (extension != ".pdf") throw cli::UsageError("--paper makes the pages of a PDF: --out FILE.pdf");
            }
            const std::vector<print::CutOut> pieces = print::cutOutsFor(variant);
            // A PNG's cut-outs go to a second file: both are checked before either is written.
            const std::string cutOutPath = withSuffix(path, "-cutouts");
            const bool cutOutFile = extension == ".png" && !pieces.empty();
            cli::checkWritable(path.string(), "--out");
            if (cutOutFile) cli::checkWritable(cutOutPath, "--out");
            const print::PrintSheet board = print::boardSheet(layout, camera::printedCells(variant), pixelsPerCell);
            std::vector<std::string> written;
            try {
              const std::vector<print::PrintSheet> cutOuts =
                  pieces.empty() ? std::vector<print::PrintSheet>{}
                                 : cutOutSheetsFor(pieces, layout, paper, pixelsPerCell, static_cast<double>(dpi));
              if (paper) {
                written.push_back(
                    writeOnPaper(path.string(), variant.name, board, cutOuts, *paper, static_cast<double>(dpi)));
              } else if (extension == ".pdf") {
                std::vector<print::PrintSheet> sheets{board};
                sheets.insert(sheets.end(), cutOuts.begin(), cutOuts.end());
                print::writeSheetsAsPdf(path.string(), sheets, static_cast<double>(dpi));
                written.push_back(path.string() + " (" + countedNoun(sheets.size(), "page", "pages") + ")");
              } else {
                print::writeSheetAsPng(path.string(), board);
                written.push_back(path.string());
                if (cutOutFile) {
                  print::writeSheetAsPng(cutOutPath, cutOuts.front());
                  written.push_back(cutOutPath);
                }
              }
            } catch (const std::runtime_error& e) {
              throw cli::UsageError(e.what());
            } catch (const std::invalid_argument& e) {
              throw cli::UsageError(e.what());
            }
            out << variant.name << ": " << cellMm << " mm cells at " << dpi << " dpi, "
                << countedNoun(pieces.size(), "piece", "pieces") << " to cut out\n";
            for (const std::string& w : written) out << "  wrote " << w << "\n";
            if (!paper) {
              const auto cm = [&](int pixels) { return std::to_string(std::lround(pixels * 2.54 / dpi)); };
              out << "  the board sheet is " << cm(board.size.width) << " x " << cm(board.size.height) << " cm";
              const print::Paper a4 = *print::paperNamed("a4");
              if (print::planPages(board.size, a4, static_cast<double>(dpi)).size() > 1)
                out << ": for a home printer, --paper a4 (or letter) splits it over pages to tape together";
              out << "\n";
            }
            return 0;
          }};
}

}  // namespace tessera::commands
