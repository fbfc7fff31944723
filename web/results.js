// The win / draw screen (a hand_end message) and the end-of-game table (game_end).
import { el, signed, finalScore } from './util.js';
import { tileEl, tileRow, meldsEl } from './view.js';

// "123m5p" -> ["1m","2m","3m","5p"]; arrays of names or tiles pass through.
export function parseMpsz(text) {
  if (Array.isArray(text)) return text;
  if (typeof text !== 'string') return [];
  const out = [];
  let digits = '';
  for (const ch of text) {
    if (/[0-9]/.test(ch)) digits += ch;
    else if ('mpsz'.includes(ch)) {
      for (const d of digits) out.push(d + ch);
      digits = '';
    }
  }
  return out;
}

const DRAW_NAMES = {
  exhaustive: 'Exhaustive draw (ryuukyoku)',
  kyuushu_kyuuhai: 'Abortive draw: kyuushu kyuuhai',
  suufon_renda: 'Abortive draw: suufon renda',
  suukaikan: 'Abortive draw: suukaikan',
  suucha_riichi: 'Abortive draw: suucha riichi',
  sanchahou: 'Abortive draw: sanchahou',
};

// "Alice (E)": the seat wind tells apart players of the same name (three bots "greedy").
function playerName(players, seat) {
  const p = players && players[seat];
  const name = (p ? (typeof p === 'string' ? p : p.name) : null) || `Seat ${seat}`;
  const wind = players && players.winds ? players.winds[seat] : undefined;
  return wind === undefined ? name : `${name} (${'ESWN'[wind]})`;
}

// players (names or {name}) with the seat winds of the hand attached for playerName.
export function withWinds(players, winds) {
  const out = [...(players || [])];
  if (winds) out.winds = winds;
  return out;
}

// payments (docs/record-format.md): each payment includes the honba; `sticks` are the riichi-stick
// points the winner collects; `total` is what the other players paid.
function paymentText(p, win) {
  if (!p) return '';
  const parts = [];
  if (p.ron !== undefined) parts.push(`Ron: ${p.ron}`);
  if (p.each !== undefined) parts.push(`Tsumo: ${p.each} from each player`);
  if (p.dealer !== undefined) parts.push(`Tsumo: ${p.non_dealer} from each non-dealer, ${p.dealer} from the dealer`);
  if (!parts.length) parts.push(win.win_type === 'tsumo' ? 'Tsumo' : 'Ron');
  if (p.honba) parts.push(`${p.honba} honba included`);
  if (p.sticks) parts.push(`riichi sticks +${p.sticks}`);
  if (p.total !== undefined) parts.push(`total paid ${p.total}`);
  if (p.liable !== undefined && p.liable !== null) parts.push(`pao: ${p.liable}`);
  return parts.join(', ');
}

