// The table page (/table/ID): a WebSocket to the server, the seat's token kept in localStorage
// for reconnecting, and a TableView fed with the server's messages.
import { el, clear } from './util.js';
import { TableView } from './tableview.js';

export function playerName() {
  return localStorage.getItem('riichi.name') || 'Guest';
}

function tokenKey(table) {
  return `riichi.token.${table}`;
}

export function openTable(root, tableId, options = {}) {
  const link = `${location.origin}/table/${tableId}`;
  let ws = null;
  let closed = false;
  let retry = 0;
  let joinedOnce = false;
  let watch = !!options.watch;
  const view = new TableView(root, {
    link,
    act: (index, version) => send({ type: 'action', version, index }),
    analysis: (enabled) => send({ type: 'analysis', enabled }),
    ready: () => send({ type: 'ready' }),
    options: (change) => send({ type: 'options', ...change }),
    timer: (turnMs, bankMs) => send({ type: 'timer', turn_ms: turnMs, bank_ms: bankMs }),
  });
  root.dataset.table = tableId;

  function send(obj) {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(obj));
    else view.flash('Not connected: reconnecting…');
  }

  function connect() {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    ws = new WebSocket(`${proto}//${location.host}/ws`);
    ws.addEventListener('open', () => {
      retry = 0;
      const join = { type: 'join', table: tableId, name: playerName() };
      const token = localStorage.getItem(tokenKey(tableId));
      if (token) join.token = token;
      if (watch) join.watch = true;
      ws.send(JSON.stringify(join));
    });
    ws.addEventListener('message', (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch (err) {
        view.flash(`Bad message from the server: ${err.message}`);
        return;
      }
      handle(msg);
    });
    ws.addEventListener('close', () => {
      if (closed) return;
      view.flash('Connection lost: reconnecting…', 'info');
      retry = Math.min(retry + 1, 4);  // 0.6 s, 1.2 s, 2.4 s, then every 4.8 s
      setTimeout(connect, 300 * 2 ** retry);
    });
  }

  function handle(msg) {
    switch (msg.type) {
      case 'joined':
        if (joinedOnce) view.flash(`Reconnected (seat ${msg.seat})`, 'info');
        joinedOnce = true;
        if (msg.token) localStorage.setItem(tokenKey(tableId), msg.token);
        root.dataset.seat = String(msg.seat);
        if (view.analysisOn) send({ type: 'analysis', enabled: true });
        break;
      case 'state':
        view.update(msg);
        root.dataset.version = String(msg.version);
        break;
      case 'hand_end':
        view.showHandEnd(msg);
        break;
      case 'game_end':
        {
          const game = msg.game ?? (msg.final && msg.final.game);  // optional (PAGE NEEDS note)
          view.showGameEnd(msg, el('p', {},
            game ? el('a', { href: `/replay/${game}`, text: 'Replay this game' }) : null, game ? ' · ' : null,
            el('a', { href: '/replays', text: 'Past games and replays' })));
        }
        break;
      case 'error':
        if (!joinedOnce && !watch && /token/i.test(msg.reason)) {
          // a stale token (e.g. another browser's): forget it and join afresh
          localStorage.removeItem(tokenKey(tableId));
          ws.close();
          break;
        }
        if (!joinedOnce && !watch) {
          showJoinProblem(msg.reason);
          break;
        }
        view.flash(msg.reason);
        view.pending = false;
        if (view.msg) view.render();
        break;
      case 'storage':
        // The server cannot save the game: it waits (no move) until it can again.
        if (msg.ok) view.flash('The game is saved again: play on.', 'info');
        else view.flash(`The game is paused: ${msg.reason}`, 'error', 0);
        break;
      case 'pong':
        break;
      default:
        break;
    }
  }

  function showJoinProblem(reason) {
    view.flash(`Cannot join: ${reason}`);
    const noTable = /no table/.test(reason);
    if (noTable) closed = true;  // nothing to come back to
    view.pushOverlay(el('div', {},
      el('h2', { text: noTable ? 'No such table' : 'Cannot take a seat' }),
      el('p', { text: reason }),
      el('p', {}, noTable ? null : el('button', { text: 'Watch this table', onclick: () => {
        watch = true;
        view.nextOverlay();
        ws.close();
      } }), ' ', el('a', { href: '/', text: 'Back to the lobby' }))), 'join-error');
  }

  connect();
  return {
    view,
    close() {
      closed = true;
      view.destroy();
      if (ws) ws.close();
      clear(root);
    },
  };
}
