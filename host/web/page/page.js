let socket = null;
let revision = -1;
let resigns = '';
function send(text) { if (socket && socket.readyState === 1) socket.send(text); }
document.querySelectorAll('button[data-cmd]').forEach(b => b.onclick = () => {
  const cmd = b.dataset.cmd;
  const question = cmd === 'resign' ? resigns + ' resigns?' : b.textContent + '?';
  if ((cmd === 'new' || cmd === 'resign' || cmd === 'draw') && !confirm(question)) return;
  send(cmd);
});
let board = null;
// The board is drawn here from the state, in the display's colours, one unit a square, with half
// a square on the left and below for the coordinates: sharp at any size.
const SVG = 'http://www.w3.org/2000/svg';
function add(parent, name, attributes, text) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  parent.appendChild(e);
  return e;
}
function drawBoard(svg, b) {
  const c = b.colours, w = b.files + 0.5, h = b.ranks + 0.5;
  const x = f => 0.5 + f, y = r => b.ranks - 1 - r;
  const band = 1 / 12;
  const frame = ([f, r], colour) => add(svg, 'rect', {x: x(f) + band / 2, y: y(r) + band / 2, width: 1 - band,
    height: 1 - band, fill: 'none', stroke: colour, 'stroke-width': band});
  svg.setAttribute('viewBox', '0 0 ' + w + ' ' + h);
  svg.replaceChildren();
  add(svg, 'rect', {x: 0, y: 0, width: w, height: h, fill: c.background});
  for (let f = 0; f < b.files; ++f)
    add(svg, 'text', {x: x(f) + 0.5, y: b.ranks + 0.25, 'font-size': 0.3, fill: c.text, 'text-anchor': 'middle',
      'dominant-baseline': 'central'}, String.fromCharCode(97 + f));
  for (let r = 0; r < b.ranks; ++r)
    add(svg, 'text', {x: 0.25, y: y(r) + 0.5, 'font-size': 0.3, fill: c.text, 'text-anchor': 'middle',
      'dominant-baseline': 'central'}, String(r + 1));
  b.cells.forEach((fill, i) => add(svg, 'rect', {x: x(i % b.files), y: y(Math.floor(i / b.files)), width: 1.01,
    height: 1.01, fill: fill}));
  for (const [f, r] of b.cross)
    for (const [a, d] of [[1, 1], [1, -1]])
      add(svg, 'line', {x1: x(f) + 0.5 - a / 3, y1: y(r) + 0.5 - d / 3, x2: x(f) + 0.5 + a / 3, y2: y(r) + 0.5 + d / 3,
        stroke: '#3c3c3c', 'stroke-width': 0.05});
  for (const [f0, r0, f1, r1] of b.sectors)
    add(svg, 'rect', {x: x(f0), y: y(r1), width: f1 - f0 + 1, height: r1 - r0 + 1, fill: 'none', stroke: c.sector,
      'stroke-width': 0.04});
  for (const at of b.last) frame(at, c.last);
  for (const [f, r] of b.movable)
    add(svg, 'polygon', {points: [x(f), y(r), x(f) + 0.25, y(r), x(f), y(r) + 0.25].join(' '), fill: c.target});
  const occupied = new Set(b.pieces.map(([f, r]) => f + ',' + r));
  for (const [f, r] of b.targets) {
    if (occupied.has(f + ',' + r)) frame([f, r], c.target);
    else add(svg, 'circle', {cx: x(f) + 0.5, cy: y(r) + 0.5, r: 1 / 6, fill: c.target});
  }
  for (const at of b.fix) frame(at, c.fix);
  for (const [f, r, letter, fill, ink] of b.pieces) {
    add(svg, 'circle', {cx: x(f) + 0.5, cy: y(r) + 0.5, r: 0.4, fill: fill, stroke: '#5a5a5a', 'stroke-width': 0.03});
    add(svg, 'text', {x: x(f) + 0.5, y: y(r) + 0.53, 'font-size': 0.55, fill: ink, 'text-anchor': 'middle',
      'dominant-baseline': 'central'}, letter);
  }
  // A drop is a swatch of what it puts down, outlined in the arrows' blue; several on one square
  // share it side by side, as on the display.
  const dropsOn = (f, r) => b.arrows.filter(a => a[5] !== '' && a[2] === f && a[3] === r);
  // Later lines first, so that the best one lies on top.
  for (const arrow of [...b.arrows].reverse()) {
    const [f0, r0, f1, r1, line, placed, antiTile] = arrow;
    const width = line === 0 ? 1 / 9 : 1 / 16;
    if (placed !== '') {
      const sharing = dropsOn(f1, r1), pad = 1 / 6, inner = (1 - 2 * pad) / sharing.length;
      const sx = x(f1) + pad + inner * sharing.indexOf(arrow), sy = y(r1) + pad;
      add(svg, 'rect', {x: sx, y: sy, width: inner, height: 1 - 2 * pad, fill: placed});
      if (antiTile)
        for (const a of [0, inner])
          add(svg, 'line', {x1: sx + a, y1: sy, x2: sx + inner - a, y2: sy + 1 - 2 * pad, stroke: '#3c3c3c',
            'stroke-width': 0.03});
      add(svg, 'rect', {x: sx, y: sy, width: inner, height: 1 - 2 * pad, fill: 'none', stroke: c.arrow,
        'stroke-width': width});
      continue;
    }
    const ax = x(f0) + 0.5, ay = y(r0) + 0.5, bx = x(f1) + 0.5, by = y(r1) + 0.5;
    const length = Math.hypot(bx - ax, by - ay);
    if (length === 0) {
      add(svg, 'circle', {cx: ax, cy: ay, r: 1 / 3, fill: 'none', stroke: c.arrow, 'stroke-width': width});
      continue;
    }
    const ux = (bx - ax) / length, uy = (by - ay) / length, head = Math.min(0.4, length / 2);
    add(svg, 'line', {x1: ax, y1: ay, x2: bx - ux * head / 2, y2: by - uy * head / 2, stroke: c.arrow,
      'stroke-width': width, 'stroke-linecap': 'round'});
    add(svg, 'polygon', {points: [bx, by, bx - ux * head - uy * head / 2, by - uy * head + ux * head / 2,
      bx - ux * head + uy * head / 2, by - uy * head - ux * head / 2].join(' '), fill: c.arrow});
  }
}
// A tap on the board names the square under it, wherever the page has put and scaled the board.
document.getElementById('board').onclick = e => {
  if (!board) return;
  const box = e.currentTarget.getBoundingClientRect();
  const x = (e.clientX - box.left) / box.width * (board.files + 0.5) - 0.5;
  const y = (e.clientY - box.top) / box.height * (board.ranks + 0.5);
  const file = Math.floor(x), fromTop = Math.floor(y);
  if (x < 0 || file >= board.files || fromTop >= board.ranks) return send('show');
  send('show ' + String.fromCharCode(97 + file) + (board.ranks - fromTop));
};
function show(state) {
  revision = state.revision;
  board = state.board;
  const engine = state.engineSide ? ': the engine plays ' + state.engineSide : '';
  document.getElementById('title').textContent = state.variant + ' (' + state.mode + engine + ') - ' + state.toMove + ' to act';
  document.getElementById('message').textContent = state.message;
  document.getElementById('result').textContent = state.result;
  document.getElementById('clock').textContent = state.clock;
  const svg = document.getElementById('board');
  drawBoard(svg, board);
  svg.dataset.revision = state.revision;
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
  resigns = state.resigns;
  // Resign and Draw only while a side can resign or agree one: two players, the game going on.
  document.getElementById('resign').style.display = resigns ? '' : 'none';
  document.getElementById('draw').style.display = resigns ? '' : 'none';
}
function connect() {
  socket = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws');
  socket.onopen = () => { const c = document.getElementById('conn'); c.textContent = 'live'; c.className = ''; };
  socket.onmessage = e => {
    const m = JSON.parse(e.data);
    if ('access' in m) showAccess(m.access);
    else if ('error' in m) document.getElementById('message').textContent = m.error;
    else show(m);
  };
  socket.onclose = () => {
    const c = document.getElementById('conn'); c.textContent = 'reconnecting'; c.className = 'down';
    setTimeout(connect, 1000);
  };
}
connect();
