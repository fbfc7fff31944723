// The table as one seat sees it (a `state` message of docs/web-protocol.md), its action buttons
// and keyboard shortcuts, the analysis helper and the result overlays. No networking here: the
// controller (table.js) or the fixture page (dev.html) feeds it messages.
//
// Layout (docs/web-protocol.md, "The table page"): the board is a rectangle whose four seat areas
// are turned toward their players (the own seat at the bottom), each pond starting at the centre's
// left edge as seen by its player; the centre shows each seat's wind and score on its side, the
// round, honba, riichi sticks, tiles left and the dora indicators. The own hand, the actions and the
// auto options are docked at the bottom; the side panel (analysis, #helper-panel) beside the board
// on a wide screen, below it on a narrow one. After a hand the board stays as it ended (the hands
// shown) until the player's OK or the table's countdown.
import { el, clear, tileName, tileId, kindOf, WINDS, isTyping } from './util.js';
import { tileEl, pondEl, meldsEl, doraEl, windLetter, seatCount, seatWind, kitaEl, emptySeatEl } from './view.js';
import { handEndEl, gameEndEl, withWinds } from './results.js';
import { renderHelper } from './helper.js';
import { copyButton } from './clipboard.js';
import { doraOf } from './tiles.js';
import { Sounds } from './sounds.js';

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
  ['n', 'kita: set a North aside (three-player games)'],
  ['Esc', 'pass; or cancel riichi / a choice'],
  ['a', 'show / hide the analysis helper'],
  ['?', 'this help'],
];

const CALL_WORDS = { chi: 'Chi', pon: 'Pon', daiminkan: 'Kan', kakan: 'Kan', ankan: 'Kan', riichi: 'Riichi', kita: 'Kita' };
const TIMER_CHOICES = [[0, 0, 'No timer'], [5000, 20000, '5 s + 20 s'], [10000, 30000, '10 s + 30 s'],
  [20000, 60000, '20 s + 60 s']];
export class TableView {
  // handlers: {act(index), analysis(enabled), ready(), options({key: bool}), timer(turn_ms, bank_ms),
  // link: string|null}
  constructor(root, handlers = {}) {
    this.root = root;
    this.handlers = handlers;
    this.msg = null;
    this.mode = null;  // null | 'riichi' | {choice: [legal indices]}
    this.analysisOn = localStorage.getItem('riichi.analysis') === '1';
    this.sounds = new Sounds(root);
    this.overlays = [];
    this.deadline = null;
    this.handOver = null;  // {until, queued, reveal}: the board kept as the hand ended
    this.calloutVersion = null;
    this.cuedVersion = null;  // the state whose turn was cued (one tone per decision)
    this.build();
    this.keyHandler = (e) => this.onKey(e);
    document.addEventListener('keydown', this.keyHandler);
    this.timer = setInterval(() => this.tick(), 100);
    this.resizer = new ResizeObserver(() => this.layout());
    this.resizer.observe(this.boardWrap);
    this.onResize = () => this.layout();
    window.addEventListener('resize', this.onResize);
  }

  destroy() {
    document.removeEventListener('keydown', this.keyHandler);
    window.removeEventListener('resize', this.onResize);
    clearInterval(this.timer);
    this.resizer.disconnect();
  }

