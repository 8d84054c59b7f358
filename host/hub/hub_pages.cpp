// The hub's two pages, each one document with its style and script. Both follow /feed.json (or
// /board/NAME.json) by long polling: the request waits at the hub until something changes.
#include "host/hub/hub_http.hpp"

namespace tessera::hub {

namespace {
// The mini board and the clock text, shared by both pages.
const char* const kCommonScript = R"JS(
function esc(s) { return String(s ?? '').replace(/[&<>"]/g, c => ({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;'}[c])); }
function clockText(ms) { if (ms == null) return ''; const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, x = s % 60;
  return (h ? h + ':' + String(m).padStart(2, '0') : m) + ':' + String(x).padStart(2, '0'); }
function boardSvg(p, size) {
  if (!p) return '';
  const c = size / Math.max(p.files, p.ranks);
  let svg = `<svg viewBox="0 0 ${p.files * c} ${p.ranks * c}" width="${p.files * c}" height="${p.ranks * c}">`;
  p.cells.forEach((col, i) => { const f = i % p.files, r = Math.floor(i / p.files);
    svg += `<rect x="${f * c}" y="${(p.ranks - 1 - r) * c}" width="${c}" height="${c}" fill="${col}"/>`; });
  p.pieces.forEach(([f, r, letter, side, fill, ink]) => {
    const x = (f + 0.5) * c, y = (p.ranks - 0.5 - r) * c;
    svg += `<circle cx="${x}" cy="${y}" r="${c * 0.42}" fill="${fill}" stroke="${ink}" stroke-width="${c * 0.06}"/>` +
      `<text x="${x}" y="${y + c * 0.17}" font-size="${c * 0.5}" text-anchor="middle" fill="${ink}" font-family="sans-serif">${esc(letter)}</text>`; });
  return svg + '</svg>';
}
async function follow(url, show) {
  let revision = 0;
  for (;;) {
    try {
      const r = await fetch(url + (url.includes('?') ? '&' : '?') + 'after=' + revision);
      const data = await r.json(); revision = data.revision; show(data);
    } catch (e) { document.getElementById('status').textContent = 'hub unreachable, trying again'; await new Promise(r => setTimeout(r, 2000)); }
  }
}
)JS";


const char* const kArbiterTop = R"HTML(<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tessera hub: the arbiter's view</title>
<style>
body { font-family: sans-serif; margin: 1em; background: #f4f4f0; color: #222; }
#alerts li { color: #a00; margin: .2em 0; }
#alerts li.quiet { color: #a60; }
#boards { display: flex; flex-wrap: wrap; gap: .8em; }
.card { background: #fff; border: 2px solid #ccc; border-radius: 6px; padding: .5em; width: 15em; }
.card.mismatch, .card.unexpected { border-color: #d00; } .card.offline { border-color: #888; opacity: .7; }
.card.finished { border-color: #2a2; } .card.choose { border-color: #e90; }
.card h3 { margin: 0 0 .3em 0; font-size: 1em; } .card a { color: inherit; }
.state { font-weight: bold; text-transform: uppercase; font-size: .8em; }
.clocks { font-family: monospace; } .tomove { font-weight: bold; text-decoration: underline; }
</style></head><body>
<h1 id="title">Tessera hub</h1>
<p><span id="status"></span> — <a href="/round.pgn">round PGN</a> · <a href="/feed.json">JSON feed</a> · <a href="/livechess/index.json">LiveChess index</a></p>
<h2>Alerts</h2><ul id="alerts"></ul>
<p>Show <select id="filter"><option value="">every board</option><option>playing</option><option>choose</option><option>mismatch</option><option>offline</option><option>finished</option><option>waiting</option></select>
 sorted by <select id="sort"><option value="board">board</option><option value="state">state</option><option value="quiet">longest without an action</option></select>
 <input id="search" placeholder="board or player"></p>
<div id="boards"></div>
<script>
)HTML";
const char* const kArbiterBottom = R"HTML(
let feed = null;
const order = { mismatch: 0, unexpected: 0, offline: 1, choose: 2, playing: 3, waiting: 4, finished: 5 };
function render() {
  if (!feed) return;
  document.getElementById('title').textContent = (feed.event || 'Tessera hub') + (feed.round ? ', round ' + feed.round : '');
  document.getElementById('status').textContent = (feed.connected ? 'connected to the broker' : 'BROKER AWAY' + (feed.brokerRefusal ? ' (' + feed.brokerRefusal + ')' : '')) + ', ' + feed.boards.length + ' boards';
  document.getElementById('alerts').innerHTML = feed.alerts.length ? feed.alerts.map(a =>
    `<li class="${a.kind}"><a href="/board/${esc(a.board)}">${esc(a.board)}</a>: ${esc(a.kind)} — ${esc(a.text)}</li>`).join('') : '<li style="color:#2a2">none</li>';
  const filter = document.getElementById('filter').value, sort = document.getElementById('sort').value;
  const search = document.getElementById('search').value.toLowerCase();
  let boards = feed.boards.filter(b => (!filter || b.state === filter || (filter === 'mismatch' && b.state === 'unexpected')) &&
    (!search || (b.board + ' ' + (b.players || []).map(p => p.name).join(' ')).toLowerCase().includes(search)));
  if (sort === 'state') boards.sort((a, b) => (order[a.state] ?? 9) - (order[b.state] ?? 9));
  if (sort === 'quiet') boards.sort((a, b) => (a.lastActionAt || 0) - (b.lastActionAt || 0));
  document.getElementById('boards').innerHTML = boards.map(b => {
    const players = (b.players || []).map((p, i) => `<span class="${b.sideToAct === i && b.state === 'playing' ? 'tomove' : ''}">${esc(p.name || p.side)}</span>` +
      (b.clocks ? ` <span class="clocks">${clockText(b.clocks[i])}</span>` : '')).join('<br>');
    return `<div class="card ${b.state}" data-board="${esc(b.board)}"><h3><a href="/board/${esc(b.board)}">${esc(b.board)}</a> · ${esc(b.variant || '')}</h3>
      ${boardSvg(b.position, 140)}<div>${players}</div>
      <div><span class="state">${esc(b.state)}</span> ${b.actions != null ? b.actions + ' actions' : ''} ${b.last ? '· last ' + esc(b.last) : ''}
      ${b.result && b.result !== '*' ? '· ' + esc(b.result) + ' ' + esc(b.reason) : ''}</div></div>`; }).join('');
}
['filter', 'sort', 'search'].forEach(id => document.getElementById(id).addEventListener('input', render));
follow('/feed.json', data => {
  // A partial feed holds the boards changed since the page's revision: merged by name.
  if (!feed || !data.partial) { feed = data; } else {
    const byName = new Map(feed.boards.map(b => [b.board, b]));
    data.boards.forEach(b => byName.set(b.board, b));
    feed = { ...data, boards: [...byName.values()] };
  }
  render();
});
</script></body></html>
)HTML";

const char* const kSpectatorTop = R"HTML(<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tessera: a game live</title>
<style>
body { font-family: sans-serif; margin: 1em; background: #f4f4f0; color: #222; }
#board svg { max-width: 95vw; height: auto; } .clocks { font-family: monospace; font-size: 1.3em; }
#moves { max-width: 40em; line-height: 1.6; }
</style></head><body>
<h1 id="title"></h1><p id="status"></p>
<div id="board"></div><div id="players" class="clocks"></div><p id="result"></p><div id="moves"></div>
<p><a id="pgn">this game's PGN</a></p>
<script>
)HTML";
const char* const kSpectatorBottom = R"HTML(
const name = decodeURIComponent(location.pathname.split('/').pop());
document.getElementById('pgn').href = '/board/' + encodeURIComponent(name) + '.pgn';
follow('/board/' + encodeURIComponent(name) + '.json', b => {
  document.getElementById('title').textContent = name + (b.variant ? ' · ' + b.variant : '');
  document.getElementById('status').textContent = b.state + (b.online ? '' : ' (the board is offline)');
  document.getElementById('board').innerHTML = boardSvg(b.position, 420);
  document.getElementById('players').innerHTML = (b.players || []).map((p, i) => esc(p.side) + ': ' + esc(p.name) + ' ' + (b.clocks ? clockText(b.clocks[i]) : '')).join('<br>');
  document.getElementById('result').textContent = b.result && b.result !== '*' ? b.result + ' ' + b.reason : '';
  document.getElementById('moves').textContent = (b.moves || []).map(m => m.n + '. ' + m.san).join('  ');
});
</script></body></html>
)HTML";

}  // namespace

std::string arbiterPage() { return std::string(kArbiterTop) + kCommonScript + kArbiterBottom; }
std::string spectatorPage() { return std::string(kSpectatorTop) + kCommonScript + kSpectatorBottom; }

}  // namespace tessera::hub
