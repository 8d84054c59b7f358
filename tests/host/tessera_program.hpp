#pragma once
// How the tests start the tessera program: the built binary itself, or, in a build for another
// CPU (scripts/test-aarch64-host.sh), the binary through that build's emulator (qemu-aarch64 -L
// SYSROOT), as ctest runs the test programs themselves.
#include <string>
#include <vector>

namespace tessera::testing {

// The whole command line that runs `tessera ARGS...`, emulator first where there is one.
std::vector<std::string> tesseraCommand(const std::vector<std::string>& args);

// Replaces this (forked) process with `tessera ARGS...`; returns only if that failed.
void execTessera(const std::vector<std::string>& args);

// `tessera ARGS` for a shell; ARGS is shell text.
std::string tesseraShellCommand(const std::string& args);

}  // namespace tessera::testing
