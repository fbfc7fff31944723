// Past games (/replays) and the replay viewer (/replay/ID): every hand open, step forward/back
// through the frames (buttons, arrow keys), jump to a hand, the action text and the result.
import { el, clear, getJson, WINDS, isTyping } from './util.js';
import { tileEl, pondEl, meldsEl, doraEl, seatCount, seatWind, kitaEl, emptySeatEl } from './view.js';
import { handEndEl, gameEndEl, withWinds } from './results.js';
import { gamesTable } from './lobby.js';

export async function openReplayList(root, navigate) {
  clear(root);
  const page = el('div.lobby');
  root.append(page);
  page.append(el('p', {}, el('a', { href: '/', text: '← Lobby' })), el('h1', { text: 'Past games' }));
  try {
    const g = await getJson('/api/games');
    page.append(gamesTable(g.games || [], navigate));
  } catch (ex) {
    page.append(el('p.error', { text: `Cannot list the games: ${ex.message}` }));
  }
  return { close() {} };
}

export async function openReplay(root, id) {
  clear(root);
  let data;
  try {
    data = await getJson(`/api/games/${encodeURIComponent(id)}/replay`);
  } catch (ex) {
    root.append(el('div.lobby', {}, el('p', {}, el('a', { href: '/', text: '← Lobby' })),
      el('p.error', { text: `Cannot load the replay ${id}: ${ex.message}` })));
    return { close() {} };
  }
  const viewer = new ReplayViewer(root, data, { review: (seat) => getJson(`/api/games/${encodeURIComponent(id)}/review?player=${seat}`) });
  return { close: () => viewer.destroy() };
}

// Auto-play speeds: milliseconds per frame.
const SPEEDS = [['0.5×', 1600], ['1×', 800], ['2×', 400], ['4×', 200]];

export class ReplayViewer {
  // options: {review(seat) -> Promise of a /review answer} to show the engine's evaluation.
  constructor(root, data, options = {}) {
    this.root = root;
    this.data = data;
    this.options = options;
    this.hand = 0;
    this.frame = 0;
    this.bottom = 0;  // the seat drawn at the bottom
    this.timer = null;
    this.speed = Number(localStorage.getItem('riichi.replaySpeed')) || 800;
    this.review = null;  // the bottom seat's review: {seat, decisions} once loaded
    this.players = (data.players || []).map((p) => (typeof p === 'string' ? { name: p } : p));
    this.keyHandler = (e) => this.onKey(e);
    document.addEventListener('keydown', this.keyHandler);
    this.build();
    this.show();
  }

  destroy() {
    document.removeEventListener('keydown', this.keyHandler);
    this.pause();
  }

  play() {
    if (this.timer) return;
    this.timer = setInterval(() => {
      const hands = this.data.hands || [];
      if (this.hand === hands.length - 1 && this.frame === this.frames().length - 1) this.pause();
      else this.step(1);
    }, this.speed);
    this.playButton.textContent = '❚❚ Pause';
    this.root.dataset.playing = '1';
  }

  pause() {
    clearInterval(this.timer);
    this.timer = null;
    if (this.playButton) this.playButton.textContent = '▶▶ Play';
    delete this.root.dataset.playing;
  }

  setSpeed(ms) {
    this.speed = ms;
    localStorage.setItem('riichi.replaySpeed', String(ms));
    if (this.timer) { this.pause(); this.play(); }
  }

  setBottom(seat) {
    this.bottom = seat;
    this.review = null;
    clear(this.evaluation);
    this.show();
  }

  async evaluate() {
    if (!this.options.review) return;
    const seat = this.bottom;
    this.evaluation.textContent = `Reviewing every decision of ${this.players[seat]?.name || 'seat ' + seat}…`;
    try {
      const r = await this.options.review(seat);
      const g = (r.games || [])[0];
      this.review = { seat, decisions: g ? g.decisions : [] };
      this.show();
    } catch (ex) {
      this.evaluation.textContent = `Cannot evaluate: ${ex.message}`;
    }
  }

