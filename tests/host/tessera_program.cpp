#include "tessera_program.hpp"

#include <unistd.h>

#include <sstream>

namespace tessera::testing {

namespace {

// TESSERA_LAUNCHER holds the emulator's arguments separated by '|', or nothing.
std::vector<std::string> launcher() {
  std::vector<std::string> parts;
  std::istringstream in(TESSERA_LAUNCHER);
  for (std::string part; std::getline(in, part, '|');)
    if (!part.empty()) parts.push_back(part);
  return parts;
}

}  // namespace

std::vector<std::string> tesseraCommand(const std::vector<std::string>& args) {
  std::vector<std::string> command = launcher();
  command.push_back(TESSERA_BINARY);
  command.insert(command.end(), args.begin(), args.end());
  return command;
}

void execTessera(const std::vector<std::string>& args) {
  const std::vector<std::string> command = tesseraCommand(args);
  std::vector<char*> argv;
  for (const std::string& a : command) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  ::execvp(argv[0], argv.data());
}

std::string tesseraShellCommand(const std::string& args) {
  std::string text;
  for (const std::string& part : tesseraCommand({})) text += part + " ";
  return text + args;
}

}  // namespace tessera::testing
