#pragma once
// The page a phone or tablet at the table loads: everything inline (no external assets), the
// board image refreshed on every state message from the WebSocket, the record, and the buttons.
#include <string_view>

namespace tessera::web {

std::string_view webPageHtml();

}  // namespace tessera::web