  build() {
    clear(this.root);
    const hands = this.data.hands || [];
    this.handSelect = el('select#hand-select', { 'aria-label': 'hand', onchange: (e) => this.go(Number(e.target.value), 0) },
      hands.map((h, i) => el('option', { value: i, text: `${i + 1}. ${h.name}${h.honba && !/honba/.test(h.name) ? ' (' + h.honba + ' honba)' : ''}` })));
    this.slider = el('input#frame-slider', { type: 'range', min: 0, value: 0, oninput: (e) => this.go(this.hand, Number(e.target.value)) });
    this.counter = el('span.frame-counter');
    const btn = (label, title, fn, id) => el(`button#${id}`, { title, onclick: fn, text: label });
    this.controls = el('div.replay-controls', {},
      el('a.home', { href: '/', text: '← Lobby' }),
      el('span.rules', { text: `${this.data.source || ''} ${this.data.rules || ''}` }),
      btn('« Hand', 'previous hand (PageUp)', () => this.go(this.hand - 1, 0), 'prev-hand'),
      btn('◀', 'back (←)', () => this.step(-1), 'prev-frame'),
      btn('▶', 'forward (→)', () => this.step(1), 'next-frame'),
      btn('Hand »', 'next hand (PageDown)', () => this.go(this.hand + 1, 0), 'next-hand'),
      this.handSelect, this.slider, this.counter);
    this.playButton = btn('▶▶ Play', 'auto-play (Space)', () => (this.timer ? this.pause() : this.play()), 'autoplay');
    const speed = el('select#replay-speed', { 'aria-label': 'speed', onchange: (e) => this.setSpeed(Number(e.target.value)) },
      SPEEDS.map(([label, ms]) => el('option', { value: ms, text: label })));
    speed.value = String(this.speed);
    const bottom = el('select#bottom-seat', { 'aria-label': 'seat at the bottom', onchange: (e) => this.setBottom(Number(e.target.value)) },
      this.players.map((p, s) => el('option', { value: s, text: `${p.name || 'Seat ' + s} at the bottom` })));
    this.controls.append(this.playButton, speed, bottom,
      this.options.review ? btn('Evaluate', "the engine's evaluation of the bottom seat's decisions", () => this.evaluate(), 'evaluate') : null);
    this.evaluation = el('div.replay-evaluation#replay-evaluation');
    this.action = el('div.replay-action#replay-action');
    const keys = el('div.replay-keys', {}, el('kbd', { text: '←' }), el('kbd', { text: '→' }), ' step  ',
      el('kbd', { text: '↑' }), el('kbd', { text: '↓' }), ' hand  ', el('kbd', { text: 'Home' }), el('kbd', { text: 'End' }),
      ' start / end of the hand');
    this.board = el('div.board.replay-board');
    this.areas = ['bottom', 'right', 'top', 'left'].map((c) => el(`section.seat-area.${c}`));
    this.center = el('div.center');
    this.board.append(...this.areas, this.center);
    this.result = el('div.replay-result');
    this.root.append(el('div.table-page.replay-page', {}, this.controls, keys, this.action, this.board, this.evaluation, this.result));
  }

  // Three in a three-player game (the replay's num_players), else four.
  seatCount() {
    return seatCount(this.data.num_players || (this.players.length === 3 ? 3 : 4));
  }

  frames() {
    const h = (this.data.hands || [])[this.hand];
    return h ? h.frames || [] : [];
  }

  go(hand, frame) {
    const hands = this.data.hands || [];
    if (hand < 0 || hand >= hands.length) return;
    this.hand = hand;
    const n = this.frames().length;
    this.frame = Math.max(0, Math.min(frame, n - 1));
    this.show();
  }

  step(delta) {
    const n = this.frames().length;
    const f = this.frame + delta;
    if (f >= 0 && f < n) this.go(this.hand, f);
    else if (f >= n) this.go(this.hand + 1, 0);
    else if (f < 0 && this.hand > 0) this.go(this.hand - 1, (this.data.hands[this.hand - 1].frames || []).length - 1);
  }

  show() {
    const hands = this.data.hands || [];
    if (!hands.length) {
      clear(this.action).append('This game has no hand.');
      return;
    }
    const hand = hands[this.hand];
    const frames = this.frames();
    const f = frames[this.frame];
    this.handSelect.value = String(this.hand);
    this.slider.max = String(Math.max(0, frames.length - 1));
    this.slider.value = String(this.frame);
    this.counter.textContent = `${this.frame + 1} / ${frames.length}`;
    this.action.textContent = f && f.action ? f.action : `${hand.name}: the deal`;
    this.root.dataset.hand = String(this.hand);
    this.root.dataset.frame = String(this.frame);
    if (!f) return;
    const seats = this.seatCount();
    this.board.classList.toggle('sanma', seats === 3);
    for (let s = 0; s < 4; ++s) {
      const area = this.areas[(s - this.bottom + 4) % 4];
      if (s < seats) this.renderSeat(area, s, hand, f);
      else clear(area).append(emptySeatEl());
      area.classList.toggle('empty', s >= seats);
    }
    const kita = (f.kita || []).reduce((a, b) => a + b, 0);
    this.renderEvaluation(hand, f);
    clear(this.center).append(
      el('div.round', { text: hand.name }),
      el('div.counters', {},
        el('span', { text: `Honba ${hand.honba || 0}` }),
        el('span', { text: `Riichi ${f.riichi_sticks ?? 0}` }),
        el('span.tiles-left', { text: `Left ${f.tiles_left}` })),
      el('div.dora-label', { text: 'Dora indicators' }),
      doraEl(f.dora_indicators),
      kita ? el('div.kita-dora', { text: `Kita ${kita} (+${kita} dora)` }) : null);
    clear(this.result);
    const last = this.frame === frames.length - 1;
    const dealer = hand.dealer ?? 0;
    const winds = [0, 1, 2, 3].slice(0, seats).map((s) => seatWind(s, dealer, seats));
    if (last && hand.result) this.result.append(handEndEl(hand.result, withWinds(this.players, winds), f.melds));
    if (last && this.hand === hands.length - 1 && this.data.final) this.result.append(gameEndEl(this.data.final, this.players));
  }

