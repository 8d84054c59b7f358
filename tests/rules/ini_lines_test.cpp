// The INI-style lines both the variant files and the configuration file are read with
// (core/text/ini_lines.hpp, ini_section.hpp): numbered as a text editor numbers them, comments and
// blank lines left out, each wrong line named by its number.
#include <gtest/gtest.h>

#include <string>

#include "core/text/ini_lines.hpp"
#include "core/text/ini_section.hpp"

namespace tessera {
namespace {

TEST(IniLines, KeepsHeadersAndEntriesWithTheirLineNumbers) {
  const std::vector<IniLine> lines = iniLines("# a comment\n\n[ chess ]\r\n  board = 8x8 \nkey=\n; kept: only # comments\n", "#");
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[0].kind, IniLine::Kind::Section);
  EXPECT_EQ(lines[0].number, 3);
  EXPECT_EQ(lines[0].name, "chess") << "the name is trimmed, and the carriage return of a Windows line goes";
  EXPECT_EQ(lines[1].kind, IniLine::Kind::Entry);
  EXPECT_EQ(lines[1].number, 4);
  EXPECT_EQ(lines[1].name, "board");
  EXPECT_EQ(lines[1].value, "8x8");
  EXPECT_EQ(lines[2].name, "key");
  EXPECT_EQ(lines[2].value, "") << "an empty value is the reader's to refuse or take";
  EXPECT_EQ(lines[3].kind, IniLine::Kind::NoEquals);
  EXPECT_EQ(lines[3].number, 6);
  EXPECT_EQ(lines[3].text, "; kept: only # comments");
  EXPECT_TRUE(iniLines("; a comment\n", "#;").empty());
}

TEST(IniLines, AHeaderWithoutItsBracketIsNamedAsSuch) {
  const std::vector<IniLine> lines = iniLines("[open\nx = [y]\n[]\n", "#");
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0].kind, IniLine::Kind::OpenHeader);
  EXPECT_EQ(lines[1].kind, IniLine::Kind::Entry) << "a bracket in a value is no header";
  EXPECT_EQ(lines[1].value, "[y]");
  EXPECT_EQ(lines[2].kind, IniLine::Kind::Section);
  EXPECT_EQ(lines[2].name, "");
  EXPECT_EQ(lines[2].number, 3);
}

TEST(IniLines, ACommentAfterAValueStaysInIt) {
  const std::vector<IniLine> lines = iniLines("mode = engine # against it\n", "#;");
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0].value, "engine # against it");
}

std::string errorOf(const std::string& text, const std::string& section) {
  try {
    readIniSection(text, section);
  } catch (const IniError& e) {
    return e.what();
  }
  return "read";
}

TEST(IniSection, ReadsOneSectionAndNamesEachWrongLine) {
  const IniSection s = readIniSection("[gpio]\nchip = gpiochip0\n[tessera]\n# the table\nmode = engine\nvariant=chess\n", "tessera");
  ASSERT_EQ(s.entries.size(), 2u);
  EXPECT_EQ(s.entries[0].key, "mode");
  EXPECT_EQ(s.entries[0].value, "engine");
  EXPECT_EQ(s.entries[0].line, 5);
  ASSERT_NE(s.find("variant"), nullptr);
  EXPECT_EQ(s.find("variant")->line, 6);
  EXPECT_EQ(s.find("input"), nullptr);

  EXPECT_EQ(errorOf("[tessera\n", "tessera"), "line 1: section header '[tessera' lacks its closing ']'");
  EXPECT_EQ(errorOf("[gpio]\nrows 1 2\n[tessera]\n", "tessera"), "line 2: expected 'key = value', found 'rows 1 2'")
      << "a malformed line is refused in any section";
  EXPECT_EQ(errorOf("[tessera]\n = engine\n", "tessera"), "line 2: the key before '=' is empty");
  EXPECT_EQ(errorOf("[tessera]\nmode = engine ; or referee\n", "tessera"),
            "line 2: '; or referee' after the value: a comment goes on a line of its own, starting with # or ;");
  EXPECT_EQ(errorOf("[tessera]\nmode = engine\n\nmode = hints\n", "tessera"), "line 4: key 'mode' is already set on line 2");
  EXPECT_EQ(errorOf("[gpio]\nchip = 0\n", "tessera"), "no [tessera] section in the configuration");
  EXPECT_EQ(errorOf("[tessera]\nmode = \x01\xff ;\n", "tessera"), "line 2: ';' after the value: a comment goes on a line of its own, starting with # or ;");
  EXPECT_EQ(errorOf("[tess\xffra\n", "tessera"), "line 1: section header '[tess\\xFFra' lacks its closing ']'")
      << "a byte that is no UTF-8 is shown, not printed raw";
}

TEST(IniSection, AHashInsideAValueIsNoComment) {
  const IniSection s = readIniSection("[tessera]\njournal = /var/lib/tessera/game#1.journal\n", "tessera");
  ASSERT_EQ(s.entries.size(), 1u);
  EXPECT_EQ(s.entries[0].value, "/var/lib/tessera/game#1.journal");
}

}  // namespace
}  // namespace tessera
