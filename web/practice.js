// The Practice section (/practice, docs/drills.md): the engine's drills in the browser. Pick a
// drill (waits, discard, score), a level and the rules; answer; the server grades the answer
// (POST /api/practice/grade) and shows the key with its explanation; go on. A session score and
// a streak; the history is kept in the browser (localStorage) and, when a name is given, in the
// server's database (GET /api/practice/history).
//
// Keyboard: waits - type the tiles ("147p") or toggle the tile buttons, Enter checks; discard -
// the hand's tiles are buttons (Tab / arrows, Enter), or type the tile; score - han, fu, limit
// and payment fields, Enter checks; after the grade, Enter or N goes to the next problem.
import { el, clear, getJson, postJson, kindOf } from './util.js';
import { tileUrl, tileTitle } from './tiles.js';

const HISTORY_KEY = 'riichi.practice.history';
const SETTINGS_KEY = 'riichi.practice.settings';
const HISTORY_MAX = 200;
const SUITS = ['m', 'p', 's', 'z'];
const LIMITS = ['', 'mangan', 'haneman', 'baiman', 'sanbaiman', 'kazoe', 'yakuman'];

function tileImg(name, extra = {}) {
  return el('span.tile', { title: tileTitle(name), dataset: { tile: name }, ...extra },
    el('img', { src: tileUrl(name), alt: name }));
}

function tileRow(names, cls = '') {
  return el(`span.tile-row${cls}`, {}, names.map((n) => tileImg(n)));
}

function meldRows(melds) {
  return (melds || []).map((m) => el('span.practice-meld', { title: m.type }, tileRow(m.tiles)));
}

function loadJson(key, fallback) {
  try {
    const v = JSON.parse(localStorage.getItem(key));
    return v === null || v === undefined ? fallback : v;
  } catch {
    return fallback;
  }
}

function saveHistory(entry) {
  const list = loadJson(HISTORY_KEY, []);
  list.unshift(entry);
  localStorage.setItem(HISTORY_KEY, JSON.stringify(list.slice(0, HISTORY_MAX)));
}

function pct(p) {
  return `${(100 * p).toFixed(1)}%`;
}

