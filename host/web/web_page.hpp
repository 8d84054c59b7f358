#pragma once
// The page a phone or tablet at the table loads: everything in one document (no other request, no
// external assets), the board drawn from every state message of the WebSocket, the record, and the
// buttons. Its source is host/web/page/ (index.html, page.css, page.js), built into the program by
// host/web/page/embed_page.cmake.
#include <string_view>

namespace tessera::web {

std::string_view webPageHtml();

}  // namespace tessera::web
