// The lobby (/): your name, create a table (preset, its four or three seats human/bot), the open tables,
// the latest finished games, and the import of a Tenhou log.
import { el, clear, getJson, postJson, finalScore } from './util.js';

export async function openLobby(root, navigate) {
  clear(root);
  const page = el('div.lobby');
  root.append(page);
  page.append(el('h1', {}, 'Riichi ', el('small', { text: 'play in the browser' })),
    el('p.lobby-practice', {}, el('a#practice-link', { href: '/practice', text: 'Practice' }),
      ' — drills graded by the engine: which waits, what to discard, how much it scores.'));
  const err = el('p.error', { role: 'alert' });
  page.append(err);
  let info;
  try {
    info = await getJson('/api/bots');
  } catch (e) {
    err.textContent = `The server does not answer: ${e.message}`;
    return { close() {} };
  }
  const bots = info.bots || [];
  const defaultBot = info.default_bot || (bots[0] && bots[0].name) || 'human';

  // -- name + create
  const name = el('input#player-name', { value: localStorage.getItem('riichi.name') || '', placeholder: 'Your name', maxlength: 24,
    oninput: (e) => localStorage.setItem('riichi.name', e.target.value.trim()) });
  // Every preset with its one-line description (GET /api/bots "preset_info").
  const presetInfo = info.preset_info || (info.presets || ['ema2016']).map((p) => ({ name: p, description: '' }));
  const presetHelp = el('span.hint#preset-description');
  const preset = el('select#preset', { onchange: () => showPreset() }, presetInfo.map((p) =>
    el('option', { value: p.name, text: PRESET_TITLES[p.name] || p.name, title: p.description })));
  // Game length: the preset's East-South game (hanchan) or the East round only (tonpuusen).
  const length = el('select#game-length', {},
    el('option', { value: 'hanchan', text: 'East-South (hanchan, 8+ hands)' }),
    el('option', { value: 'east', text: 'East only (tonpuusen, 4+ hands)' }));
  length.value = localStorage.getItem('riichi.length') === 'east' ? 'east' : 'hanchan';
  length.addEventListener('change', () => localStorage.setItem('riichi.length', length.value));
  // The seats of the chosen preset: four, or three (sanma: no North seat).
  const seatsOf = () => {
    const p = presetInfo.find((x) => x.name === preset.value);
    return p && p.players === 3 ? 3 : 4;
  };
  const showPreset = () => {
    const p = presetInfo.find((x) => x.name === preset.value);
    presetHelp.textContent = (p && p.description) || '';
    const n = seatsOf();
    seatLabels.forEach((l, i) => (l.style.display = i >= n ? 'none' : ''));
    form.dataset.players = String(n);
  };
  const seed = el('input#seed', { type: 'number', min: 0, placeholder: 'random', size: 10 });
  const winds = ['East', 'South', 'West', 'North'];
  const seatSelects = winds.map((w, i) => el(`select.seat-kind#seat-${i}`, { 'aria-label': `${w} seat` },
    el('option', { value: 'human', text: i === 0 ? 'Human (you)' : 'Human (invite)' }),
    bots.map((b) => el('option', { value: b.name, text: botLabel(b, bots.length), title: b.description || '' }))));
  seatSelects.forEach((s, i) => (s.value = i === 0 ? 'human' : defaultBot));
  const seatLabels = seatSelects.map((s, i) => el('label', {}, `${winds[i]} `, s));
  const create = el('button#create-table', { type: 'submit', text: 'Create table' });
  const form = el('form.create', { onsubmit: async (e) => {
    e.preventDefault();
    err.textContent = '';
    create.disabled = true;
    const rules = length.value === 'east' ? `${preset.value},east_only=true` : preset.value;
    const body = { rules, seats: seatSelects.slice(0, seatsOf()).map((s) => s.value) };
    if (info.chosen_seed && seed.value !== '') body.seed = Number(seed.value);
    try {
      const res = await postJson('/api/tables', body);
      navigate(res.link || `/table/${res.id}`);
    } catch (ex) {
      err.textContent = `Cannot create the table: ${ex.message}`;
      create.disabled = false;
    }
  } },
  el('h2', { text: 'New table' }),
  el('label', {}, 'Your name ', name),
  el('label', {}, 'Rules ', preset, ' ', presetHelp),
  el('label', {}, 'Game length ', length),
  el('div.seats', {}, seatLabels),
  info.chosen_seed ? el('label', {}, 'Seed ', seed) : null,
  el('p.hint', { text: 'Share the table link (shown at the table) with friends for the other human seats; ' +
    'a human seat nobody takes, or a player who leaves, is played by a bot after a while.' }),
  create);
  page.append(form);
  showPreset();

  // -- open tables
  const tables = el('div#open-tables');
  page.append(el('section', {}, el('h2', { text: 'Tables' }), tables));
  // -- past games + import
  const games = el('div#past-games');
  const file = el('input#import-file', { type: 'file', accept: '.xml,.mjlog,text/xml' });
  const importMsg = el('span.import-msg');
  page.append(el('section', {}, el('h2', {}, 'Past games ', el('a', { href: '/replays', text: '(all)' }), ' ',
    el('a#review-link', { href: '/review', text: '(review a game)' })), games,
    el('form.import', { onsubmit: (e) => e.preventDefault() },
      el('label', {}, 'Import a Tenhou log (mjlog XML): ', file), importMsg)));
  file.addEventListener('change', async () => {
    const f = file.files[0];
    if (!f) return;
    importMsg.textContent = 'Importing…';
    try {
      const text = await f.text();
      const res = await postJson('/api/import', text, 'application/xml');
      navigate(`/replay/${res.id}`);
    } catch (ex) {
      importMsg.textContent = `Import failed: ${ex.message}`;
    }
  });

  async function refresh() {
    try {
      const t = await getJson('/api/tables');
      renderTables(tables, t.tables || [], navigate);
      const g = await getJson('/api/games');
      clear(games).append(gamesTable((g.games || []).slice(0, 10), navigate));
    } catch (ex) {
      err.textContent = `The server does not answer: ${ex.message}`;
    }
  }
  await refresh();
  const timer = setInterval(refresh, 4000);
  return { close() { clearInterval(timer); } };
}

