// The Review page (/review, docs/review.md): upload or paste a log (mjlog, tenhou.net/6 JSON,
// mjai, engine record) or pick a past game, choose the player, then step through the game with
// the engine's advice at each decision (reviewview.js).
import { el, clear, getJson } from './util.js';
import { renderReview } from './reviewview.js';

async function post(path, body) {
  const res = await fetch(path, { method: 'POST', body });
  const out = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(out.error || `${path}: HTTP ${res.status}`);
  return out;
}

export async function openReview(root) {
  clear(root);
  const page = el('div.lobby.review-page');
  root.append(page);
  const text = el('textarea#review-text', { rows: 5, cols: 80, placeholder: 'Paste a log here (mjlog XML, tenhou.net/6 JSON, mjai JSON lines)' });
  const file = el('input#review-file', { type: 'file' });
  const past = el('select#review-game', {}, el('option', { value: '', text: '(a past game of this server)' }));
  const players = el('select#review-player');
  const status = el('p#review-status');
  const viewer = el('div#review-viewer');
  const load = el('button#review-load', { type: 'button', text: 'Read the log' });
  const go = el('button#review-go', { type: 'button', text: 'Review', disabled: true });
  page.append(el('p', {}, el('a', { href: '/', text: '← Lobby' })), el('h1', { text: 'Review a game' }),
    el('section', {}, text, el('p', {}, 'or a file: ', file, ' or ', past, ' ', load),
      el('p', {}, 'player: ', players, ' ', go), status));
  root.append(viewer);
  let source = null;  // {body} for an upload, {id} for a past game
  let view = null;

  try {
    const g = await getJson('/api/games');
    for (const game of g.games || [])
      past.append(el('option', { value: game.id, text: `${game.id}: ${(game.players || []).join(', ')}` }));
  } catch (ex) { /* no past games listed: the upload still works */ }

  async function request(player) {
    const q = player === undefined ? '' : `?player=${encodeURIComponent(player)}`;
    if (source.id) return getJson(`/api/games/${encodeURIComponent(source.id)}/review${q}`);
    return post(`/api/review${q}`, source.body);
  }

  load.onclick = async () => {
    go.disabled = true;
    if (file.files[0]) source = { body: await file.files[0].arrayBuffer() };
    else if (text.value.trim()) source = { body: text.value };
    else if (past.value) source = { id: past.value };
    else { status.textContent = 'Paste a log, choose a file or a past game.'; return; }
    status.textContent = 'Reading…';
    try {
      const r = await request();
      clear(players);
      r.players.forEach((name, seat) => players.append(el('option', { value: String(seat), text: `${seat}: ${name}` })));
      players.append(el('option', { value: '', text: 'every seat (slower)' }));
      status.textContent = 'Choose the player, then Review.';
      go.disabled = false;
    } catch (ex) {
      status.textContent = `Error: ${ex.message}`;
    }
  };

  go.onclick = async () => {
    status.textContent = 'Reviewing every decision…';
    go.disabled = true;
    try {
      const seat = players.value;
      const r = await request(seat === '' ? 'all' : seat);
      if (view) view.close();
      clear(viewer);
      view = renderReview(viewer, r.games);
      const s = r.games[0].summary;
      status.textContent = `${s.decisions} decisions, top-1 ${(100 * s.top1_rate).toFixed(1)}%, mean loss ${s.mean_loss.toFixed(1)} points.`;
    } catch (ex) {
      status.textContent = `Error: ${ex.message}`;
    } finally {
      go.disabled = false;
    }
  };
  page.append(statsSection());
  return { close() { if (view) view.close(); } };
}

const pct1 = (p) => `${(100 * p).toFixed(1)}%`;

// A player's record over the finished games of this server (GET /api/stats): reviewed a few
// games per request, asked again until none is pending.
function statsSection() {
  const name = el('input#stats-name', { value: localStorage.getItem('riichi.name') || '', placeholder: 'player name', maxlength: 64 });
  const out = el('div#stats-out');
  const go = el('button#stats-go', { type: 'button', text: 'Show the record' });
  go.onclick = async () => {
    go.disabled = true;
    clear(out);
    try {
      let s = null;
      for (let round = 0; round < 100; ++round) {
        out.textContent = s ? `Reviewing the games… (${s.games} done, ${s.pending} to go)` : 'Reviewing the games…';
        s = await getJson(`/api/stats?player=${encodeURIComponent(name.value.trim())}`);
        if (!s.pending) break;
      }
      clear(out).append(statsTable(s));
    } catch (ex) {
      out.textContent = `Error: ${ex.message}`;
    } finally {
      go.disabled = false;
    }
  };
  return el('section.stats', {}, el('h2', { text: 'A player\'s record on this server' }),
    el('p', {}, name, ' ', go), out);
}

function statsTable(s) {
  if (!s.games) return el('p', { text: `No finished game of ${s.player} on this server.` });
  const rows = [
    ['games', `${s.games} (${s.ranked_games} finished)`],
    ['average rank', `${s.mean_rank.toFixed(2)} ± ${s.mean_rank_ci95.toFixed(2)} (95%)`],
    ['1st / 2nd / 3rd / 4th', s.rank_rates.map(pct1).join(' / ')],
    ['hands', String(s.hands)],
    ['win / deal-in / riichi / call rate', [s.win_rate, s.deal_in_rate, s.riichi_rate, s.call_rate].map(pct1).join(' / ')],
    ['average win / deal-in', `${s.mean_win.toFixed(0)} / ${s.mean_deal_in.toFixed(0)} points`],
    ['decisions', `${s.decisions}: top-1 ${pct1(s.top1_rate)}, top-3 ${pct1(s.top3_rate)}`],
    ['mean loss per decision', `${s.mean_loss.toFixed(1)} points`],
    ...s.trend.map((m) => [`loss in ${m.month}`, `${m.mean_loss.toFixed(1)} (${m.games} games)`]),
  ];
  return el('table.list.stats-table', {}, rows.map(([k, v]) => el('tr', { dataset: { key: k } }, el('th', { text: k }), el('td', { text: v }))));
}