  build() {
    clear(this.root);
    this.topbar = el('header.topbar');
    this.board = el('div.board.table-board');
    this.areas = REL_CLASS.map((c) => el(`section.seat-area.${c}`, { dataset: { rel: c } }));
    this.plates = REL_CLASS.map((c) => el(`div.seat-plate.${c}`, { dataset: { rel: c } }));
    this.centerInfo = el('div.center-info');
    this.center = el('div.center', {}, ...this.plates, this.centerInfo);
    this.callouts = el('div.callouts', { 'aria-live': 'polite' });
    this.board.append(...this.areas, this.center, this.callouts);
    this.boardWrap = el('div.board-wrap', {}, this.board);
    this.handBox = el('div.my-hand');
    this.actions = el('div.actions');
    this.turnCue = el('div.turn-cue', { role: 'status' });
    this.turnTimer = el('span.turn-timer');
    this.autoBox = el('div.auto-options');
    this.status = el('div.status', { role: 'status' });
    this.dock = el('div.dock', {},
      el('div.dock-row', {}, this.turnCue, this.turnTimer, this.actions),
      el('div.dock-hand', {}, this.handBox, this.autoBox), this.status);
    this.analysis = el('aside.analysis', { hidden: !this.analysisOn });
    this.helperPanel = el('aside#helper-panel.helper-panel');
    this.side = el('div.side-panel', {}, this.analysis, this.helperPanel);
    this.overlay = el('div.overlay', { hidden: true });
    this.help = el('div.overlay.help', { hidden: true }, el('div.modal', {},
      el('h2', { text: 'Keyboard shortcuts' }),
      el('table.keys', {}, SHORTCUTS.map(([k, d]) => el('tr', {}, el('td', {}, el('kbd', { text: k })), el('td', { text: d })))),
      el('button', { text: 'Close', onclick: () => (this.help.hidden = true) })));
    this.page = el('div.table-page.play', {}, this.topbar, this.boardWrap, this.dock, this.side);
    this.root.append(this.page, this.overlay, this.help);
    this.renderAuto();
  }

  // Sizes the board to the space left by the top bar, the dock and the side panel: tiles of
  // about a 23rd of the board (26 px at least on a phone, for legible ponds), ponds of three rows
  // between the centre and the edge.
  layout() {
    const wide = window.matchMedia('(min-width: 1100px)').matches;
    const side = window.matchMedia('(orientation: landscape) and (max-height: 500px)').matches;
    if (side) {
      // a phone on its side: the controls beside the board, the hand under it
      const h = window.innerHeight - this.handBox.offsetHeight - 6;
      this.boardWrap.style.height = `${Math.max(200, h)}px`;
    } else if (!wide) {
      const h = window.innerHeight - this.topbar.offsetHeight - this.dock.offsetHeight - 6;
      this.boardWrap.style.height = `${Math.max(240, h)}px`;
    } else {
      this.boardWrap.style.height = '';
    }
    const w = this.boardWrap.clientWidth;
    const h = this.boardWrap.clientHeight;
    if (!w || !h) return;
    const phone = Math.min(window.innerWidth, window.innerHeight) < 560;
    let tw = phone ? 26 : Math.max(20, Math.min(34, Math.min(w, h) / 23));
    const W = phone ? w : Math.min(w, h * 1.35);
    const H = h;
    const depth = () => 3 * tw * 4 / 3 + (phone ? 4 : 16);
    const edge = phone ? 0 : tw * 1.2;  // room for the hidden hands and melds past the ponds
    let C = Math.min(W, H) - 2 * (depth() + edge);
    while (!phone && C < 150 && tw > 18) {
      tw -= 1;
      C = Math.min(W, H) - 2 * (depth() + tw * 1.2);
    }
    C = Math.max(phone ? 118 : 150, Math.min(230, C));
    const st = this.board.style;
    st.setProperty('--W', `${Math.floor(W)}px`);
    st.setProperty('--H', `${Math.floor(H)}px`);
    st.setProperty('--C', `${Math.floor(C)}px`);
    st.setProperty('--tw', `${Math.floor(tw)}px`);
    this.board.classList.toggle('compact', C < 170);
  }

  players() {
    return this.msg && this.msg.game ? this.msg.game.players : [];
  }

  // Three in a three-player game (game.num_players), else four.
  seatCount() {
    return seatCount(this.msg && this.msg.game ? this.msg.game.num_players : 4);
  }

  // The empty side of a three-player table: no pond, no hand, no plate.
  renderEmpty(area, plate, seat) {
    clear(area);
    clear(plate);
    area.dataset.seat = String(seat);
    plate.dataset.seat = String(seat);
    area.classList.remove('to-play');
    plate.classList.remove('to-play');
    area.classList.add('empty');
    plate.classList.add('empty');
    area.append(emptySeatEl());
  }