// Readable names of the presets (their one-line descriptions come from the server).
const PRESET_TITLES = { ema2016: 'EMA 2016', ema2008: 'EMA 2008', tenhou: 'Tenhou', mahjongsoul: 'Mahjong Soul',
  mleague: 'M.League', wrc: 'WRC', tenhou_sanma: 'Tenhou sanma (3 players)',
  mahjongsoul_sanma: 'Mahjong Soul sanma (3 players)' };

// "ema2016,east_only=true" -> "EMA 2016, East only"; other options are shown as they are.
export function rulesTitle(spec) {
  const [name, ...rest] = String(spec || '').split(',');
  const parts = [PRESET_TITLES[name] || name];
  for (const r of rest) parts.push(r === 'east_only=true' ? 'East only' : r);
  return parts.join(', ');
}

// "Bot: efficiency (level 3 of 5)"
function botLabel(b, count) {
  return b.level ? `Bot: ${b.name} (level ${b.level} of ${count})` : `Bot: ${b.name}`;
}

// "Botan (efficiency, level 3)", "greedy (bot)", "Alice", "Bob (away)", "free seat"
function seatLabel(s) {
  if (s.kind === 'bot') return /\(.*level/.test(s.name || '') ? s.name : `${s.name} (bot)`;
  if (s.taken === false) return 'free seat';
  return s.connected ? s.name : `${s.name || 'player'} (away)`;
}

function renderTables(box, list, navigate) {
  clear(box);
  const open = list.filter((t) => t.status !== 'finished');
  if (!open.length) {
    box.append(el('p.empty', { text: 'No table is open. Create one above.' }));
    return;
  }
  box.append(el('table.list', {},
    el('tr', {}, ['Table', 'Rules', 'Players', 'Status', ''].map((h) => el('th', { text: h }))),
    open.map((t) => {
      const free = (t.seats || []).some((s) => s.kind === 'human' && s.taken === false);
      const link = t.link || `/table/${t.id}`;
      return el('tr', { dataset: { table: t.id } },
        el('td', { text: t.id }),
        el('td', { text: rulesTitle(t.rules) }),
        el('td', { text: (t.seats || []).map(seatLabel).join(', ') }),
        el('td', { text: `${t.status}${t.hand ? ' · ' + t.hand : ''}` }),
        el('td', {}, el('a.button', { href: link, text: free ? 'Join' : 'Open', onclick: (e) => { e.preventDefault(); navigate(link); } })));
    })));
}

export function gamesTable(list, navigate) {
  if (!list.length) return el('p.empty', { text: 'No finished game yet.' });
  return el('table.list.games', {},
    el('tr', {}, ['Finished', 'Source', 'Rules', 'Players (final score)', ''].map((h) => el('th', { text: h }))),
    list.map((g) => el('tr', { dataset: { game: g.id } },
      el('td', { text: g.finished_at ? g.finished_at.replace('T', ' ').replace(/\.\d+/, '').replace('Z', ' UTC') : '' }),
      el('td', { text: g.source }),
      el('td', { text: rulesTitle(g.rules) }),
      el('td', { text: (g.players || []).map((p, i) => `${g.ranks ? g.ranks[i] + '. ' : ''}${p}${g.final_scores ? ' (' + finalScore(g.final_scores[i]) + ')' : ''}`).join(', ') }),
      el('td', {}, el('a.button.replay-link', { href: `/replay/${g.id}`, text: 'Replay',
        onclick: (e) => { e.preventDefault(); navigate(`/replay/${g.id}`); } })))));
}