// "yakuhai_chun" -> "Yakuhai chun", "open_pung 7z" -> "Open pung 7z".
export function pretty(name) {
  const text = String(name || '').replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function winEl(win, players) {
  const who = playerName(players, win.seat);
  const from = win.from === null || win.from === undefined || win.from < 0 ? null
    : playerName(players, win.from);
  const title = win.win_type === 'tsumo' ? `${who} wins by tsumo` : `${who} wins by ron from ${from}`;
  // melds_text: "p777p", "c456s", "a5555s" (docs/record-format.md): shown as tile groups
  const melds = (win.melds_text || []).map((m) => tileRow(parseMpsz(m.replace(/^[a-z]/, '')), 'tile-row meld-row'));
  const hand = win.hand_tiles
    ? el('div.win-hand', {}, tileRow(win.hand_tiles, 'tile-row'),
      win.win_tile ? el('span.win-tile', {}, tileEl(win.win_tile)) : null, melds)
    : el('div.win-hand', {}, tileRow(parseMpsz(win.hand)),
      win.tile ? el('span.win-tile', {}, tileEl(win.tile)) : null);
  // The han list adds up: the yaku, then dora, ura dora and red fives as rows, then the total.
  const counters = win.yakuman ? [] : [['Dora', win.dora], ['Ura dora', win.ura], ['Red fives (aka dora)', win.red]]
    .filter(([, n]) => n > 0);
  const yaku = el('table.yaku', {},
    (win.yaku || []).map((y) => el('tr', {}, el('td', { text: pretty(y.name) }),
      el('td.num', { text: y.yakuman ? `yakuman${y.yakuman > 1 ? ' ×' + y.yakuman : ''}` : `${y.han} han` }))),
    counters.map(([name, n]) => el('tr.counter', {}, el('td', { text: name }), el('td.num', { text: `${n} han` }))),
    win.yakuman ? null : el('tr.total', {}, el('td', { text: 'Total' }), el('td.num', { text: `${win.han} han` })));
  const fu = (win.fu_items || []).length
    ? el('table.fu', {}, el('caption', { text: `Fu ${win.fu_raw ?? ''} → ${win.fu ?? ''}` }),
      win.fu_items.map((f) => el('tr', {}, el('td', { text: pretty(f.name) }), el('td.num', { text: `${f.fu}` }))))
    : null;
  const summary = [
    win.yakuman ? 'yakuman' : `${win.han} han ${win.fu} fu`,
    win.limit ? win.limit : null,
  ].filter(Boolean).join(' · ');
  const ura = parseMpsz(win.ura_indicators);
  return el('section.win', {},
    el('h3', { text: title }),
    hand,
    el('div.indicators', {},
      el('span', { text: 'Dora ' }), tileRow(parseMpsz(win.dora_indicators), 'tile-row small'),
      ura.length ? el('span', { text: ' Ura ' }) : null,
      ura.length ? tileRow(ura, 'tile-row small') : null),
    el('div.score-cols', {}, yaku, fu),
    el('p.summary', { text: summary }),
    el('p.payments', { text: paymentText(win.payments, win) }),
    win.reading ? el('p.reading', { text: win.reading }) : null);
}

// The seats of a result: 0..n-1 with n the entries of its deltas (three in a three-player game).
function seatsOf(msg) {
  const n = msg && msg.deltas ? msg.deltas.length : 4;
  return [...Array(n === 3 ? 3 : 4).keys()];
}

// melds: optional lists of melds per seat (the hand's last state) shown beside the revealed tiles.
function drawEl(draw, players, melds, seats) {
  const tenpai = new Set(draw.tenpai || []);
  const rows = (draw.hands || []).map((h) => el('div.draw-hand', {},
    el('span.who', { text: `${playerName(players, h.seat)} (${tenpai.has(h.seat) ? 'tenpai' : 'noten'})` }),
    tileRow(h.tiles), melds && melds[h.seat] ? meldsEl(melds[h.seat], h.seat) : null));
  const noten = seats.filter((s) => !tenpai.has(s)).map((s) => playerName(players, s));
  return el('section.draw', {},
    el('h3', { text: DRAW_NAMES[draw.kind] || `Draw: ${draw.kind}` }),
    draw.kind === 'exhaustive'
      ? el('p', { text: tenpai.size ? `Tenpai: ${[...tenpai].map((s) => playerName(players, s)).join(', ')}` +
        (noten.length && tenpai.size < seats.length ? `; noten: ${noten.join(', ')}` : '') : 'Nobody is tenpai' })
      : null,
    (draw.nagashi || []).length
      ? el('p', { text: `Nagashi mangan: ${draw.nagashi.map((s) => playerName(players, s)).join(', ')}` })
      : null,
    rows);
}

// Who paid what at a draw and why: the noten payments (3000 split between the noten and the
// tenpai players at an exhaustive draw; 2000 with three players) and the riichi sticks put on the
// table this hand (they stay there for the next winner). The rest of a change is told as it is.
// `deltas` has an entry per seat of the game (three or four).
export function drawPayments(draw, deltas) {
  if (!draw || !deltas) return [];
  const tenpai = new Set(draw.tenpai || []);
  const t = tenpai.size;
  const n = deltas.length;
  const pool = 1000 * (n - 1);
  const nagashi = (draw.nagashi || []).length > 0;
  const noten = (s) => {
    if (draw.kind !== 'exhaustive' || nagashi || t === 0 || t === n) return 0;
    return tenpai.has(s) ? pool / t : -pool / (n - t);
  };
  return deltas.map((d, s) => {
    const parts = [];
    const n = noten(s);
    if (n > 0) parts.push(`+${n} noten payments received (tenpai)`);
    if (n < 0) parts.push(`${n} noten payment (not tenpai)`);
    const rest = d - n;
    if (rest < 0 && rest % 1000 === 0 && !nagashi) {
      const k = -rest / 1000;
      parts.push(`-${-rest} riichi stick${k > 1 ? 's' : ''} (stays on the table)`);
    } else if (rest !== 0) parts.push(`${signed(rest)}${nagashi ? ' nagashi mangan' : ''}`);
    return { seat: s, delta: d, text: parts.join(', ') || 'nothing paid' };
  });
}

function deltasEl(msg, players) {
  if (!msg.deltas) return null;
  return el('table.deltas', {},
    el('tr', {}, el('th', { text: 'Player' }), el('th', { text: 'Change' }), el('th', { text: 'Score' })),
    msg.deltas.map((d, s) => el('tr', {}, el('td', { text: playerName(players, s) }),
      el('td.num', { text: signed(d), class: d > 0 ? 'num plus' : d < 0 ? 'num minus' : 'num' }),
      el('td.num', { text: msg.scores ? String(msg.scores[s]) : '' }))));
}

// The body of the result screen for one hand.
export function handEndEl(msg, players, melds = null) {
  const box = el('div.hand-end', { 'data-result': msg.result || '' });
  box.append(el('h2', { text: `${msg.hand || ''} — ${resultTitle(msg)}` }));
  for (const w of msg.wins || []) box.append(winEl(w, players));
  if (msg.draw) {
    box.append(drawEl(msg.draw, players, melds, seatsOf(msg)));
    const paid = drawPayments(msg.draw, msg.deltas);
    if (paid.length) {
      box.append(el('ul.draw-payments', {}, paid.map((p) => el('li', { dataset: { seat: String(p.seat) } },
        `${playerName(players, p.seat)}: ${signed(p.delta)} — ${p.text}`))));
    }
  }
  if (msg.result === 'chombo') box.append(el('p', { text: 'Chombo: the penalty is settled and the hand is replayed.' }));
  box.append(deltasEl(msg, players));
  return box;
}

function resultTitle(msg) {
  switch (msg.result) {
    case 'win': return (msg.wins || []).length > 1 ? 'Multiple ron' : 'Win';
    case 'exhaustive_draw': return 'Exhaustive draw';
    case 'abortive_draw': return 'Abortive draw';
    case 'chombo': return 'Chombo';
    default: return msg.result || 'Hand over';
  }
}

const END_REASONS = {
  last_hand: 'The last hand is over.',
  agari_yame: 'The dealer of the last hand won and leads: agari yame.',
  bankruptcy: 'A player went below zero (tobi).',
  sudden_death: 'Sudden death in the West round: a player reached the target.',
  west_limit: 'West 4 is over.',
  owari: 'The game is over (the final results as the log gives them).',
};

// The final table: rank, player, points, uma, final score.
export function gameEndEl(final, players) {
  const seats = [...final.ranks.keys()];  // three in a three-player game
  const order = seats.sort((a, b) => final.ranks[a] - final.ranks[b] || a - b);
  const names = withWinds(final.players || players, [0, 1, 2, 3]);  // initial seat winds
  return el('div.game-end', {},
    el('h2', { text: 'Game over' }),
    final.reason ? el('p.end-reason', { text: END_REASONS[final.reason] || pretty(final.reason) }) : null,
    el('table.final', {},
      el('tr', {}, ['Rank', 'Player', 'Points', 'Uma', 'Final'].map((h) => el('th', { text: h }))),
      order.map((s) => el('tr', { class: final.ranks[s] === 1 ? 'first' : null },
        el('td.num', { text: String(final.ranks[s]) }),
        el('td', { text: playerName(names, s) }),
        el('td.num', { text: String(final.points[s]) }),
        el('td.num', { text: finalScore(final.uma ? final.uma[s] : 0) }),
        el('td.num', { text: finalScore(final.final_scores[s]) })))),
    final.leftover_sticks ? el('p', { text: `Leftover riichi sticks to first place: ${final.leftover_sticks}` }) : null);
}