  // --- state ------------------------------------------------------------------------------
  update(msg) {
    if (this.handOver) {
      // The board stays as the hand ended; the next deal waits behind the result. The table has
      // moved on (every OK, or the countdown) when the state no longer says it waits.
      this.handOver.queued = msg;
      if (msg.hand_over) this.handOver.until = performance.now() + (msg.hand_over.left_ms || 0);
      else this.endHandOver();
      return;
    }
    const prevVersion = this.msg ? this.msg.version : null;
    this.msg = msg;
    this.pending = false;
    if (prevVersion !== msg.version) this.mode = null;
    this.deadline = msg.deadline_ms !== null && msg.deadline_ms !== undefined
      ? performance.now() + msg.deadline_ms : null;
    this.waitUntil = msg.hand_over ? performance.now() + (msg.hand_over.left_ms || 0) : null;
    this.calloutFrom(msg);
    this.render();
    this.cueTurn();
  }

  render() {
    const msg = this.msg;
    if (!msg) return;
    const { game, observation: obs } = msg;
    const me = obs.seat >= 0 ? obs.seat : 0;
    this.renderTopbar(game);
    const seats = this.seatCount();
    this.board.classList.toggle('sanma', seats === 3);
    for (let rel = 0; rel < 4; ++rel) {
      const seat = (me + rel) % 4;
      if (seat >= seats) {
        this.renderEmpty(this.areas[rel], this.plates[rel], seat);
        continue;
      }
      this.renderSeat(this.areas[rel], seat, rel, game, obs);
      this.renderPlate(this.plates[rel], seat, game, obs);
    }
    this.renderCenter(game, obs);
    this.renderHand(obs);
    this.renderActions();
    this.renderAuto();
    this.renderAnalysis();
    this.layout();
  }

  // The seat a relative position shows (0 = the bottom, the viewer).
  relOf(seat) {
    const me = this.msg && this.msg.observation.seat >= 0 ? this.msg.observation.seat : 0;
    return (seat - me + 4) % 4;
  }

  // A call-out over the seat: "Pon", "Riichi", "Ron 8000"...
  callout(seat, text, kind = 'call') {
    const node = el(`div.callout.${REL_CLASS[this.relOf(seat)]}`, { dataset: { kind, seat: String(seat) }, text });
    this.callouts.append(node);
    setTimeout(() => node.remove(), 2200);
    this.sounds.play(kind === 'win' ? 'win' : kind === 'riichi' ? 'riichi' : 'call');
  }

  calloutFrom(msg) {
    const last = msg.last;
    if (this.calloutVersion === null) {
      this.calloutVersion = msg.version;  // what happened before the page opened is not called out
      return;
    }
    if (!last || last.version <= this.calloutVersion) return;
    this.calloutVersion = last.version;
    const word = CALL_WORDS[String(last.action || '').split(' ')[0]];
    if (word) this.callout(last.seat, word, word === 'Riichi' ? 'riichi' : 'call');
  }

  isMyTurn() {
    const msg = this.msg;
    return !!(msg && !this.handOver && msg.observation.seat >= 0 && this.legal().length);
  }

  isClaim() {
    const phase = this.msg && this.msg.observation.phase;
    return phase === 'claim' || phase === 'chankan';
  }

  // The turn cue: the dock lights up and (with sound on) a tone when the player has to act.
  cueTurn() {
    const mine = this.isMyTurn();
    this.dock.classList.toggle('my-turn', mine);
    this.dock.classList.toggle('my-call', mine && this.isClaim());
    if (mine && this.cuedVersion !== this.msg.version) this.sounds.play(this.isClaim() ? 'call' : 'turn');
    if (mine) this.cuedVersion = this.msg.version;
    this.renderTurnCue();
  }

  renderTurnCue() {
    const msg = this.msg;
    if (!msg) return;
    let text = '';
    if (this.handOver) text = 'Hand over';
    else if (msg.hand_over && msg.hand_over.waiting.length) {
      const names = msg.hand_over.waiting.map((s) => (this.players()[s] || {}).name || `Seat ${s}`);
      text = `Waiting for ${names.join(', ')} to press OK`;
    } else if (this.isMyTurn()) text = this.isClaim() ? 'Your call' : 'Your turn';
    else text = this.turnText(msg.observation);
    this.turnCue.textContent = text;
  }

