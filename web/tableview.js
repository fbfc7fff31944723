// The table as one seat sees it (a `state` message of docs/web-protocol.md), its action buttons
// and keyboard shortcuts, the analysis helper and the result overlays. No networking here: the
// controller (table.js) or the fixture page (dev.html) feeds it messages.
import { el, clear, tileName, tileId, kindOf, WINDS, isTyping } from './util.js';
import { tileEl, pondEl, meldsEl, doraEl, windLetter } from './view.js';
import { handEndEl, gameEndEl, withWinds } from './results.js';
import { renderHelper } from './helper.js';
import { copyButton } from './clipboard.js';

const REL_CLASS = ['bottom', 'right', 'top', 'left'];
// Keys that pick the n-th tile of the hand (the drawn tile is Enter / Space or "]").
const PICK_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', '-', '=', '['];
const KAN_TYPES = ['ankan', 'kakan', 'daiminkan'];

export const SHORTCUTS = [
  ['1 … 9, 0, -, =, [', 'discard the 1st … 13th tile of the hand'],
  [']', 'discard the drawn tile'],
  ['Enter / Space', 'discard the drawn tile (tsumogiri), or pass a call'],
  ['r', 'riichi: then pick one of the highlighted tiles'],
  ['t', 'tsumo or ron'],
  ['p', 'pon'],
  ['c', 'chi (then 1, 2, … when there are several)'],
  ['k', 'kan (then 1, 2, … when there are several)'],
  ['Esc', 'pass; or cancel riichi / a choice'],
  ['a', 'show / hide the analysis helper'],
  ['?', 'this help'],
];

export class TableView {
  // handlers: {act(index), analysis(enabled), link: string|null}
  constructor(root, handlers = {}) {
    this.root = root;
    this.handlers = handlers;
    this.msg = null;
    this.mode = null;  // null | 'riichi' | {choice: [legal indices]}
    this.analysisOn = localStorage.getItem('riichi.analysis') === '1';
    this.overlays = [];
    this.deadline = null;
    this.build();
    this.keyHandler = (e) => this.onKey(e);
    document.addEventListener('keydown', this.keyHandler);
    this.timer = setInterval(() => this.tick(), 100);
  }

  destroy() {
    document.removeEventListener('keydown', this.keyHandler);
    clearInterval(this.timer);
  }

  build() {
    clear(this.root);
    this.topbar = el('header.topbar');
    this.board = el('div.board');
    this.areas = REL_CLASS.map((c) => el(`section.seat-area.${c}`, { dataset: { rel: c } }));
    this.center = el('div.center');
    this.board.append(...this.areas, this.center);
    this.handBox = el('div.my-hand');
    this.actions = el('div.actions');
    this.analysis = el('aside.analysis', { hidden: !this.analysisOn });
    this.status = el('div.status', { role: 'status' });
    this.overlay = el('div.overlay', { hidden: true });
    this.help = el('div.overlay.help', { hidden: true }, el('div.modal', {},
      el('h2', { text: 'Keyboard shortcuts' }),
      el('table.keys', {}, SHORTCUTS.map(([k, d]) => el('tr', {}, el('td', {}, el('kbd', { text: k })), el('td', { text: d })))),
      el('button', { text: 'Close', onclick: () => (this.help.hidden = true) })));
    this.root.append(el('div.table-page', {}, this.topbar, this.board, this.handBox,
      this.actions, this.status, this.analysis), this.overlay, this.help);
    // The helper (helper.js) renders into #helper-panel; made here when the layout has none.
    this.helperPanel = this.root.querySelector('#helper-panel') || el('section#helper-panel', { hidden: true });
    if (!this.helperPanel.isConnected) this.analysis.after(this.helperPanel);
  }

  players() {
    return this.msg && this.msg.game ? this.msg.game.players : [];
  }

  // --- state ------------------------------------------------------------------------------
  update(msg) {
    const prevVersion = this.msg ? this.msg.version : null;
    this.msg = msg;
    this.pending = false;
    if (prevVersion !== msg.version) this.mode = null;
    this.deadline = msg.deadline_ms !== null && msg.deadline_ms !== undefined
      ? performance.now() + msg.deadline_ms : null;
    this.render();
  }

  render() {
    const msg = this.msg;
    if (!msg) return;
    const { game, observation: obs } = msg;
    const me = obs.seat >= 0 ? obs.seat : 0;
    this.renderTopbar(game);
    for (let rel = 0; rel < 4; ++rel) this.renderSeat(this.areas[rel], (me + rel) % 4, rel, game, obs);
    this.renderCenter(game, obs);
    this.renderHand(obs);
    this.renderActions();
    this.renderAnalysis();
  }

  renderTopbar(game) {
    clear(this.topbar);
    this.topbar.append(
      el('a.home', { href: '/', text: '← Lobby' }),
      el('span.rules', { text: game.rules }),
      this.handlers.link ? el('span.invite', {},
        'Invite: ', el('input.link', { value: this.handlers.link, readonly: true, size: 28,
          onclick: (e) => e.target.select() }),
        copyButton(() => this.handlers.link)) : null,
      el('label.toggle', {},
        el('input', { type: 'checkbox', checked: this.analysisOn, id: 'analysis-toggle',
          onchange: (e) => this.setAnalysis(e.target.checked) }), ' Analysis'),
      el('button.help-button', { text: '?', title: 'Keyboard shortcuts', onclick: () => (this.help.hidden = false) }));
  }

  renderSeat(area, seat, rel, game, obs) {
    clear(area);
    area.dataset.seat = String(seat);
    area.classList.toggle('to-play', obs.to_play === seat);
    const p = (game.players || [])[seat] || {};
    const wind = game.seat_winds ? game.seat_winds[seat] : (seat - game.dealer + 4) % 4;
    const info = el('div.seat-info', {},
      el('span.wind', { text: windLetter(wind), class: wind === 0 ? 'wind dealer' : 'wind', title: wind === 0 ? 'dealer' : null }),
      el('span.name', { text: p.name || `Seat ${seat}` }),
      p.kind === 'bot' ? el('span.badge', { text: 'bot' }) : null,
      p.substitute ? el('span.badge.warn', { text: 'bot plays (away)' }) : null,
      p.kind === 'human' && !p.connected && !p.substitute ? el('span.badge.warn', { text: 'offline' }) : null,
      el('span.score', { text: String(game.scores[seat]) }),
      obs.riichi && obs.riichi[seat] ? el('span.riichi-stick', { title: 'riichi' }) : null);
    area.append(info);
    if (rel !== 0) {
      const n = (obs.concealed_count || [])[seat] || 0;
      const backs = el('div.backs', { title: `${n} tiles` });
      for (let i = 0; i < n; ++i) backs.append(el('span.back-mini'));
      area.append(el('div.opp-hand', {}, backs, meldsEl(obs.melds[seat], seat)));
    }
    area.append(pondEl(obs.discards[seat], obs.last_discard ? tileId(obs.last_discard) : null));
  }

  renderCenter(game, obs) {
    clear(this.center);
    this.center.append(
      el('div.round', { text: game.hand_name || `${WINDS[game.round_wind]} ${game.hand_number + 1}` }),
      el('div.counters', {},
        el('span', { text: `Honba ${game.honba}`, title: 'honba (repeat counters)' }),
        el('span', { text: `Riichi ${game.riichi_sticks}`, title: 'riichi sticks on the table' }),
        el('span.tiles-left', { text: `Left ${obs.tiles_left}`, title: 'tiles left in the live wall' })),
      el('div.dora-label', { text: 'Dora indicators' }),
      doraEl(obs.dora_indicators),
      el('div.turn', { text: this.turnText(obs) }),
      el('div.last-action', { text: this.lastText() }));
  }

  // The action that made this state (`last` of the state message): "greedy (S): pon 5p5p <- 5p".
  lastText() {
    const last = this.msg && this.msg.last;
    if (!last || last.seat === undefined || last.seat < 0) return '';
    const p = this.players()[last.seat];
    const wind = this.msg.game.seat_winds ? this.msg.game.seat_winds[last.seat] : null;
    return `${p ? p.name : 'Seat ' + last.seat}${wind !== null ? ' (' + windLetter(wind) + ')' : ''}: ${last.action}`;
  }

  turnText(obs) {
    const players = this.players();
    if (obs.phase === 'over') return 'Hand over';
    if (obs.to_play < 0) return '';
    if (obs.to_play === obs.seat) return obs.phase === 'claim' || obs.phase === 'chankan' ? 'Your call' : 'Your turn';
    const p = players[obs.to_play];
    return `${p ? p.name : 'Seat ' + obs.to_play} to play`;
  }

  legal() {
    return (this.msg && this.msg.legal) || [];
  }

  // legal indices of one type, keyed by tile id for discards/riichi
  indicesOf(type) {
    const out = [];
    this.legal().forEach((a, i) => { if (a.type === type) out.push(i); });
    return out;
  }

  discardIndexFor(id, type) {
    return this.legal().findIndex((a) => a.type === type && tileId(a.tile) === id);
  }

  renderHand(obs) {
    clear(this.handBox);
    if (obs.seat < 0) {
      this.handBox.append(el('p.watch', { text: 'Watching (spectator)' }));
      return;
    }
    const type = this.mode === 'riichi' ? 'riichi' : 'discard';
    const best = new Set();
    const an = this.analysisOn && this.msg.analysis;
    if (an && !an.helper && an.discards && an.discards.length) {
      const top = an.discards[0];
      for (const d of an.discards) {
        if (d.shanten === top.shanten && d.ukeire === top.ukeire) best.add(kindOf(tileName(d.tile)));
      }
    }
    const tiles = el('div.hand-tiles');
    const mk = (t, drawn, pos) => {
      const idx = this.discardIndexFor(tileId(t), type);
      const cls = ['hand-tile', drawn ? 'drawn' : '', idx >= 0 ? 'playable' : '',
        this.mode === 'riichi' && idx >= 0 ? 'riichi-choice' : '',
        best.has(kindOf(tileName(t))) ? 'best' : ''].join(' ');
      const node = tileEl(t, { cls });
      if (pos !== null) node.dataset.key = PICK_KEYS[pos] || '';
      if (idx >= 0) node.addEventListener('click', () => this.act(idx));
      return node;
    };
    (obs.concealed || []).forEach((t, i) => tiles.append(mk(t, false, i)));
    if (obs.drawn) {
      tiles.append(el('span.gap'));
      tiles.append(mk(obs.drawn, true, null));
    }
    this.handBox.append(tiles, meldsEl(obs.melds[obs.seat], obs.seat));
  }

  renderActions() {
    clear(this.actions);
    const legal = this.legal();
    if (!legal.length) return;
    const add = (label, key, onclick, cls = '') =>
      this.actions.append(el(`button.action${cls}`, { onclick, dataset: { key } }, label, key ? el('kbd', { text: key }) : null));
    if (this.mode && this.mode.choice) {
      this.mode.choice.forEach((i, n) => {
        const a = legal[i];
        this.actions.append(el('button.action.choice', { onclick: () => this.act(i), dataset: { key: String(n + 1), type: a.type } },
          el('span', { text: `${a.type} ` }),
          ...(a.tiles || []).map((t) => tileEl(t, { cls: 'mini' })),
          a.tile && a.type !== 'ankan' && a.type !== 'kakan' ? el('span', { text: ' ← ' }) : null,
          a.tile && a.type !== 'ankan' && a.type !== 'kakan' ? tileEl(a.tile, { cls: 'mini' }) : null,
          el('kbd', { text: String(n + 1) })));
      });
      add('Cancel', 'Esc', () => this.setMode(null));
      return;
    }
    if (this.mode === 'riichi') {
      this.actions.append(el('span.hint', { text: 'Riichi: pick the discard (highlighted)' }));
      add('Cancel', 'Esc', () => this.setMode(null));
      return;
    }
    const obs = this.msg.observation;
    if (obs.last_discard && (obs.phase === 'claim' || obs.phase === 'chankan')) {
      this.actions.append(el('span.hint.claim-tile', {}, 'Call on ', tileEl(obs.last_discard, { cls: 'mini' }), '?'));
    }
    const one = (type) => this.indicesOf(type);
    for (const i of [...one('tsumo'), ...one('ron')]) {
      add(legal[i].type === 'tsumo' ? 'Tsumo' : 'Ron', 't', () => this.act(i), '.win');
    }
    if (one('riichi').length) add('Riichi', 'r', () => this.setMode('riichi'), '.riichi');
    const chi = one('chi');
    if (chi.length) add('Chi', 'c', () => this.choose(chi));
    const pon = one('pon');
    if (pon.length) add('Pon', 'p', () => this.choose(pon));
    const kan = legal.map((a, i) => (KAN_TYPES.includes(a.type) ? i : -1)).filter((i) => i >= 0);
    if (kan.length) add(kan.length === 1 ? `Kan (${legal[kan[0]].type})` : 'Kan', 'k', () => this.choose(kan));
    for (const i of one('kyuushu')) add('Kyuushu (draw)', '', () => this.act(i));
    for (const i of one('pass')) add('Pass', 'Esc', () => this.act(i), '.pass');
    const tg = legal.findIndex((a) => a.type === 'discard' && a.tsumogiri);
    if (tg >= 0) add('Tsumogiri', 'Enter', () => this.act(tg), '.tsumogiri');
    if (this.deadline !== null) this.actions.append(el('span.countdown'));
    this.tick();
  }

  choose(indices) {
    if (indices.length === 1) this.act(indices[0]);
    else this.setMode({ choice: indices });
  }

  setMode(mode) {
    this.mode = mode;
    this.renderHand(this.msg.observation);
    this.renderActions();
  }

  tick() {
    const node = this.actions.querySelector('.countdown');
    if (!node || this.deadline === null) return;
    const left = Math.max(0, this.deadline - performance.now());
    node.textContent = `${(left / 1000).toFixed(1)} s`;
    node.classList.toggle('urgent', left < 2000);
  }

  act(index) {
    if (!this.msg) return;
    const a = this.legal()[index];
    if (!a || this.pending) return;
    this.pending = true;  // one action per state: the next state (or an error) clears it
    this.mode = null;
    this.actions.querySelectorAll('button').forEach((b) => (b.disabled = true));
    if (this.handlers.act) this.handlers.act(index, this.msg.version, a);
  }

  setAnalysis(on) {
    this.analysisOn = on;
    localStorage.setItem('riichi.analysis', on ? '1' : '0');
    const box = this.root.querySelector('#analysis-toggle');
    if (box) box.checked = on;
    if (this.handlers.analysis) this.handlers.analysis(on);
    this.renderAnalysis();
    if (this.msg) this.renderHand(this.msg.observation);
  }

  renderAnalysis() {
    clear(this.analysis);
    this.analysis.hidden = !this.analysisOn;
    renderHelper(this.helperPanel, this.analysisOn ? this.msg : null, this.handBox);
    if (!this.analysisOn) return;
    const an = this.msg && this.msg.analysis;
    if (an && an.helper) { this.analysis.hidden = true; return; }  // the helper replaces it
    this.analysis.append(el('h3', { text: 'Analysis' }));
    if (!an) {
      this.analysis.append(el('p', { text: 'Shown on your turn.' }));
      return;
    }
    const sh = an.shanten === 0 ? 'tenpai' : an.shanten < 0 ? 'complete' : `${an.shanten}-shanten`;
    this.analysis.append(el('p.shanten', { text: `Hand: ${sh}` }));
    const waitsEl = (waits) => el('span.waits', {}, (waits || []).map((w) =>
      el('span.wait', {}, tileEl(w.tile, { cls: 'mini' }), el('sub', { text: String(w.remaining) }))));
    if (an.discards && an.discards.length) {
      this.analysis.append(el('table.analysis-table', {},
        el('tr', {}, ['Discard', 'Shanten', 'Tiles', 'Effective tiles (left)'].map((h) => el('th', { text: h }))),
        an.discards.map((d) => el('tr', {},
          el('td', {}, tileEl(d.tile, { cls: 'mini' })),
          el('td.num', { text: String(d.shanten) }),
          el('td.num', { text: String(d.ukeire) }),
          el('td', {}, waitsEl(d.waits))))));
    } else if (an.waits) {
      this.analysis.append(el('p', {}, `Effective tiles: ${an.ukeire} `), waitsEl(an.waits));
    }
  }

  // --- results ----------------------------------------------------------------------------
  showHandEnd(msg) {
    // hand_end comes before the next hand's state: the winds are still those of the hand
    const game = this.msg && this.msg.game;
    const melds = this.msg && this.msg.observation ? this.msg.observation.melds : null;
    this.pushOverlay(handEndEl(msg, withWinds(this.players(), game && game.seat_winds), melds), 'hand-end');
  }

  showGameEnd(msg, extra) {
    this.pushOverlay(el('div', {}, gameEndEl(msg.final, this.players()), extra || null), 'game-end');
  }

  pushOverlay(content, kind) {
    this.overlays.push({ content, kind });
    if (this.overlay.hidden) this.nextOverlay();
  }

  nextOverlay() {
    const next = this.overlays.shift();
    if (!next) {
      this.overlay.hidden = true;
      clear(this.overlay);
      return;
    }
    clear(this.overlay);
    this.overlay.dataset.kind = next.kind;
    this.overlay.append(el('div.modal', {}, next.content,
      el('button.ok', { text: next.kind === 'game-end' ? 'Close' : 'OK', onclick: () => this.nextOverlay() }, el('kbd', { text: 'Enter' }))));
    this.overlay.hidden = false;
  }

  // A message under the table for `ms` milliseconds (0: until the next message).
  flash(text, kind = 'error', ms = 5000) {
    this.status.textContent = text;
    this.status.dataset.kind = kind;
    clearTimeout(this.flashTimer);
    if (ms > 0) this.flashTimer = setTimeout(() => (this.status.textContent = ''), ms);
  }

  // --- keyboard ---------------------------------------------------------------------------
  onKey(e) {
    if (isTyping(e.target)) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (!this.help.hidden) {
      if (e.key === 'Escape' || e.key === '?' || e.key === 'Enter') this.help.hidden = true;
      e.preventDefault();
      return;
    }
    if (!this.overlay.hidden) {
      if (e.key === 'Enter' || e.key === 'Escape' || e.key === ' ') {
        e.preventDefault();
        this.nextOverlay();
      }
      return;
    }
    if (this.handleKey(e.key)) e.preventDefault();
  }

  handleKey(key) {
    if (key === '?') { this.help.hidden = false; return true; }
    if (key === 'a') { this.setAnalysis(!this.analysisOn); return true; }
    if (!this.msg) return false;
    const legal = this.legal();
    const obs = this.msg.observation;
    if (this.mode && this.mode.choice) {
      const n = Number(key);
      if (n >= 1 && n <= this.mode.choice.length) { this.act(this.mode.choice[n - 1]); return true; }
      if (key === 'Escape') { this.setMode(null); return true; }
      return false;
    }
    const type = this.mode === 'riichi' ? 'riichi' : 'discard';
    const pos = PICK_KEYS.indexOf(key);
    if (pos >= 0 && obs.concealed && pos < obs.concealed.length) {
      const i = this.discardIndexFor(tileId(obs.concealed[pos]), type);
      if (i >= 0) { this.act(i); return true; }
    }
    const find = (pred) => legal.findIndex(pred);
    switch (key) {
      case ']': case 'Enter': case ' ': {
        const drawn = obs.drawn ? tileId(obs.drawn) : null;
        const i = drawn !== null ? this.discardIndexFor(drawn, type) : -1;
        if (i >= 0) { this.act(i); return true; }
        const pass = find((a) => a.type === 'pass');
        if (pass >= 0 && key !== ']') { this.act(pass); return true; }
        return false;
      }
      case 'Escape': {
        if (this.mode) { this.setMode(null); return true; }
        const pass = find((a) => a.type === 'pass');
        if (pass >= 0) { this.act(pass); return true; }
        return false;
      }
      case 'r': if (this.indicesOf('riichi').length) { this.setMode('riichi'); return true; } return false;
      case 't': {
        const i = find((a) => a.type === 'tsumo' || a.type === 'ron');
        if (i >= 0) { this.act(i); return true; }
        return false;
      }
      case 'p': { const l = this.indicesOf('pon'); if (l.length) { this.choose(l); return true; } return false; }
      case 'c': { const l = this.indicesOf('chi'); if (l.length) { this.choose(l); return true; } return false; }
      case 'k': {
        const l = legal.map((a, i) => (KAN_TYPES.includes(a.type) ? i : -1)).filter((i) => i >= 0);
        if (l.length) { this.choose(l); return true; }
        return false;
      }
      default: return false;
    }
  }
}

