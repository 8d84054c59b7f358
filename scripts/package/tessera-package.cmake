# The Debian package of the tessera program, made by CPack's DEB generator from this build tree
# (configure with -DTESSERA_PACKAGE=ON, build, then `cpack`; scripts/package.sh does it for amd64 and,
# through the cross build, for arm64). docs/packaging.md says why CPack and not debhelper.
#
#   /usr/bin/tessera                      the program
#   /lib/systemd/system/tessera.service   the service, installed, not enabled (tessera.service)
#   /etc/tessera/tessera.conf             its settings, a conffile (tessera.conf)
#   /usr/share/man/man1/tessera.1.gz      the man page, made from the program's --help (make-man-page.sh)
#   /usr/share/doc/tessera/               README.md and docs/
# The maintainer scripts beside this file make the tessera user and, on purge, remove it and the games.

set(TESSERA_PACKAGE_VERSION "" CACHE STRING "the package's version (default 0.1+git.DATE.COMMIT)")
# In a cross build dpkg-shlibdeps cannot read the target's libraries: the dependencies are given, as
# the native package of the same Debian release computed them (scripts/package.sh).
set(TESSERA_PACKAGE_DEPENDS "" CACHE STRING "the package's Depends in a cross build")

set(package_dir ${CMAKE_CURRENT_LIST_DIR})
if(NOT TESSERA_PACKAGE_VERSION)
  execute_process(COMMAND git -C ${CMAKE_SOURCE_DIR} log -1 --format=%cd.%h --date=format:%Y%m%d
                  OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(NOT commit)
    set(commit "unknown")
  endif()
  set(TESSERA_PACKAGE_VERSION "0.1+git.${commit}")
endif()

# The man page: the program's help, run through the emulator in a cross build.
set(man_page ${CMAKE_BINARY_DIR}/tessera.1.gz)
add_custom_command(OUTPUT ${man_page}
  COMMAND bash ${package_dir}/make-man-page.sh ${man_page} ${TESSERA_PACKAGE_VERSION}
          ${CMAKE_CROSSCOMPILING_EMULATOR} $<TARGET_FILE:tessera>
  DEPENDS tessera ${package_dir}/make-man-page.sh
  COMMENT "tessera(1) from tessera --help")
# Not part of every build: only the package needs it (and help2man).
add_custom_target(tessera_man_page DEPENDS ${man_page})
# cpack installs what is built; it must not build every test first.
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY ON)

install(TARGETS tessera RUNTIME DESTINATION bin)
install(FILES ${package_dir}/tessera.service DESTINATION /lib/systemd/system)
install(FILES ${package_dir}/tessera.conf DESTINATION /etc/tessera)
install(FILES ${man_page} DESTINATION share/man/man1)
install(FILES ${CMAKE_SOURCE_DIR}/README.md DESTINATION share/doc/tessera)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/docs/ DESTINATION share/doc/tessera/docs FILES_MATCHING PATTERN "*.md")

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME tessera)
set(CPACK_PACKAGE_VERSION ${TESSERA_PACKAGE_VERSION})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_PACKAGE_CONTACT "Tessera developers <tessera@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "over-the-board referee and engine for chess variants")
# The long description; CPack puts the summary above it and indents it.
string(CONCAT CPACK_DEBIAN_PACKAGE_DESCRIPTION
  "A Raspberry Pi beside a real board reads it (a camera, or reed switches through\n"
  "GPIO or the sensor board's firmware), checks every change against the rules of\n"
  "chess or a chess variant whose board changes during play, and shows the legal\n"
  "actions and the engine's replies on a screen, a web page and the board's LEDs.\n"
  "The tessera service runs it from boot once configured.")
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_COMPRESSION_TYPE xz)
set(CPACK_STRIP_FILES TRUE)
if(CMAKE_CROSSCOMPILING)
  if(CMAKE_SYSTEM_PROCESSOR STREQUAL "aarch64")
    set(CPACK_DEBIAN_PACKAGE_ARCHITECTURE arm64)
  else()
    message(FATAL_ERROR "no Debian architecture known for ${CMAKE_SYSTEM_PROCESSOR}")
  endif()
  if(NOT TESSERA_PACKAGE_DEPENDS)
    message(FATAL_ERROR "a cross-built package needs -DTESSERA_PACKAGE_DEPENDS=... (scripts/package.sh gives it)")
  endif()
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "adduser, ${TESSERA_PACKAGE_DEPENDS}")
else()
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "adduser")  # the computed library dependencies are added to it
endif()
# The Pi Camera Module is read through GStreamer's libcamera element, in gst-launch-1.0, converted by
# its base plugins (hardware/camera/libcamera_frame_source.hpp).
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "gstreamer1.0-libcamera, gstreamer1.0-tools, gstreamer1.0-plugins-base")
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA
    ${package_dir}/postinst ${package_dir}/prerm ${package_dir}/postrm ${package_dir}/conffiles)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION TRUE)
include(CPack)