  renderTopbar(game) {
    clear(this.topbar);
    const mine = this.msg && this.msg.seat >= 0 && this.msg.seat === game.host;
    const timer = game.timer || { turn_ms: 0, bank_ms: 0 };
    const timerText = (t) => (t.turn_ms ? `${t.turn_ms / 1000} s + ${t.bank_ms / 1000} s` : 'No timer');
    let timerEl = null;
    if (mine && !game.over) {
      const choices = TIMER_CHOICES.map(([turn, bank, label]) => [`${turn},${bank}`, label]);
      const current = `${timer.turn_ms},${timer.bank_ms}`;
      if (!choices.some(([v]) => v === current)) choices.push([current, timerText(timer)]);
      timerEl = el('label.toggle', { title: 'Turn timer of this table: time per discard + time bank for the game' }, 'Timer ',
        el('select#turn-timer', { onchange: (e) => {
          const [turn, bank] = e.target.value.split(',').map(Number);
          if (this.handlers.timer) this.handlers.timer(turn, bank);
        } }, choices.map(([v, label]) => el('option', { value: v, text: label, selected: v === current }))));
    } else if (timer.turn_ms) {
      timerEl = el('span.timer-info', { text: `Timer ${timerText(timer)}` });
    }
    this.topbar.append(...[
      el('a.home', { href: '/', text: '← Lobby' }),
      el('span.rules', { text: game.rules }),
      this.handlers.link ? el('span.invite', {},
        'Invite: ', el('input.link', { value: this.handlers.link, readonly: true, size: 28,
          onclick: (e) => e.target.select() }),
        copyButton(() => this.handlers.link)) : null,
      timerEl,
      el('label.toggle', { title: 'tones for your turn and for calls' },
        el('input', { type: 'checkbox', checked: this.sounds.on, id: 'sound-toggle',
          onchange: (e) => this.sounds.set(e.target.checked) }), ' Sound'),
      el('label.toggle', {},
        el('input', { type: 'checkbox', checked: this.analysisOn, id: 'analysis-toggle',
          onchange: (e) => this.setAnalysis(e.target.checked) }), ' Analysis'),
      el('button.help-button', { text: '?', title: 'Keyboard shortcuts', onclick: () => (this.help.hidden = false) }),
    ].filter(Boolean));
  }

  // A seat area, drawn as its player sees it (the area is turned toward the player): the riichi
  // stick in front, the pond (6 + 6 + the rest), the hidden hand (or the hand shown after the
  // hand) and the melds at its right.
  renderSeat(area, seat, rel, game, obs) {
    clear(area);
    area.dataset.seat = String(seat);
    area.classList.remove('empty');
    area.classList.toggle('to-play', obs.to_play === seat && !this.handOver);
    if (obs.riichi && obs.riichi[seat]) area.append(el('span.riichi-stick', { title: 'riichi' }));
    const pond = pondEl(obs.discards[seat], obs.last_discard ? tileId(obs.last_discard) : null);
    const tiles = [...pond.children];
    for (const at of [12, 6]) if (tiles.length > at) pond.insertBefore(el('span.pond-break'), tiles[at]);
    area.append(pond);
    const shown = this.handOver && this.handOver.reveal[seat];
    if (shown) {
      area.append(el('div.revealed', {}, shown.map((t, i) => tileEl(t, { cls: i === shown.length - 1 && shown.winTile ? 'win-tile' : '' }))));
    }
    if (rel !== 0) {
      const n = (obs.concealed_count || [])[seat] || 0;
      const backs = el('div.backs', { title: `${n} tiles` });
      for (let i = 0; i < n; ++i) backs.append(el('span.back-mini'));
      area.append(el('div.opp-hand', {}, shown ? null : backs, meldsEl(obs.melds[seat], seat),
        kitaEl((obs.kita || [])[seat])));
    }
  }