export async function openPractice(root, navigate) {
  clear(root);
  const page = el('div.practice');
  root.append(page);
  page.append(el('h1', {}, 'Practice ', el('small', { text: 'drills graded by the engine' })),
    el('p.practice-nav', {}, el('a', { href: '/', text: '← Lobby' })));
  const err = el('p.error', { role: 'alert' });
  page.append(err);
  let catalogue;
  try {
    catalogue = await getJson('/api/practice');
  } catch (e) {
    err.textContent = `The server does not answer: ${e.message}`;
    return { close() {} };
  }

  const settings = loadJson(SETTINGS_KEY, {});
  const drillSel = el('select#practice-drill', { 'aria-label': 'Drill' },
    catalogue.drills.map((d) => el('option', { value: d.name, text: d.name })));
  const levelSel = el('select#practice-level', { 'aria-label': 'Level' });
  const rulesSel = el('select#practice-rules', { 'aria-label': 'Rules' },
    (catalogue.presets || ['ema2016']).map((p) => el('option', { value: p, text: p })));
  const seedIn = el('input#practice-seed', { type: 'number', min: 0, placeholder: 'random', size: 10 });
  const nameIn = el('input#practice-name', { value: localStorage.getItem('riichi.name') || '',
    placeholder: 'Your name (optional)', maxlength: 40,
    oninput: (e) => localStorage.setItem('riichi.name', e.target.value.trim()) });
  drillSel.value = settings.drill || 'waits';
  rulesSel.value = settings.rules || 'ema2016';

  function fillLevels() {
    const d = catalogue.drills.find((x) => x.name === drillSel.value);
    clear(levelSel).append(...d.levels.map((l) => el('option', { value: l.level, text: `${l.level}. ${l.title}` })));
    if (settings.drill === drillSel.value && settings.level) levelSel.value = String(settings.level);
  }
  fillLevels();
  drillSel.addEventListener('change', fillLevels);

  const scoreBox = el('div.practice-score', { 'aria-live': 'polite' });
  const problemBox = el('section.practice-problem');
  const gradeBox = el('section.practice-grade', { 'aria-live': 'polite' });
  const historyBox = el('section.practice-history');
  const start = el('button#practice-start', { type: 'submit', text: 'Start' });
  page.append(el('form.practice-setup', { onsubmit: (e) => { e.preventDefault(); startSession(); } },
    el('label', {}, 'Drill ', drillSel), el('label', {}, 'Level ', levelSel),
    el('label', {}, 'Rules ', rulesSel), el('label', {}, 'Seed ', seedIn),
    el('label', {}, 'Name ', nameIn), start),
  scoreBox, problemBox, gradeBox, historyBox);

  const session = { drill: null, level: 1, rules: 'ema2016', seed: 0, index: 0, answered: 0,
    correct: 0, streak: 0, best: 0, problem: null, graded: false };
  let closed = false;

  function renderScore() {
    if (!session.drill) return clear(scoreBox);
    clear(scoreBox).append(
      el('span#practice-session', { text: `Session: ${session.correct} / ${session.answered} right` }), ' · ',
      el('span#practice-streak', { text: `streak ${session.streak}` }), ' · ',
      el('span', { text: `best ${session.best}` }), ' · ',
      el('span.hint', { text: `${session.drill} level ${session.level}, seed ${session.seed}, problem ${session.index + 1}` }));
  }

  function request() {
    return { drill: session.drill, level: session.level, seed: session.seed, index: session.index, rules: session.rules };
  }

  async function startSession() {
    err.textContent = '';
    session.drill = drillSel.value;
    session.level = Number(levelSel.value);
    session.rules = rulesSel.value;
    session.seed = seedIn.value !== '' ? Number(seedIn.value) : Math.floor(Math.random() * 2 ** 31);
    Object.assign(session, { index: 0, answered: 0, correct: 0, streak: 0 });
    localStorage.setItem(SETTINGS_KEY, JSON.stringify({ drill: session.drill, level: session.level, rules: session.rules }));
    renderHistory();
    await loadProblem();
  }

  async function loadProblem() {
    session.graded = false;
    clear(gradeBox);
    renderScore();
    clear(problemBox).append(el('p.hint', { text: 'Making the problem…' }));
    try {
      session.problem = await postJson('/api/practice/problem', request());
    } catch (e) {
      clear(problemBox);
      err.textContent = `Cannot make the problem: ${e.message}`;
      return;
    }
    if (closed) return;
    renderProblem(session.problem);
  }

  async function submit(answer) {
    if (session.graded || !session.problem) return;
    err.textContent = '';
    const body = { ...request(), answer };
    const name = nameIn.value.trim();
    if (name) body.name = name;
    clear(gradeBox).append(el('p.hint', { text: 'Grading…' }));
    let g;
    try {
      g = await postJson('/api/practice/grade', body);
    } catch (e) {
      clear(gradeBox);
      err.textContent = `Cannot grade: ${e.message}`;
      return;
    }
    session.graded = true;
    session.answered += 1;
    if (g.correct) {
      session.correct += 1;
      session.streak += 1;
      session.best = Math.max(session.best, session.streak);
    } else {
      session.streak = 0;
    }
    saveHistory({ drill: session.drill, level: session.level, seed: session.seed, index: session.index,
      rules: session.rules, correct: g.correct, summary: g.summary, at: new Date().toISOString() });
    renderScore();
    renderGrade(g);
    renderHistory();
  }

  function next() {
    session.index += 1;
    loadProblem();
  }

  // ------------------------------------------------------------------ problems
  function renderProblem(p) {
    clear(problemBox).append(el('h2#practice-title', { text: p.title }));
    if (session.drill === 'waits') renderWaits(p);
    else if (session.drill === 'discard') renderDiscard(p);
    else renderScoreProblem(p);
  }

  function answerForm(input, extra, onSubmit) {
    const check = el('button#practice-check', { type: 'submit', text: 'Check' });
    const form = el('form.practice-answer', { onsubmit: (e) => { e.preventDefault(); onSubmit(); } }, extra, input, check);
    return form;
  }

  function renderWaits(p) {
    const pr = p.problem;
    problemBox.append(
      el('div.practice-hand', {}, tileRow(pr.concealed, '.hand'), meldRows(pr.melds)),
      pr.note ? el('p.hint', { text: pr.note }) : '',
      el('p', { text: p.question }));
    const picked = new Set();
    const text = el('input#practice-tiles', { placeholder: 'e.g. 147p or 1p 4p 7p', 'aria-label': 'Winning tiles',
      autocomplete: 'off', oninput: () => syncFromText() });
    const buttons = [];
    const picker = el('div.practice-picker', { role: 'group', 'aria-label': 'Pick the winning tiles' },
      SUITS.map((s) => el('div.picker-row', {}, Array.from({ length: s === 'z' ? 7 : 9 }, (_, i) => {
        const name = `${i + 1}${s}`;
        const b = el('button.pick', { type: 'button', 'aria-pressed': 'false', title: tileTitle(name),
          dataset: { tile: name }, onclick: () => { toggle(name); syncToText(); } }, tileImg(name));
        buttons.push(b);
        return b;
      }))));
    function toggle(name, on = !picked.has(name)) {
      if (on) picked.add(name);
      else picked.delete(name);
      const b = buttons.find((x) => x.dataset.tile === name);
      if (b) b.setAttribute('aria-pressed', on ? 'true' : 'false');
    }
    function syncToText() {
      text.value = [...picked].sort((a, b) => kindOf(a) - kindOf(b)).join(' ');
    }
    function syncFromText() {
      const names = parseTiles(text.value);
      for (const b of buttons) toggle(b.dataset.tile, names.includes(b.dataset.tile));
    }
    problemBox.append(picker, answerForm(text, null, () => submit(text.value.trim() || [...picked].join(''))));
    text.focus();
  }

  function renderDiscard(p) {
    const pos = p.position || p.problem;
    problemBox.append(el('p.practice-context', {}, 'Dora indicator ', tileRow(pos.dora_indicators, '.small'),
      ` · seat ${pos.seat_wind}, round ${pos.round_wind}, turn ${pos.turn} (${pos.draws_left} draws left)`,
      pos.honba ? ` · ${pos.honba} honba` : '', pos.riichi_sticks ? ` · ${pos.riichi_sticks} riichi sticks` : '',
      ` · ${pos.rules}`));
    if (pos.table) problemBox.append(tableView(pos.table));
    const hand = [...pos.concealed];
    const handButtons = el('div.practice-hand.discard', { role: 'group', 'aria-label': 'Your hand: pick a discard' },
      hand.map((t) => discardButton(t)),
      pos.drawn ? el('span.drawn-gap') : null,
      pos.drawn ? discardButton(pos.drawn, true) : null,
      meldRows(pos.melds));
    function discardButton(t, drawn = false) {
      return el(`button.pick.discard-tile${drawn ? '.drawn' : ''}`, { type: 'button', title: `Discard ${tileTitle(t)}`,
        dataset: { tile: t }, onclick: () => submit({ tile: t }) }, tileImg(t));
    }
    const text = el('input#practice-discard', { placeholder: 'or type the tile, e.g. 5p', 'aria-label': 'Discard', autocomplete: 'off' });
    problemBox.append(el('p', { text: p.question }), handButtons,
      el('p.hint', { text: `Source: ${pos.source}` }),
      answerForm(text, null, () => submit({ tile: text.value.trim() })));
    const first = handButtons.querySelector('button');
    if (first) first.focus();
  }

  function tableView(table) {
    return el('table.practice-table', {}, table.seats.map((s) => el('tr', {},
      el('th', { text: `${s.relative === 'self' ? 'you' : s.relative} (${s.wind})` }),
      el('td', { text: `${s.score}${s.riichi ? ' riichi' : ''}` }),
      el('td', {}, el('span.tile-row.small', {}, s.pond.map((d) => tileImg(d.tile,
        { class: `tile${d.riichi ? ' sideways' : ''}${d.called ? ' called' : ''}` })))),
      el('td', {}, s.melds.map((m) => el('span.practice-meld', {}, tileRow(m.tiles, '.small')))))));
  }

  function renderScoreProblem(p) {
    const pr = p.problem;
    const form = pr.payment_form === 'ron' ? 'ron: the discarder pays, e.g. 3900'
      : pr.payment_form === 'each' ? 'dealer tsumo: each pays, e.g. 2600'
        : 'non-dealer tsumo: non-dealers/dealer, e.g. 1000/2000';
    problemBox.append(
      el('div.practice-hand', {}, tileRow(pr.concealed, '.hand'), meldRows(pr.melds),
        el('span.win-tile', { title: `winning tile (${pr.win_type})` }, ` ${pr.win_type} `, tileImg(pr.win))),
      el('p.practice-context', {}, `Seat ${pr.seat}${pr.dealer ? ' (dealer)' : ''}, round ${pr.round}`,
        pr.win_type === 'ron' ? ', ron' : ', tsumo', ' · dora indicators ', tileRow(pr.dora_indicators, '.small'),
        pr.ura_indicators.length ? el('span', {}, ' · ura indicators ', tileRow(pr.ura_indicators, '.small')) : null,
        pr.flags.length ? ` · ${pr.flags.join(', ')}` : '',
        pr.honba ? ` · ${pr.honba} honba` : '', pr.sticks ? ` · ${pr.sticks} riichi sticks` : '', ` · ${p.rules}`),
      el('p.hint', {}, 'riichi score "', el('code', { text: p.vector }), '"'),
      el('p', { text: `${p.question} Payment — ${form}.` }));
    const han = el('input#practice-han', { type: 'number', min: 1, max: 100, size: 3, 'aria-label': 'Han' });
    const fu = el('input#practice-fu', { type: 'number', min: 20, max: 200, step: 5, size: 4, 'aria-label': 'Fu' });
    const limit = el('select#practice-limit', { 'aria-label': 'Limit' }, LIMITS.map((l) => el('option', { value: l, text: l || '(no limit)' })));
    const pay = el('input#practice-payment', { placeholder: 'payment', size: 12, 'aria-label': 'Payment', autocomplete: 'off' });
    problemBox.append(answerForm(pay, [el('label', {}, 'Han ', han), el('label', {}, 'Fu ', fu), el('label', {}, 'Limit ', limit),
      el('label', { for: 'practice-payment' }, 'Payment ')], () => {
      const answer = { payment: pay.value.trim().replace(/\s*all$/i, '') };
      if (han.value !== '') answer.han = Number(han.value);
      if (fu.value !== '') answer.fu = Number(fu.value);
      if (limit.value) answer.limit = limit.value;
      submit(answer);
    }));
    han.focus();
  }

  // ------------------------------------------------------------------ grades
  function renderGrade(g) {
    const nextBtn = el('button#practice-next', { type: 'button', text: 'Next problem (N)', onclick: next });
    clear(gradeBox).append(
      el(`p#practice-verdict.verdict.${g.correct ? 'right' : 'wrong'}`, { text: `${g.correct ? '✔' : '✘'} ${g.summary}` }),
      g.saved ? el('p.hint', { text: 'Saved to your history on the server.' }) : '');
    const key = g.problem.answer;
    if (session.drill === 'waits') gradeBox.append(waitsKey(key, g.grade));
    else if (session.drill === 'discard') gradeBox.append(discardKey(key, g.grade));
    else gradeBox.append(scoreKey(key, g.grade));
    gradeBox.append(nextBtn);
    nextBtn.focus();
  }

  function waitsKey(key, grade) {
    const missed = new Set(grade.missed);
    return el('table.list.practice-key#practice-key', {},
      el('tr', {}, ['Tile', 'Shapes', 'Left', ''].map((h) => el('th', { text: h }))),
      key.waits.map((w) => el('tr', { dataset: { tile: w.tile } }, el('td', {}, tileImg(w.tile)),
        el('td', { text: w.shapes.join(' + ') }), el('td', { text: w.remaining }),
        el('td', { text: missed.has(w.tile) ? 'missed' : 'found' }))),
      grade.wrong.length ? el('tr', {}, el('td', { colspan: 4, text: `Not winning: ${grade.wrong.join(' ')}` })) : null,
      el('tr', {}, el('td', { colspan: 4, text: `${key.waits.length} kinds, ${key.total} tiles left` })));
  }

  function discardKey(key, grade) {
    const danger = key.table.some((r) => r.deal_in !== undefined);
    const heads = ['Discard', 'Shanten', 'Tiles', 'Win', 'Exp. points', 'Riichi'];
    if (danger) heads.push('Deal-in', 'Loss', 'Safety');
    heads.push('Value');
    return el('div', {},
      el('p', { text: `Best: ${grade.best}; yours: ${grade.chosen} (rank ${grade.chosen_rank}, ${grade.verdict}).` +
        (key.played ? ` The player discarded ${key.played}.` : '') }),
      el('table.list.practice-key#practice-key', {},
        el('tr', {}, heads.map((h) => el('th', { text: h }))),
        key.table.map((r) => el(`tr${r.tile === grade.chosen ? '.chosen' : ''}${r.tile === grade.best ? '.best' : ''}`,
          { dataset: { tile: r.tile } },
          el('td', {}, tileImg(r.tile)), el('td', { text: r.shanten }),
          el('td', { text: r.effective, title: r.effective_tiles.map((e) => `${e.tile}×${e.remaining}`).join(' ') }),
          el('td', { text: pct(r.win_prob) }), el('td', { text: Math.round(r.exp_score) }),
          el('td', { text: r.riichi ? 'yes' : '' }),
          danger ? [el('td', { text: pct(r.deal_in) }), el('td', { text: Math.round(r.loss) }),
            el('td', { text: r.safety, title: r.danger_reason })] : null,
          el('td', { text: Math.round(r.value) })))),
      el('p.hint', { text: danger ? 'Ranked by expected points × (1 − deal-in) − expected loss.' : 'Ranked by expected points.' }));
  }

  function scoreKey(key, grade) {
    const part = (label, p) => (p.checked ? el('li', { class: p.ok ? 'ok' : 'bad' },
      `${label}: ${p.ok ? '✔' : '✘'} ${p.expected}${p.ok ? '' : ` (you: ${p.given || '—'})`}`) : null);
    const value = key.limit ? `${key.limit}` : `${key.han} han ${key.fu} fu`;
    return el('div#practice-key', {},
      el('ul.practice-parts', {}, part('Han', grade.han), part('Fu', grade.fu), part('Limit', grade.limit), part('Payment', grade.payment)),
      el('table.list.practice-sheet', {},
        el('tr', {}, el('th', { colspan: 2, text: 'Yaku' })),
        (key.yaku || []).map((y) => el('tr', {}, el('td', { text: y.name }), el('td', { text: y.yakuman ? `yakuman${y.yakuman > 1 ? ' ×' + y.yakuman : ''}` : `${y.han} han` }))),
        key.dora ? el('tr', {}, el('td', { text: 'dora' }), el('td', { text: `${key.dora} han` })) : null,
        key.ura ? el('tr', {}, el('td', { text: 'ura dora' }), el('td', { text: `${key.ura} han` })) : null,
        key.red ? el('tr', {}, el('td', { text: 'red fives' }), el('td', { text: `${key.red} han` })) : null,
        el('tr', {}, el('th', { colspan: 2, text: 'Fu' })),
        (key.fu_items || []).map((f) => el('tr', {}, el('td', { text: f.name.replace(/_/g, ' ') }), el('td', { text: f.fu }))),
        el('tr', {}, el('td', { text: 'total' }), el('td', { text: key.fu_raw === key.fu ? `${key.fu}` : `${key.fu_raw} → ${key.fu} (rounded up to 10)` })),
        el('tr', {}, el('th', { colspan: 2, text: 'Value' })),
        el('tr', {}, el('td', { text: value }), el('td', { text: `basic points ${key.basic_points}` })),
        el('tr', {}, el('td', { text: 'payment' }), el('td', { text: key.payment_text })),
        el('tr', {}, el('td', { text: 'winner receives' }), el('td', { text: `${key.total}` }))),
      key.reading ? el('p.hint', { text: `Reading: ${key.reading}` }) : null);
  }

  // ------------------------------------------------------------------ history
  async function renderHistory() {
    const local = loadJson(HISTORY_KEY, []);
    const totals = {};
    for (const h of local) {
      const t = (totals[h.drill] ||= { answered: 0, correct: 0 });
      t.answered += 1;
      t.correct += h.correct ? 1 : 0;
    }
    clear(historyBox).append(...[el('h2', { text: 'Your history (this browser)' }),
      el('p#practice-totals', { text: Object.keys(totals).length
        ? Object.entries(totals).map(([d, t]) => `${d}: ${t.correct}/${t.answered}`).join(' · ')
        : 'No answer yet.' }),
      local.length ? el('table.list#practice-history-list', {},
        el('tr', {}, ['When', 'Drill', 'Problem', 'Result'].map((h) => el('th', { text: h }))),
        local.slice(0, 10).map((h) => el('tr', {},
          el('td', { text: h.at.replace('T', ' ').replace(/\.\d+Z$/, ' UTC') }),
          el('td', { text: `${h.drill} ${h.level}` }),
          el('td', { text: `seed ${h.seed} #${h.index + 1}` }),
          el('td', { text: h.correct ? 'right' : 'wrong', title: h.summary || '' })))) : null].filter(Boolean));
    const name = nameIn.value.trim();
    if (!name) return;
    try {
      const server = await getJson(`/api/practice/history?name=${encodeURIComponent(name)}`);
      const t = server.totals || {};
      historyBox.append(el('p#practice-server-totals', { text: `On the server as ${server.name}: ` +
        (Object.keys(t).length ? Object.entries(t).map(([d, x]) => `${d}: ${x.correct}/${x.answered}`).join(' · ') : 'no answer yet') }));
    } catch (e) {
      historyBox.append(el('p.error', { text: `Server history: ${e.message}` }));
    }
  }

  function onKey(e) {
    if (!session.graded) return;
    const typing = e.target && e.target.tagName === 'INPUT';
    if ((e.key === 'n' || e.key === 'N') && !typing) {
      e.preventDefault();
      next();
    }
  }
  document.addEventListener('keydown', onKey);
  renderHistory();
  return { close() { closed = true; document.removeEventListener('keydown', onKey); } };
}

// "147p 2z", "1p4p7p": the tile names written (red fives as fives).
export function parseTiles(text) {
  const out = [];
  let digits = [];
  for (const ch of text.replace(/\s+/g, '')) {
    if (/[0-9]/.test(ch)) digits.push(ch === '0' ? '5' : ch);
    else if (SUITS.includes(ch)) {
      for (const d of digits) out.push(`${d}${ch}`);
      digits = [];
    }
  }
  return out;
}
