#include "web_page.hpp"

namespace tessera::web {

std::string_view webPageHtml() {
  static constexpr std::string_view kPage = R"html(<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tessera</title>
<style>
body { font-family: sans-serif; margin: 0; background: #222; color: #eee; }
header { padding: 8px 12px; background: #333; display: flex; justify-content: space-between; }
main { display: flex; flex-wrap: wrap; gap: 12px; padding: 12px; }
#board { max-width: 100%; height: auto; border: 1px solid #555; cursor: pointer; }
#tap { font-size: 0.9em; color: #aaa; margin: 4px 0; }
#side { flex: 1; min-width: 260px; }
#message { font-size: 1.3em; min-height: 1.5em; }
#result { font-size: 1.4em; color: #fc0; min-height: 1.2em; }
#record { font-family: monospace; background: #111; padding: 8px; max-height: 40vh; overflow-y: auto; }
button { font-size: 1.1em; margin: 4px; padding: 10px 14px; border-radius: 6px; border: 0; background: #4a6; color: #fff; }
button.choice { background: #36c; }
button.quiet { background: #666; }
#conn.down { color: #f66; }
</style></head>
<body>
<header><span id="title">Tessera</span><span id="conn" class="down">connecting</span></header>
<main>
<div><img id="board" alt="the board" src="board.png">
<div id="tap">Tap a piece to see where it can go; tap it again, or beside the board, to hide that.</div></div>
<div id="side">
  <div id="message"></div>
  <div id="result"></div>
  <div id="clock"></div>
  <div id="choices"></div>
  <div id="buttons">
    <button id="hint" data-cmd="hint">Hint</button>
    <button id="takeback" data-cmd="takeback">Take back</button>
    <button id="confirm" data-cmd="confirm">Confirm</button>
    <button id="override" data-cmd="override" class="quiet">Override engine</button>
    <button id="new" data-cmd="new" class="quiet">New game</button>
    <button id="resign" data-cmd="resign" class="quiet">Resign</button>
    <button id="draw" data-cmd="draw" class="quiet">Draw</button>
    <a href="game.pgn" download="game.pgn"><button id="pgn" class="quiet">Download PGN</button></a>
  </div>
  <h3>Record</h3>
  <div id="record"></div>
</div>
</main>
<script>
let socket = null;
let revision = -1;
function send(text) { if (socket && socket.readyState === 1) socket.send(text); }
document.querySelectorAll('button[data-cmd]').forEach(b => b.onclick = () => {
  const cmd = b.dataset.cmd;
  if ((cmd === 'new' || cmd === 'resign') && !confirm(b.textContent + '?')) return;
  send(cmd);
});
let board = null;
// A tap on the board image names the square under it (the image may be shown scaled).
document.getElementById('board').onclick = e => {
  if (!board) return;
  const img = e.target;
  const x = e.offsetX * board.width / img.clientWidth, y = e.offsetY * board.height / img.clientHeight;
  const file = Math.floor((x - board.margin) / board.cell), fromTop = Math.floor((y - board.margin) / board.cell);
  if (x < board.margin || y < board.margin || file >= board.files || fromTop >= board.ranks) return send('show');
  send('show ' + String.fromCharCode(97 + file) + (board.ranks - fromTop));
};
function show(state) {
  revision = state.revision;
  board = state.board;
  document.getElementById('title').textContent = state.variant + ' (' + state.mode + ') - ' + state.toMove + ' to act';
  document.getElementById('message').textContent = state.message;
  document.getElementById('result').textContent = state.result;
  document.getElementById('clock').textContent = state.clock;
  document.getElementById('board').src = 'board.png?r=' + state.revision;
  document.body.dataset.revision = state.revision;
  document.body.dataset.actions = state.actions;
  document.getElementById('record').textContent = state.movetext;
  const choices = document.getElementById('choices');
  choices.innerHTML = '';
  state.choices.forEach((c, i) => {
    const b = document.createElement('button');
    b.className = 'choice';
    b.id = 'choice-' + (i + 1);
    b.textContent = (i === state.proposed ? '> ' : '') + c;
    b.onclick = () => send('choose ' + (i + 1));
    choices.appendChild(b);
  });
  document.getElementById('override').style.display = state.unexpected ? '' : 'none';
}
function connect() {
  socket = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws');
  socket.onopen = () => { const c = document.getElementById('conn'); c.textContent = 'live'; c.className = ''; };
  socket.onmessage = e => show(JSON.parse(e.data));
  socket.onclose = () => {
    const c = document.getElementById('conn'); c.textContent = 'reconnecting'; c.className = 'down';
    setTimeout(connect, 1000);
  };
}
connect();
</script>
</body></html>
)html";
  return kPage;
}

}  // namespace tessera::web
