// Files written whole or not at all (host/files/atomic_file.hpp): a reader finds the old file or the
// new one, never half of one, and a failure names the file and leaves the old one and no FILE.part.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "host/files/atomic_file.hpp"

namespace tessera::files {
namespace {

namespace fs = std::filesystem;

class AtomicFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::path(::testing::TempDir()) / ("tessera-atomic-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  static std::string contents(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }
  int filesIn(const fs::path& folder) const {
    return static_cast<int>(std::distance(fs::directory_iterator(folder), fs::directory_iterator()));
  }

  fs::path dir_;
};

TEST_F(AtomicFileTest, AReaderFindsTheOldFileUntilTheNewOneIsWhole) {
  const fs::path record = dir_ / "game.pgn";
  writeFileAtomically(record, "1. e4 *\n");
  EXPECT_EQ(contents(record), "1. e4 *\n");
  {
    AtomicFile file(record);
    file.stream() << "1. e4 e5 ";
    EXPECT_EQ(contents(record), "1. e4 *\n") << "half written, the old record is still there";
    file.stream() << "2. Nf3 *\n";
    file.commit();
  }
  EXPECT_EQ(contents(record), "1. e4 e5 2. Nf3 *\n");
  EXPECT_FALSE(fs::exists(dir_ / "game.pgn.part"));
  EXPECT_EQ(filesIn(dir_), 1);
}

TEST_F(AtomicFileTest, AFileNotCommittedLeavesTheOldOneAndNoPart) {
  const fs::path sheet = dir_ / "board.png";
  writeFileAtomically(sheet, "old");
  {
    AtomicFile file(sheet);
    file.stream() << "the first bands of a sheet whose drawing then failed";
  }
  EXPECT_EQ(contents(sheet), "old");
  EXPECT_EQ(filesIn(dir_), 1) << "no board.png.part left behind";
}

TEST_F(AtomicFileTest, AFileThatCannotBeWrittenIsNamed) {
  const fs::path missing = dir_ / "no-such-folder" / "game.pgn";
  try {
    writeFileAtomically(missing, "1. e4 *\n");
    ADD_FAILURE() << "wrote into a folder that is not there";
  } catch (const FileError& e) {
    EXPECT_EQ(std::string(e.what()), "cannot write '" + missing.string() + "'");
  }
  // The name is a folder: the bytes are written whole under FILE.part, and the rename fails.
  const fs::path taken = dir_ / "latest.png";
  fs::create_directory(taken);
  try {
    writeFileAtomically(taken, "png");
    ADD_FAILURE() << "wrote over a folder";
  } catch (const FileError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("cannot write '" + taken.string() + "': ", 0), 0u) << e.what();
  }
  EXPECT_TRUE(fs::is_directory(taken));
  EXPECT_EQ(filesIn(dir_), 1) << "only the folder: no latest.png.part";
}

TEST_F(AtomicFileTest, AFolderThatCannotBeFlushedIsLeftAlone) {
  EXPECT_NO_THROW(syncFolderOf(dir_ / "no-such-folder" / "x"));
  EXPECT_NO_THROW(syncFolderOf("relative-name-in-the-working-folder"));
}

}  // namespace
}  // namespace tessera::files
