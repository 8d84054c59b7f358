#include <gtest/gtest.h>

#include <string>

#include "core/rules/position_text.hpp"
#include "core/text/visible_text.hpp"

namespace tessera {
namespace {

TEST(VisibleText, ControlBytesAndBytesThatAreNoUtf8AreWrittenAsHex) {
  EXPECT_EQ(visibleText("Nf3 e5+ [x] {}"), "Nf3 e5+ [x] {}");
  EXPECT_EQ(visibleText(std::string("a\0b", 3)), "a\\x00b");
  EXPECT_EQ(visibleText("tab\there\r\n"), "tab\\x09here\\x0D\\x0A");
  EXPECT_EQ(visibleText("\x7f\xff\xfe"), "\\x7F\\xFF\\xFE");
  EXPECT_EQ(visibleText("é ♔ 𝄞"), "é ♔ 𝄞") << "well-formed UTF-8 of two, three and four bytes stays";
  EXPECT_EQ(visibleText("\xe2\x99"), "\\xE2\\x99") << "a letter cut short";
  EXPECT_EQ(visibleText("\xc0\xaf"), "\\xC0\\xAF") << "an overlong '/'";
  EXPECT_EQ(visibleText("\xed\xa0\x80"), "\\xED\\xA0\\x80") << "a UTF-16 surrogate";
  EXPECT_EQ(visibleText("\xf4\x90\x80\x80"), "\\xF4\\x90\\x80\\x80") << "past U+10FFFF";
  EXPECT_EQ(visibleText("\x80"), "\\x80") << "a continuation byte alone";
}

TEST(VisibleText, AnErrorAboutAPositionStringNamesTheByteItStoppedAt) {
  const Variant& chess = builtinVariant("chess");
  try {
    const char text[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\0 w KQkq - 0 1";
    parsePosition(chess, std::string(text, sizeof text - 1));
    ADD_FAILURE() << "a NUL in the board was accepted";
  } catch (const PositionError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("\\x00"), std::string::npos) << message;
    EXPECT_EQ(message.find('\0'), std::string::npos);
  }
}

}  // namespace
}  // namespace tessera
