#pragma once
// The page a phone or tablet at the table loads: index.html and the style sheets and scripts it
// links, served from this program (no external assets), the board drawn from every state message
// of the WebSocket, the record, the buttons and the pairing form. Its source is host/web/page/,
// built into the program by host/web/page/embed_page.cmake; each file is served as it is there, so
// that the page needs no inline script or style (the Content-Security-Policy forbids them).
#include <optional>
#include <string_view>

namespace tessera::web {

struct WebFile {
  std::string_view type;   // its Content-Type
  std::string_view bytes;
};

// A file of the page by its name ("index.html", "page.js"); none for a name the page has not.
std::optional<WebFile> webPageFile(std::string_view name);
// index.html.
std::string_view webPageHtml();

}  // namespace tessera::web
