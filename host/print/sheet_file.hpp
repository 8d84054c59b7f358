#pragma once
// Writes print sheets as PNG or PDF a band of rows at a time, compressed as they are drawn (zlib),
// so that memory stays small however large the sheet. Both keep every pixel: the markers and the
// colour edges print sharp. The file is written whole or not at all (host/files/atomic_file.hpp), so
// a failure never leaves a partial sheet under the name asked for.
#include <string>
#include <vector>

#include "host/print/print_sheet.hpp"

namespace tessera::print {

// Throws std::runtime_error naming the file when it cannot be written.
void writeSheetAsPng(const std::string& path, const PrintSheet& sheet);

// One page per sheet, each page the sheet's size at `dotsPerInch`.
void writeSheetsAsPdf(const std::string& path, const std::vector<PrintSheet>& sheets, double dotsPerInch);

}  // namespace tessera::print
