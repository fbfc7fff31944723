// The helper panel (issue 17, item 7): renders the `analysis.helper` object of a `state` message
// (docs/web-protocol.md, "helper") into the element with id `helper-panel`:
//  - the three best options of a turn (expected points, win and tenpai chance, one sentence why),
//    or at a call prompt the value of each call and of passing;
//  - the waits with their shapes when tenpai, warnings for no yaku (open hand) and furiten;
//  - against a riichi or a threatening hand, the danger of each tile held: a colour bar under the
//    tile in the hand (percentage on hover) and a table per opponent.
// Everything comes from the server's evaluation of the seat's own observation. The table view
// calls renderHelper(panel, msg, handBox) on every state; the danger marks survive the hand's
// re-rendering (a MutationObserver puts them back).
import { el, clear, tileName, kindOf } from './util.js';
import { tileEl, windLetter } from './view.js';

const STYLE_ID = 'helper-css';
const LEVELS = [  // deal-in probability thresholds of the colour bands
  [0.02, 'safe'], [0.06, 'low'], [0.12, 'medium'], [Infinity, 'high'],
];

function ensureStyle() {
  if (typeof document === 'undefined' || document.getElementById(STYLE_ID)) return;
  const here = new URL('./helper.css', import.meta.url);
  document.head.append(el('link', { id: STYLE_ID, rel: 'stylesheet', href: here.href }));
}

// "14%", "0.3%", "0%": as the server's reasons print probabilities.
export function percent(p) {
  if (!(p > 0)) return '0%';
  const v = p * 100;
  if (v >= 10) return `${Math.round(v)}%`;
  if (v >= 1) return `${v.toFixed(1).replace(/\.0$/, '')}%`;
  return `${v.toFixed(1)}%`;
}

export function dangerLevel(p) {
  return LEVELS.find(([limit]) => p < limit)[1];
}

function points(n) {
  return n > 0 ? `+${n}` : String(n);
}

function seatName(msg, seat) {
  const game = msg.game || {};
  const p = (game.players || [])[seat];
  const wind = game.seat_winds ? windLetter(game.seat_winds[seat]) : '';
  return `${p && p.name ? p.name : `Seat ${seat}`}${wind ? ` (${wind})` : ''}`;
}

function optionLabel(o) {
  // "discard 5p" / "pon 5p5p <- 5p, then discard 1m" / "pass"
  return o.then ? `${o.action}, then ${o.then}` : o.action;
}

function optionsEl(h) {
  const claim = h.decision === 'call' || h.options.some((o) => o.type === 'pass');
  const pass = h.options.find((o) => o.type === 'pass');
  const title = claim ? 'Call or pass' : 'Best options';
  const head = ['Option', 'Points', 'Win', 'Tenpai', 'Deal-in'];
  if (claim && pass) head.push('vs pass');
  const rows = [];
  h.options.forEach((o, i) => {
    const cells = [
      el('td.helper-action', {}, o.tile && o.type !== 'pass' ? tileEl(o.tile, { cls: 'mini' }) : null,
        el('span', { text: ` ${optionLabel(o)}` })),
      el('td.num', { text: points(o.exp_score), title: 'expected points from here on' }),
      el('td.num', { text: percent(o.win_prob), title: 'chance to win this hand' }),
      el('td.num', { text: percent(o.tenpai_prob), title: 'chance to be tenpai by the end of the hand' }),
      el('td.num', { text: percent(o.deal_in_prob), title: 'chance the tile discarded now deals in' }),
    ];
    if (claim && pass) cells.push(el('td.num', { text: o === pass ? '—' : points(o.exp_score - pass.exp_score) }));
    rows.push(el('tr.helper-option', { class: `helper-option${o.best ? ' best' : ''}`,
      dataset: { type: o.type, rank: String(i + 1), tile: o.tile ? tileName(o.tile) : '' } }, cells));
    rows.push(el('tr.helper-reason', {}, el('td', { colspan: String(head.length), text: o.reason })));
  });
  return el('section.helper-options', {}, el('h4', { text: title }),
    el('table', {}, el('tr', {}, head.map((t) => el('th', { text: t }))), rows));
}

function waitsEl(w) {
  const total = w.tiles.reduce((n, t) => n + t.remaining, 0);
  return el('section.helper-waits', {},
    el('h4', { text: `Tenpai${w.after ? ` after ${w.after}` : ''}: ${total} tiles left` }),
    el('ul', {}, w.tiles.map((t) => el('li.helper-wait', {
      class: `helper-wait${t.yaku ? '' : ' no-yaku'}${t.furiten ? ' furiten' : ''}`,
      dataset: { tile: tileName(t.tile) } },
    tileEl(t.tile, { cls: 'mini' }),
    el('span', { text: ` ×${t.remaining} ${t.shapes.join(' / ')}${t.yaku ? '' : ' (no yaku)'}${t.furiten ? ' (furiten)' : ''}` })))));
}

