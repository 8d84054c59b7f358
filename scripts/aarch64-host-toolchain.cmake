# Builds the whole program for the Raspberry Pi's CPU (64-bit Arm): Debian's cross compiler against
# build-arm64-sysroot/, a folder holding Debian's arm64 libraries (OpenCV, Boost, nlohmann-json, libgpiod,
# GoogleTest), which scripts/test-aarch64-host.sh unpacks there. Tests run under qemu-user.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)

get_filename_component(tessera_arm64_sysroot "${CMAKE_CURRENT_LIST_DIR}/../build-arm64-sysroot" ABSOLUTE)
set(CMAKE_SYSROOT "${tessera_arm64_sysroot}")
# Qt, under OpenCV's window, looks for its plugins beside the program unless told where they are.
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64;-L;${tessera_arm64_sysroot};-E;QT_PLUGIN_PATH=${tessera_arm64_sysroot}/usr/lib/aarch64-linux-gnu/qt5/plugins)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

set(ENV{PKG_CONFIG_SYSROOT_DIR} "${tessera_arm64_sysroot}")
set(ENV{PKG_CONFIG_LIBDIR} "${tessera_arm64_sysroot}/usr/lib/aarch64-linux-gnu/pkgconfig:${tessera_arm64_sysroot}/usr/share/pkgconfig")
