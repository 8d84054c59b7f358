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
// A piece type's figurine (host/views/display/figurines.hpp) into `parent`, in its 100-unit box:
// the same paths the display fills, by the same even-odd rule.
function drawFigurine(parent, glyph, fill, ink, outline, letter) {
  for (const [role, d] of glyph.layers) {
    const a = {d: d, 'fill-rule': 'evenodd', fill: role === 'ink' ? ink : fill};
    if (role === 'body') Object.assign(a, {stroke: outline, 'stroke-width': 3.5, 'stroke-linejoin': 'round'});
    add(parent, 'path', a);
  }
  if (glyph.letter)
    add(parent, 'text', {x: 50, y: 52, 'font-size': 48, fill: ink, 'text-anchor': 'middle',
      'dominant-baseline': 'central', 'font-weight': 'bold'}, letter || glyph.letter);
}
// A figurine alone, as a small picture of its own (captured pieces, the pool, the legend).
function figurineSvg(glyph, fill, ink, outline) {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 100 100');
  drawFigurine(svg, glyph, fill, ink, outline || '#141414');
  return svg;
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
  for (const [f, r, letter, fill, ink, type] of b.pieces) {
    const g = add(svg, 'g', {class: 'piece', 'data-type': type,
      transform: 'translate(' + (x(f) + 0.05) + ' ' + (y(r) + 0.05) + ') scale(0.009)'});
    drawFigurine(g, b.glyphs[type], fill, ink, c.outline, letter);
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
// The move list: a line per move number, the current action marked and kept in sight.
function drawRecord(box, record, current, onPick) {
  box.replaceChildren();
  let line = null, lastNumber = null;
  record.forEach(([number, side, san], i) => {
    if (!line || side === 0 || number !== lastNumber) {
      line = document.createElement('div');
      line.className = 'line';
      const n = document.createElement('span');
      n.className = 'num';
      n.textContent = number + (i === 0 && side !== 0 ? '...' : '.');
      line.append(n, ' ');
      box.appendChild(line);
      lastNumber = number;
    }
    const e = document.createElement('span');
    e.className = 'san' + (i === current ? ' current' : '');
    e.dataset.index = i;
    e.textContent = san;
    if (onPick) e.onclick = () => onPick(i);
    line.append(e, ' ');
  });
  const marked = box.querySelector('.current');
  if (marked) box.scrollTop = marked.offsetTop - box.offsetTop - box.clientHeight / 2;
}
function drawSides(view, glyphs, outline) {
  const box = document.getElementById('sides');
  box.replaceChildren();
  view.sides.forEach((s, i) => {
    const row = document.createElement('div');
    row.className = 'sideinfo' + (s.toAct ? ' toact' : '') + (s.inGame ? '' : ' out');
    row.id = 'side-' + i;
    const chip = document.createElement('span');
    chip.className = 'chip';
    chip.style.background = s.colour;
    const name = document.createElement('span');
    name.className = 'sidename';
    name.textContent = s.name;
    const clock = document.createElement('span');
    clock.className = 'sideclock';
    clock.textContent = s.clock;
    const taken = document.createElement('div');
    taken.className = 'taken';
    for (const [type, fill, ink] of s.captured) taken.appendChild(figurineSvg(glyphs[type], fill, ink, outline));
    if (s.lead > 0) {
      const b = document.createElement('span');
      b.className = 'balance';
      b.textContent = '+' + s.lead;
      taken.appendChild(b);
    }
    row.append(chip, name);
    // Four players: the side's own standing as last scored, a gauge in its colour with the figure.
    if (s.standing) {
      const gauge = document.createElement('span');
      gauge.className = 'standing';
      gauge.title = s.name + '\'s standing ' + s.standing.text + ' (its own side, as last scored)';
      const fill = document.createElement('span');
      fill.className = 'standingfill';
      fill.style.width = (s.standing.share * 100) + '%';
      fill.style.background = s.colour;
      const figure = document.createElement('span');
      figure.className = 'standingtext';
      figure.textContent = s.standing.text;
      gauge.append(fill, figure);
      row.append(gauge);
    }
    row.append(clock, taken);
    box.appendChild(row);
  });
}
function drawTerrain(view, glyphs) {
  const box = document.getElementById('terrain');
  box.replaceChildren();
  if (view.pool.length) {
    const pool = document.createElement('div');
    pool.className = 'pool';
    pool.id = 'pool';
    const label = document.createElement('span');
    label.textContent = 'Pool:';
    pool.appendChild(label);
    for (const c of view.pool) {
      const item = document.createElement('span');
      item.className = 'swatch';
      item.title = c.name + ': ' + c.left + ' left' + (c.becomes >= 0 ? '' : ' (no piece but a King)');
      const colour = document.createElement('span');
      colour.className = 'colour';
      colour.style.background = c.colour;
      const light = parseInt(c.colour.slice(1, 3), 16) * 0.299 + parseInt(c.colour.slice(3, 5), 16) * 0.587 +
        parseInt(c.colour.slice(5, 7), 16) * 0.114 > 128;
      colour.style.color = light ? '#141414' : '#f5f5f5';
      colour.textContent = c.left;
      item.appendChild(colour);
      if (c.becomes >= 0) item.appendChild(figurineSvg(glyphs[c.becomes], '#fafafa', '#141414'));
      pool.appendChild(item);
    }
    box.appendChild(pool);
  }
  if (view.tiles) {
    const t = document.createElement('div');
    t.id = 'tiles';
    t.textContent = 'Tiles ' + view.tiles.tiles + ', Anti-Tiles ' + view.tiles.antiTiles + ', void squares ' +
      view.tiles.voids + ' (Tiles and Anti-Tiles are unlimited)';
    box.appendChild(t);
  }
}
function drawLegend(view, glyphs) {
  const box = document.getElementById('legend');
  box.replaceChildren();
  for (const e of view.legend) {
    if (e.orthodox) continue;
    const item = document.createElement('div');
    item.className = 'legendentry';
    const text = document.createElement('span');
    const moves = document.createElement('span');
    moves.className = 'moves';
    moves.textContent = ' ' + e.moves;
    text.append(e.letter + ' ' + e.name, moves);
    item.append(figurineSvg(glyphs[e.type], '#fafafa', '#141414'), text);
    box.appendChild(item);
  }
}
function drawEvaluation(evaluation) {
  const bar = document.getElementById('evalbar');
  bar.hidden = !evaluation;
  if (!evaluation) return;
  document.getElementById('evalfill').style.height = (evaluation.share * 100) + '%';
  document.getElementById('evaltext').textContent = evaluation.text;
  bar.title = 'evaluation ' + evaluation.text + ' (White\'s side)';
}
function show(state) {
  window.tesseraState = state;  // for a look from the browser's console (and the tests)
  revision = state.revision;
  board = state.board;
  const view = state.view;
  const engine = state.engineSide ? ': the engine plays ' + state.engineSide : '';
  document.getElementById('title').textContent = state.variant + ' (' + state.mode + engine + ') - ' + state.toMove + ' to act';
  document.getElementById('message').textContent = state.message;
  document.getElementById('result').textContent = state.result;
  const svg = document.getElementById('board');
  document.getElementById('boardbox').style.setProperty('--aspect', (board.files + 0.5) / (board.ranks + 0.5));
  drawBoard(svg, board);
  svg.dataset.revision = state.revision;
  document.body.dataset.revision = state.revision;
  document.body.dataset.actions = state.actions;
  // The review open while the game goes on (or is taken back): the review of the game as it is now.
  if (!document.getElementById('review').hidden && review && review.positions.length - 1 !== state.actions) openReview();
  drawSides(view, board.glyphs, board.colours.outline);
  drawTerrain(view, board.glyphs);
  drawEvaluation(view.evaluation);
  drawRecord(document.getElementById('record'), view.record, view.current);
  drawLegend(view, board.glyphs);
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

// The review: the evaluation over the game as a plot (the biggest swings marked), every position
// a click away, drawn by the same code as the live board.
let review = null, reviewAt = 0;
function drawPlot(r) {
  const svg = document.getElementById('plot');
  svg.replaceChildren();
  const n = r.positions.length, w = Math.max(1, n - 1), cap = 1000;
  svg.setAttribute('viewBox', '0 0 ' + w + ' 100');
  svg.setAttribute('preserveAspectRatio', 'none');
  const yOf = p => 50 - Math.max(-cap, Math.min(cap, p.evaluation)) / cap * 46;
  add(svg, 'line', {x1: 0, y1: 50, x2: w, y2: 50, stroke: '#555', 'stroke-width': 0.5, 'vector-effect': 'non-scaling-stroke'});
  if (!r.evaluated) {
    drawSideLines(svg, r, w, cap);
    return;
  }
  const points = r.positions.map((p, i) => i + ',' + yOf(p)).join(' ');
  add(svg, 'polygon', {points: '0,50 ' + points + ' ' + (n - 1) + ',50', fill: '#fafafa', opacity: 0.25});
  add(svg, 'polyline', {points: points, fill: 'none', stroke: '#fafafa', 'stroke-width': 2, 'vector-effect': 'non-scaling-stroke'});
  for (const ply of r.swings)
    add(svg, 'line', {class: 'swing', x1: ply, y1: 0, x2: ply, y2: 100, stroke: '#f66', 'stroke-width': 3,
      'vector-effect': 'non-scaling-stroke', 'data-ply': ply});
  add(svg, 'line', {id: 'plot-at', x1: reviewAt, y1: 0, x2: reviewAt, y2: 100, stroke: '#ffc800', 'stroke-width': 2,
    'vector-effect': 'non-scaling-stroke'});
}
// More than two sides: a line per side in its colour (edged in grey, which shows the dark one on
// the dark plot), its own score at each of its turns; its biggest swings a red line with a dot.
function drawSideLines(svg, r, w, cap) {
  const sides = (window.tesseraState && window.tesseraState.view.sides) || [];
  const colourOf = s => (sides[s] && sides[s].colour) || '#aaa';
  const yOf = score => 50 - Math.max(-cap, Math.min(cap, score)) / cap * 46;
  const stroke = {fill: 'none', 'vector-effect': 'non-scaling-stroke', 'stroke-linejoin': 'round'};
  for (const s of r.series) {
    if (!s.points.length) continue;
    const points = s.points.map(([ply, score]) => ply + ',' + yOf(score)).join(' ');
    add(svg, 'polyline', Object.assign({points: points, stroke: '#999', 'stroke-width': 4}, stroke));
    add(svg, 'polyline', Object.assign({class: 'sideline', 'data-side': s.side, points: points, stroke: colourOf(s.side),
      'stroke-width': 2}, stroke));
  }
  for (const s of r.series)
    for (const ply of s.swings) {
      const point = s.points.find(([p]) => p === ply);
      add(svg, 'line', {class: 'swing', x1: ply, y1: 0, x2: ply, y2: 100, stroke: '#f66', 'stroke-width': 1.5,
        'vector-effect': 'non-scaling-stroke', 'data-ply': ply, 'data-side': s.side});
      const dot = {x1: ply, y1: yOf(point[1]), x2: ply, y2: yOf(point[1]), 'stroke-linecap': 'round',
        'vector-effect': 'non-scaling-stroke'};
      add(svg, 'line', Object.assign({stroke: '#f66', 'stroke-width': 11}, dot));
      add(svg, 'line', Object.assign({stroke: colourOf(s.side), 'stroke-width': 6}, dot));
    }
  const key = document.getElementById('review-key');
  key.replaceChildren();
  for (const s of r.series) {
    const item = document.createElement('span');
    item.className = 'keyitem';
    const chip = document.createElement('span');
    chip.className = 'chip';
    chip.style.background = colourOf(s.side);
    item.append(chip, s.name);
    key.appendChild(item);
  }
}
function showReviewed(ply) {
  if (!review) return;
  reviewAt = Math.max(0, Math.min(review.positions.length - 1, ply));
  const p = review.positions[reviewAt];
  drawBoard(document.getElementById('review-board'), p.board);
  const at = document.getElementById('review-at');
  at.textContent = reviewAt === 0 ? 'start' : p.number + (p.side === 0 ? '. ' : '... ') + p.san;
  if (review.evaluated) at.textContent += '  (' + p.text + ')';
  else if (p.text) at.textContent += '  (' + review.series[p.toAct].name + ' to act: ' + p.text + ')';
  const marker = document.getElementById('plot-at');
  if (marker) { marker.setAttribute('x1', reviewAt); marker.setAttribute('x2', reviewAt); }
  const record = review.positions.slice(1).map(q => [q.number, q.side, q.san]);
  const box = document.getElementById('review-record');
  drawRecord(box, record, reviewAt - 1, i => showReviewed(i + 1));
  for (const ply of review.swings) {
    const e = box.querySelector('[data-index="' + (ply - 1) + '"]');
    if (e) e.classList.add('swing');
  }
  document.getElementById('review').dataset.ply = reviewAt;
}
// The server searches the positions on a thread of its own; until it is done it says how far it
// is, and the page asks again.
let reviewPoll = null;
function openReview() {
  const section = document.getElementById('review');
  section.hidden = false;
  clearTimeout(reviewPoll);
  if (section.dataset.loaded !== 'true') document.getElementById('review-status').textContent = 'evaluating the positions...';
  fetch('review.json').then(r => r.json()).then(r => {
    if (section.hidden) return;
    if (!r.ready) {
      section.dataset.computing = 'true';
      document.getElementById('review-status').textContent =
        'computing the review: ' + r.evaluated + ' of ' + r.positions + ' positions evaluated...';
      reviewPoll = setTimeout(openReview, 400);
      return;
    }
    section.dataset.computing = 'false';
    review = r;
    document.getElementById('review-status').textContent = r.evaluated ?
      'evaluation from White\'s side; red lines: the biggest swings. Click the plot or a move.' :
      'each side\'s own score at its turns; red: its biggest swings. Click the plot or a move.';
    document.getElementById('review-key').hidden = r.evaluated;
    drawPlot(r);
    showReviewed(r.positions.length - 1);
    section.dataset.loaded = 'true';
  }).catch(() => { document.getElementById('review-status').textContent = 'the review could not be loaded'; });
}
document.getElementById('review-open').onclick = openReview;
document.getElementById('review-close').onclick = () => { clearTimeout(reviewPoll); document.getElementById('review').hidden = true; };
document.getElementById('review-prev').onclick = () => showReviewed(reviewAt - 1);
document.getElementById('review-next').onclick = () => showReviewed(reviewAt + 1);
document.getElementById('plot').onclick = e => {
  if (!review) return;
  const box = e.currentTarget.getBoundingClientRect();
  showReviewed(Math.round((e.clientX - box.left) / box.width * (review.positions.length - 1)));
};
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
