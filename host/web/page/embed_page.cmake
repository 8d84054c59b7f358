# Builds the web page into the program (cmake -P, run by host/CMakeLists.txt whenever a file here
# changes): index.html with page.css and page.js put in place of the lines that link them, so that
# the page is served as one document with no other request, and written to OUT as a C++ file
# defining tessera::web::webPageHtml() (host/web/web_page.hpp). The three files are the page's
# source: open index.html in a browser beside them, or in any editor or linter.
#
#   cmake -D PAGE=host/web/page -D OUT=build/host/web_page.cpp -P host/web/page/embed_page.cmake
file(READ "${PAGE}/index.html" html)
file(READ "${PAGE}/page.css" css)
file(READ "${PAGE}/page.js" js)

function(inline text link replacement out)
  string(FIND "${text}" "${link}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${PAGE}/index.html has no ${link}: the page would be served without it")
  endif()
  string(REPLACE "${link}" "${replacement}" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()
inline("${html}" "<link rel=\"stylesheet\" href=\"page.css\">" "<style>\n${css}</style>" html)
inline("${html}" "<script src=\"page.js\"></script>" "<script>\n${js}</script>" html)

# The page as served, beside the generated file (for a person to look at), read back as bytes.
get_filename_component(folder "${OUT}" DIRECTORY)
file(WRITE "${folder}/web_page.html" "${html}")
file(READ "${folder}/web_page.html" hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REPEAT "0x..," 24 line)
string(REGEX REPLACE "(${line})" "\\1\n" bytes "${bytes}")
file(WRITE "${OUT}.new" "// Made by host/web/page/embed_page.cmake from host/web/page/: edit those files, not this one.
#include \"host/web/web_page.hpp\"

namespace tessera::web {
namespace {

constexpr unsigned char kPage[] = {
${bytes}
};

}  // namespace

std::string_view webPageHtml() { return {reinterpret_cast<const char*>(kPage), sizeof kPage}; }

}  // namespace tessera::web
")
# Rewritten only when it changes, so that an unchanged page compiles nothing again.
file(COPY_FILE "${OUT}.new" "${OUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUT}.new")