  // The seat's side of the centre: wind (red for the dealer), name, score; lit when it plays.
  renderPlate(plate, seat, game, obs) {
    clear(plate);
    plate.dataset.seat = String(seat);
    plate.classList.remove('empty');
    plate.classList.toggle('to-play', obs.to_play === seat && !this.handOver);
    const p = (game.players || [])[seat] || {};
    const wind = game.seat_winds ? game.seat_winds[seat] : seatWind(seat, game.dealer, this.seatCount());
    plate.append(el('div.seat-info', {},
      el('span.wind', { text: windLetter(wind), class: wind === 0 ? 'wind dealer' : 'wind', title: wind === 0 ? 'dealer' : WINDS[wind] }),
      el('span.name', { text: p.name || `Seat ${seat}`, title: p.name || '' }),
      p.kind === 'bot' ? el('span.badge', { text: 'bot' }) : null,
      p.substitute ? el('span.badge.warn', { text: 'bot plays (away)' }) : null,
      p.kind === 'human' && !p.connected && !p.substitute ? el('span.badge.warn', { text: 'offline' }) : null,
      el('span.score', { text: String(game.scores[seat]) })));
  }

  renderCenter(game, obs) {
    clear(this.centerInfo);
    // Nukidora: each North set aside is one more dora, counted beside the indicators.
    const kita = (obs.kita || []).reduce((a, b) => a + b, 0);
    this.centerInfo.append(
      el('div.round', { text: game.hand_name || `${WINDS[game.round_wind]} ${game.hand_number + 1}` }),
      el('div.counters', {},
        el('span.honba', { text: `Honba ${game.honba}`, title: 'honba (repeat counters)' }),
        el('span.sticks', { text: `Riichi ${game.riichi_sticks}`, title: 'riichi sticks on the table' }),
        el('span.tiles-left', { text: `Left ${obs.tiles_left}`, title: 'tiles left in the live wall' })),
      doraEl(obs.dora_indicators),
      kita ? el('div.kita-dora', { text: `Kita ${kita} (+${kita} dora)`,
        title: 'North tiles set aside (nukidora): one dora each for their owner' }) : null,
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
    if (obs.phase === 'over' || this.handOver) return 'Hand over';
    if (obs.to_play < 0) return '';
    if (obs.to_play === obs.seat) return obs.phase === 'claim' || obs.phase === 'chankan' ? 'Your call' : 'Your turn';
    const p = players[obs.to_play];
    return `${p ? p.name : 'Seat ' + obs.to_play} to play`;
  }

  legal() {
    if (this.handOver) return [];  // the ended hand's board: nothing to play on it
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
    // dora in the own hand: the kinds the indicators show, and red fives
    const dora = new Set((obs.dora_indicators || []).map((t) => doraOf(tileName(t))));
    const isDora = (name) => name[0] === '0' || dora.has(name);
    const tiles = el('div.hand-tiles');
    const mk = (t, drawn, pos) => {
      const idx = this.discardIndexFor(tileId(t), type);
      const cls = ['hand-tile', drawn ? 'drawn' : '', idx >= 0 ? 'playable' : '',
        this.mode === 'riichi' && idx >= 0 ? 'riichi-choice' : '',
        best.has(kindOf(tileName(t))) ? 'best' : '', isDora(tileName(t)) ? 'dora-tile' : ''].join(' ');
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
    this.handBox.append(tiles, meldsEl(obs.melds[obs.seat], obs.seat), kitaEl((obs.kita || [])[obs.seat]));
  }

  renderActions() {
    clear(this.actions);
    const ho = this.msg && this.msg.hand_over;
    if (ho && !this.handOver && this.msg.seat >= 0 && ho.waiting.includes(this.msg.seat)) {
      // back after a reload while the table waits for our OK to the last result
      this.actions.append(el('button.action.ready', { text: 'Next hand', onclick: (e) => {
        e.target.disabled = true;
        if (this.handlers.ready) this.handlers.ready();
      } }));
    }
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
    const chi = this.callable('chi');
    if (chi.length) add('Chi', 'c', () => this.choose(chi));
    const pon = this.callable('pon');
    if (pon.length) add('Pon', 'p', () => this.choose(pon));
    const kan = this.kanIndices();
    if (kan.length) add(kan.length === 1 ? `Kan (${legal[kan[0]].type})` : 'Kan', 'k', () => this.choose(kan));
    for (const i of one('kita')) add('Kita', 'n', () => this.act(i), '.kita');
    for (const i of one('kyuushu')) add('Kyuushu (draw)', '', () => this.act(i));
    for (const i of one('pass')) add('Pass', 'Esc', () => this.act(i), '.pass');
    const tg = legal.findIndex((a) => a.type === 'discard' && a.tsumogiri);
    if (tg >= 0) add('Tsumogiri', 'Enter', () => this.act(tg), '.tsumogiri');
    if (this.deadline !== null && this.isClaim()) this.actions.append(el('span.countdown'));
    this.tick();
  }

  noCalls() {
    return !!(this.msg && this.msg.options && this.msg.options.no_calls);
  }

  // Chi / pon offers, none with "no calls" on (the server passes them; a ron stays offered).
  callable(type) {
    return this.noCalls() && this.isClaim() ? [] : this.indicesOf(type);
  }

  kanIndices() {
    const kan = this.legal().map((a, i) => (KAN_TYPES.includes(a.type) ? i : -1)).filter((i) => i >= 0);
    return this.noCalls() && this.isClaim() ? [] : kan;
  }

  // The auto options beside the hand (kept by the server for the seat: docs/web-protocol.md).
  renderAuto() {
    clear(this.autoBox);
    const msg = this.msg;
    const options = (msg && msg.options) || null;
    this.autoBox.hidden = !options;
    if (!options) return;
    const toggle = (key, id, label, title) => el('label.auto', { title },
      el('input', { type: 'checkbox', id, checked: !!options[key], onchange: (e) => {
        if (this.handlers.options) this.handlers.options({ [key]: e.target.checked });
      } }), ` ${label}`);
    this.autoBox.append(
      toggle('auto_win', 'auto-win', 'Auto-win', 'declare tsumo / ron as soon as it is possible'),
      toggle('auto_discard', 'auto-discard', 'Auto-discard in riichi', 'after riichi, discard each drawn tile unless it wins or makes a kan'),
      toggle('no_calls', 'no-calls', 'No calls', 'pass every chi, pon and kan (a ron is still offered)'));
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

  // The result's countdown to the next hand, as of `now` (shown from the start, then ticked).
  handCountdownText(now) {
    return `Next hand in ${Math.ceil(Math.max(0, this.handOver.until - now) / 1000)} s`;
  }

  tick() {
    const now = performance.now();
    const node = this.actions.querySelector('.countdown');
    if (node && this.deadline !== null) {
      const left = Math.max(0, this.deadline - now);
      node.textContent = `${(left / 1000).toFixed(1)} s`;
      node.classList.toggle('urgent', left < 2000);
    }
    this.tickTurnTimer(now);
    if (this.handOver) {
      const left = Math.max(0, this.handOver.until - now);
      for (const c of this.root.querySelectorAll('.hand-countdown')) c.textContent = this.handCountdownText(now);
      if (left <= 0 && this.handOver.until > 0) this.endHandOver();
    } else if (this.waitUntil && this.msg && this.msg.hand_over) {
      this.renderTurnCue();
      const left = Math.max(0, this.waitUntil - now);
      this.turnCue.textContent += ` (${Math.ceil(left / 1000)} s)`;
    }
  }

  // The turn timer of the own discard: the turn's seconds, then the time bank (red).
  tickTurnTimer(now) {
    const msg = this.msg;
    const timed = msg && this.deadline !== null && msg.bank_left_ms !== null && msg.bank_left_ms !== undefined &&
      this.isMyTurn() && !this.isClaim();
    this.turnTimer.hidden = !timed;
    if (!timed) return;
    const left = Math.max(0, this.deadline - now);
    const base = Math.max(0, left - msg.bank_left_ms);
    const bank = Math.min(left, msg.bank_left_ms);
    this.turnTimer.textContent = base > 0 ? `${Math.ceil(base / 1000)} s + ${Math.ceil(bank / 1000)} s bank`
      : `bank ${Math.ceil(bank / 1000)} s`;
    this.turnTimer.classList.toggle('urgent', base <= 0);
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
    const reveal = {};
    for (const w of msg.wins || []) {
      if (!w.hand_tiles) continue;
      const tiles = [...w.hand_tiles, ...(w.win_tile ? [w.win_tile] : [])];
      tiles.winTile = !!w.win_tile;
      reveal[w.seat] = tiles;
      const pay = w.payments || {};
      const points = pay.ron || (pay.each ? `${pay.each} all` : pay.non_dealer ? `${pay.non_dealer}/${pay.dealer}` : '');
      this.callout(w.seat, `${w.win_type === 'tsumo' ? 'Tsumo' : 'Ron'}${points ? ' ' + points : ''}`, 'win');
    }
    for (const h of (msg.draw && msg.draw.hands) || []) reveal[h.seat] = h.tiles;
    if (msg.draw) this.sounds.play('end');
    const body = handEndEl(msg, withWinds(this.players(), game && game.seat_winds), melds);
    if (msg.wait_ms > 0) {
      // The table waits for the OK: the board keeps the ended hand, its hands shown.
      this.handOver = { until: performance.now() + msg.wait_ms, queued: null, reveal };
      this.render();
      this.cueTurn();
    }
    this.pushOverlay(body, 'hand-end');
  }

  // The table plays on: the result closes, the next deal (kept meanwhile) shows.
  endHandOver() {
    const ho = this.handOver;
    if (!ho) return;
    this.handOver = null;
    if (this.overlay.dataset.kind === 'hand-end' && !this.overlay.hidden) this.nextOverlay(false);
    if (ho.queued) this.update(ho.queued);
    else if (this.msg) {
      this.render();
      this.cueTurn();
    }
  }

  showGameEnd(msg, extra) {
    this.pushOverlay(el('div', {}, gameEndEl(msg.final, this.players()), extra || null), 'game-end');
  }

  pushOverlay(content, kind) {
    this.overlays.push({ content, kind });
    if (this.overlay.hidden) this.nextOverlay();
  }

  nextOverlay(confirm = true) {
    if (this.overlay.dataset.kind === 'hand-end' && !this.overlay.hidden && confirm) {
      // OK on the result: the player is ready for the next hand
      if (this.handlers.ready && this.msg && this.msg.seat >= 0) this.handlers.ready();
      this.overlay.dataset.kind = '';
      this.endHandOver();
    }
    this.overlay.classList.remove('peek');
    const next = this.overlays.shift();
    if (!next) {
      this.overlay.hidden = true;
      clear(this.overlay);
      return;
    }
    clear(this.overlay);
    this.overlay.dataset.kind = next.kind;
    const peek = next.kind === 'hand-end' ? el('button.peek-toggle', {
      text: 'Look at the table', title: 'hide the result to look at the table; click again to bring it back',
      onclick: () => this.overlay.classList.toggle('peek') }) : null;
    const countdown = next.kind === 'hand-end' && this.handOver
      ? el('span.hand-countdown', { text: this.handCountdownText(performance.now()) }) : null;
    this.overlay.append(el('div.modal', {}, next.content,
      el('div.overlay-buttons', {}, countdown, peek,
        el('button.ok', { text: next.kind === 'game-end' ? 'Close' : 'OK', onclick: () => this.nextOverlay() }, el('kbd', { text: 'Enter' })))));
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
      case 'p': { const l = this.callable('pon'); if (l.length) { this.choose(l); return true; } return false; }
      case 'c': { const l = this.callable('chi'); if (l.length) { this.choose(l); return true; } return false; }
      case 'n': {
        const i = find((a) => a.type === 'kita');
        if (i >= 0) { this.act(i); return true; }
        return false;
      }
      case 'k': {
        const l = this.kanIndices();
        if (l.length) { this.choose(l); return true; }
        return false;
      }
      default: return false;
    }
  }
}

