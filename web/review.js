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
  return { close() { if (view) view.close(); } };
}
