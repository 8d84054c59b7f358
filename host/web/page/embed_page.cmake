# Builds the web page into the program (cmake -P, run by host/CMakeLists.txt whenever a file here
# changes): every .html, .css and .js file of PAGE, each served as it is under its own name
# (index.html at /), written to OUT as a C++ file defining tessera::web::webPageFile()
# (host/web/web_page.hpp). The page links its style sheets and scripts rather than holding them, so
# that the Content-Security-Policy can forbid inline script and style. The build stops when a style
# sheet or a script of the folder is not linked by index.html, or index.html links one that is not
# there: the page would be served without it.
#
#   cmake -D PAGE=host/web/page -D OUT=build/host/web_page.cpp -P host/web/page/embed_page.cmake
cmake_policy(SET CMP0057 NEW)  # if(IN_LIST)
file(GLOB names RELATIVE "${PAGE}" "${PAGE}/*.html" "${PAGE}/*.css" "${PAGE}/*.js")
list(SORT names)
file(READ "${PAGE}/index.html" html)
foreach(name IN LISTS names)
  if(name MATCHES "\\.css$")
    string(FIND "${html}" "<link rel=\"stylesheet\" href=\"${name}\">" at)
  elseif(name MATCHES "\\.js$")
    string(FIND "${html}" "<script src=\"${name}\"></script>" at)
  else()
    set(at 0)
  endif()
  if(at EQUAL -1)
    message(FATAL_ERROR "${PAGE}/index.html has no link to ${name}: the page would be served without it")
  endif()
endforeach()
string(REGEX MATCHALL "(href|src)=\"[^\"]+\\.(css|js)\"" linked "${html}")
foreach(link IN LISTS linked)
  string(REGEX REPLACE "^(href|src)=\"([^\"]+)\"$" "\\2" name "${link}")
  if(NOT name IN_LIST names)
    message(FATAL_ERROR "${PAGE}/index.html links ${name}, which is not in ${PAGE}")
  endif()
endforeach()

set(arrays "")
set(entries "")
set(i 0)
foreach(name IN LISTS names)
  file(READ "${PAGE}/${name}" hex HEX)
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  string(REPEAT "0x..," 24 line)
  string(REGEX REPLACE "(${line})" "\\1\n" bytes "${bytes}")
  if(name MATCHES "\\.html$")
    set(type "text/html; charset=utf-8")
  elseif(name MATCHES "\\.css$")
    set(type "text/css; charset=utf-8")
  else()
    set(type "text/javascript; charset=utf-8")
  endif()
  string(APPEND arrays "constexpr unsigned char kFile${i}[] = {\n${bytes}\n};\n")
  string(APPEND entries "    {\"${name}\", {\"${type}\", {reinterpret_cast<const char*>(kFile${i}), sizeof kFile${i}}}},\n")
  math(EXPR i "${i} + 1")
endforeach()

file(WRITE "${OUT}.new" "// Made by host/web/page/embed_page.cmake from host/web/page/: edit those files, not this one.
#include \"host/web/web_page.hpp\"

#include <utility>

namespace tessera::web {
namespace {

${arrays}
const std::pair<std::string_view, WebFile> kFiles[] = {
${entries}};

}  // namespace

std::optional<WebFile> webPageFile(std::string_view name) {
  for (const auto& [fileName, file] : kFiles)
    if (fileName == name) return file;
  return std::nullopt;
}

std::string_view webPageHtml() { return webPageFile(\"index.html\")->bytes; }

}  // namespace tessera::web
")
# Rewritten only when it changes, so that an unchanged page compiles nothing again.
file(COPY_FILE "${OUT}.new" "${OUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUT}.new")