function dangerEl(msg, d) {
  const opp = d.opponents;
  const threats = opp.filter((o) => o.riichi || o.tenpai >= 0.35)
    .map((o) => `${seatName(msg, o.seat)}${o.riichi ? ' riichi' : ` tenpai ${percent(o.tenpai)}`}`);
  const tiles = [...d.tiles].sort((a, b) => b.deal_in - a.deal_in);
  return el('section.helper-danger', {},
    el('h4', { text: `Danger: ${threats.join(', ')}` }),
    el('table', {},
      el('tr', {}, el('th', { text: 'Tile' }), el('th', { text: 'Deal-in' }),
        opp.map((o) => el('th', { text: seatName(msg, o.seat) }))),
      tiles.map((t) => el('tr', { dataset: { tile: tileName(t.tile) }, title: t.reason },
        el('td', {}, tileEl(t.tile, { cls: 'mini' })),
        el('td.num', { class: `num danger-${dangerLevel(t.deal_in)}`, text: percent(t.deal_in) }),
        t.by_opponent.map((p) => el('td.num', { text: percent(p) }))))));
}

// The danger of each tile of the hand as a colour bar and a hover title; the best option's tile
// gets a marker. `marks`: {danger: Map kind -> row, best: tile name | null}.
function markHand(handBox, marks) {
  if (!handBox) return;
  for (const node of handBox.querySelectorAll('.tile[data-tile]')) {
    if (node.closest('.melds')) continue;
    if (node.classList.contains('helper-best')) node.classList.remove('helper-best', 'best');
    node.classList.remove('danger-safe', 'danger-low', 'danger-medium', 'danger-high');
    delete node.dataset.danger;
    if (node.dataset.helperTitle !== undefined) {
      node.title = node.dataset.helperTitle;
      delete node.dataset.helperTitle;
    }
    const name = node.dataset.tile;
    // `best`: the table's own dot under the best discard (style.css)
    if (marks.best && name === marks.best) node.classList.add('helper-best', 'best');
    const row = marks.danger && marks.danger.get(kindOf(name));
    if (!row) continue;
    node.classList.add(`danger-${dangerLevel(row.deal_in)}`);
    node.dataset.danger = percent(row.deal_in);
    node.dataset.helperTitle = node.title || '';
    node.title = `${percent(row.deal_in)} deal-in: ${row.reason}`;
  }
}

const observers = new WeakMap();

function watchHand(handBox, marks) {
  let entry = observers.get(handBox);
  if (!entry) {
    entry = { marks, busy: false };
    entry.observer = new MutationObserver(() => {
      if (entry.busy) return;
      entry.busy = true;
      markHand(handBox, entry.marks);
      entry.observer.takeRecords();
      entry.busy = false;
    });
    entry.observer.observe(handBox, { childList: true, subtree: true });
    observers.set(handBox, entry);
  }
  entry.marks = marks;
  entry.busy = true;
  markHand(handBox, marks);
  entry.observer.takeRecords();
  entry.busy = false;
}

// Renders the helper of `msg` (a state message; null when the helper is off) into `panel`.
export function renderHelper(panel, msg, handBox = null) {
  ensureStyle();
  if (!panel) return;
  clear(panel);
  const h = msg && msg.analysis ? msg.analysis.helper : null;
  const marks = { danger: null, best: null };
  if (!h) {
    panel.hidden = true;
    watchHand(handBox, marks);
    return;
  }
  panel.hidden = false;
  panel.append(el('h3', { text: 'Helper' }));
  if (h.error) {
    panel.append(el('p.helper-error', { text: h.error }));
    watchHand(handBox, marks);
    return;
  }
  for (const w of h.warnings || []) {
    panel.append(el('p.helper-warning', { dataset: { kind: w.kind }, text: w.text }));
  }
  if (h.options && h.options.length) panel.append(optionsEl(h));
  else panel.append(el('p.helper-idle', { text: 'Options are shown when you have a decision.' }));
  if (h.waits) panel.append(waitsEl(h.waits));
  if (h.danger) panel.append(dangerEl(msg, h.danger));
  const top = (h.options || [])[0];
  if (top && (top.type === 'discard' || top.type === 'riichi') && top.tile) marks.best = tileName(top.tile);
  if (h.danger) marks.danger = new Map(h.danger.tiles.map((t) => [kindOf(tileName(t.tile)), t]));
  watchHand(handBox, marks);
}