  // The bottom seat's next decision(s) as the review judged them: the decisions of this hand at
  // its next turn (its discards so far + 1), with the option values.
  renderEvaluation(hand, f) {
    if (!this.review || this.review.seat !== this.bottom) return;
    clear(this.evaluation);
    const name = /honba/.test(hand.name) ? hand.name : `${hand.name}, ${hand.honba || 0} honba`;
    const turn = ((f.discards || [])[this.bottom] || []).length + 1;
    const ds = this.review.decisions.filter((d) => d.hand === name && d.turn === turn);
    if (!ds.length) {
      this.evaluation.append(el('p', { text: `No decision of this seat at turn ${turn}.` }));
      return;
    }
    for (const d of ds) {
      this.evaluation.append(el('div.replay-decision', { dataset: { kind: d.kind } },
        el('p', {}, `Turn ${d.turn} (${d.kind}): took `, el('b', { text: d.actual }), ', best ', el('b', { text: d.best }),
          d.ev_loss > 0 ? el('span.loss', { text: ` −${d.ev_loss.toFixed(0)} points` }) : ' (agrees)'),
        el('table.replay-options', {}, d.options.slice().sort((a, b) => b.exp_score - a.exp_score).slice(0, 5).map((o) =>
          el('tr', { class: o.action === d.actual ? 'actual' : null },
            el('td', { text: o.action }), el('td.num', { text: o.exp_score.toFixed(0) }),
            el('td.num', { text: `win ${(100 * o.win_prob).toFixed(1)}%` }),
            el('td', { text: o.reason || '' }))))));
    }
  }

  renderSeat(area, seat, hand, f) {
    clear(area);
    area.classList.toggle('to-play', f.to_play === seat);
    area.classList.toggle('actor', f.seat === seat);
    const dealer = hand.dealer ?? 0;
    const wind = seatWind(seat, dealer, this.seatCount());
    const p = this.players[seat] || {};
    area.append(el('div.seat-info', {},
      el('span.wind', { text: WINDS[wind][0], class: wind === 0 ? 'wind dealer' : 'wind' }),
      el('span.name', { text: p.name || `Seat ${seat}` }),
      el('span.score', { text: f.scores ? String(f.scores[seat]) : '' }),
      f.riichi && f.riichi[seat] ? el('span.riichi-stick', { title: 'riichi' }) : null));
    const tiles = el('div.hand-tiles.open-hand', {}, ((f.hands || [])[seat] || []).map((t) => tileEl(t, { cls: 'open' })));
    const drawn = (f.drawn || [])[seat];
    if (drawn) tiles.append(el('span.gap'), tileEl(drawn, { cls: 'open drawn' }));
    area.append(el('div.open-row', {}, tiles, meldsEl((f.melds || [])[seat], seat), kitaEl((f.kita || [])[seat])));
    area.append(pondEl((f.discards || [])[seat]));
  }

  onKey(e) {
    if (isTyping(e.target)) return;
    const keys = {
      ' ': () => (this.timer ? this.pause() : this.play()),
      ArrowRight: () => this.step(1),
      ArrowLeft: () => this.step(-1),
      PageDown: () => this.go(this.hand + 1, 0),
      PageUp: () => this.go(this.hand - 1, 0),
      ArrowDown: () => this.go(this.hand + 1, 0),
      ArrowUp: () => this.go(this.hand - 1, 0),
      Home: () => this.go(this.hand, 0),
      End: () => this.go(this.hand, this.frames().length - 1),
    };
    if (keys[e.key]) {
      e.preventDefault();
      keys[e.key]();
    }
  }
}

