// Browser tests of the table's helper (issue 17, item 7): Debian's chromium driven by
// playwright-core.
//
//   node web/tests/helper.test.mjs PATH/TO/riichi [ARTIFACT_DIR]
//
// Starts `riichi serve --port 0 --db <tmp> --allow-chosen-seed --bot-delay-ms 0`, and:
//  1. a table with three bots (a chosen seed), the helper on: at every turn the panel shows at
//     most three options, best first, each with expected points, win / tenpai / deal-in chance and
//     a sentence; the best one is a legal discard (the page plays it); at a call prompt every
//     call and the pass are valued ("vs pass"); once an opponent threatens, every tile of the hand
//     carries a danger colour and its percentage on hover; the waits show their shapes; in riichi
//     nothing but what riichi allows is offered. Plays hands until each of these was seen;
//  2. the panel alone (helper.js imported into the page with a hand-made helper object): the
//     no-yaku and furiten warnings, the danger marks surviving a re-rendered hand, the panel
//     hidden when the helper is off;
//  3. the lobby: game length, readable rule sets, bot levels, three distinct bot names at the
//     table, an East-only table listed; the invite Copy without navigator.clipboard (plain http);
//  4. results: dora / ura / red fives rows adding up, a draw's payments explained; a log imported
//     twice opens the stored game; its replay gzipped under 1 MB; its uma;
//  5. the review (a real log): the danger of each tile against each opponent, on the page.
// Screenshots go to ARTIFACT_DIR (helper-*.png). Exit 0 = pass, 1 = fail, 77 = skipped.
import fs from 'node:fs';
import path from 'node:path';

import { HERE, check, openSuite } from './harness.mjs';

const SEED = Number(process.env.RIICHI_HELPER_SEED || 12);

const suite = await openSuite({ name: 'helper', timeoutMs: 330000 });
const { artifacts } = suite;
let browser = null;

async function startServer() {
  const { url } = await suite.startServer('h.db', ['--allow-chosen-seed', '--bot-delay-ms', '0',
    '--claim-timeout-ms', '120000', '--hand-pause-ms', '0']);
  return url;
}

async function newPage(options = {}) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, ...options });
  context.setDefaultTimeout(20000);
  await context.addInitScript(() => {
    localStorage.setItem('riichi.analysis', '1');
    localStorage.setItem('riichi.name', 'Helper Tester');
  });
  const page = await context.newPage();
  page.on('pageerror', (err) => {
    console.error(`page error: ${err.message}`);
    suite.failures++;
  });
  return page;
}

const pct = (text) => Number(text.replace('%', ''));

// What the panel and the hand show now.
function readPanel(page) {
  return page.evaluate(() => {
    const q = (s) => document.querySelector(s);
    const panel = q('#helper-panel');
    const rows = [...document.querySelectorAll('#helper-panel .helper-option')].map((r) => ({
      type: r.dataset.type,
      tile: r.dataset.tile,
      best: r.classList.contains('best'),
      cells: [...r.children].map((c) => c.textContent.trim()),
      reason: r.nextElementSibling ? r.nextElementSibling.textContent.trim() : '',
    }));
    const heads = [...document.querySelectorAll('#helper-panel .helper-options th')].map((t) => t.textContent);
    const hand = [...document.querySelectorAll('.my-hand .hand-tiles .tile')].map((t) => ({
      tile: t.dataset.tile, danger: t.dataset.danger || null, title: t.title || '',
      playable: t.classList.contains('playable'), drawn: t.classList.contains('drawn'),
    }));
    return {
      visible: !!panel && !panel.hidden,
      title: q('#helper-panel .helper-options h4') ? q('#helper-panel .helper-options h4').textContent : '',
      heads, rows, hand,
      danger: !!q('#helper-panel .helper-danger'),
      waits: q('#helper-panel .helper-waits') ? q('#helper-panel .helper-waits').textContent : null,
      ended: !!q('.overlay:not([hidden]) .hand-end') || !!q('.overlay:not([hidden]) .game-end'),
      gameEnd: !!q('.overlay:not([hidden]) .game-end'),
      claim: !!q('.actions .action.pass:not(:disabled)'),
      win: !!q('.actions .action.win:not(:disabled)'),
      turn: !!q('.my-hand .hand-tile.playable'),
      riichi: !!q('.seat-area.bottom .pond .tile.sideways'),
      version: document.getElementById('app').dataset.version || '',
    };
  });
}

function checkOptions(s, claim) {
  check(s.rows.length >= 1, `the helper lists options (${JSON.stringify(s.rows)})`);
  if (!claim) check(s.rows.length <= 3, `at most three options on a turn (${s.rows.length})`);
  check(s.rows[0].best, `the first option is the best: ${JSON.stringify(s.rows)}`);
  const points = s.rows.map((r) => Number(r.cells[1].replace('+', '')));
  check(points.every((p, i) => i === 0 || points[i - 1] >= p), `options best first: ${points}`);
  for (const r of s.rows) {
    const [win, tenpai, deal] = [pct(r.cells[2]), pct(r.cells[3]), pct(r.cells[4])];
    check([win, tenpai, deal].every((p) => p >= 0 && p <= 100), `percentages in range: ${r.cells}`);
    check(win <= tenpai + 0.1, `win chance ${win} <= tenpai chance ${tenpai}`);
    check(r.reason.length > 10, `a sentence of why: "${r.reason}"`);
  }
}

async function waitChange(page, version, ms = 8000) {
  await page.waitForFunction((v) => {
    const d = document.getElementById('app').dataset.version || '';
    return d !== v || document.querySelector('.overlay:not([hidden]) .hand-end, .overlay:not([hidden]) .game-end');
  }, version, { timeout: ms }).catch(() => {});
}

// Opens a table of seed `seed` with the default bots and returns its page.
async function openLiveTable(base, seed) {
  const page = await newPage();
  const res = await fetch(`${base}/api/tables`, { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ rules: 'ema2016', seed }) });
  const created = await res.json();
  check(res.status === 201, `table created (${res.status} ${JSON.stringify(created)})`);
  await page.goto(`${base}${created.link}`);
  await page.waitForSelector('.my-hand .hand-tiles .tile');
  return page;
}

// Plays the helper's best option at tables of seed SEED, SEED + 1, ... (a game whose hands never
// reach tenpai, or see no threat, goes on at the next seed) until every kind of advice was seen.
async function testLiveTable(base) {
  let seed = SEED;
  let page = await openLiveTable(base, seed);
  const seen = { turns: 0, claims: 0, danger: 0, waits: 0, riichiTurns: 0, hands: 1 };
  const start = Date.now();
  let shotTurn = false;
  while (Date.now() - start < 150000) {
    if (seen.turns >= 3 && seen.claims >= 1 && seen.danger >= 1 && seen.waits >= 1) break;
    const s = await readPanel(page);
    if (s.gameEnd) {
      await page.context().close();
      page = await openLiveTable(base, ++seed);
      seen.hands++;
      continue;
    }
    if (s.ended) {
      seen.hands++;
      await page.click('.overlay .ok');
      continue;
    }
    if (!s.turn && !s.claim) {
      await page.waitForTimeout(40);
      continue;
    }
    // A decision: the panel must show its options (the server evaluates before it sends).
    if (!s.rows.length) {
      await page.waitForTimeout(40);
      continue;
    }
    check(s.visible, 'the helper panel is shown');
    if (s.claim) {
      checkOptions(s, true);
      check(s.title === 'Call or pass', `a call prompt is titled "Call or pass" (${s.title})`);
      check(s.rows.some((r) => r.type === 'pass'), 'passing is valued');
      check(s.rows.some((r) => ['chi', 'pon', 'daiminkan', 'ron'].includes(r.type)), 'the call is valued');
      check(s.heads.includes('vs pass'), 'each call is compared with passing');
      if (seen.claims++ === 0) await page.screenshot({ path: path.join(artifacts, 'helper-call.png'), fullPage: true });
      const v = s.version;
      await page.click(s.win ? '.actions .action.win' : '.actions .action.pass');
      await waitChange(page, v);
      continue;
    }
    checkOptions(s, false);
    seen.turns++;
    if (s.riichi) {
      // In riichi: the drawn tile, a tsumo or a kan that keeps the waits; never another discard.
      seen.riichiTurns++;
      const drawn = s.hand.find((t) => t.drawn);
      for (const r of s.rows) {
        check(['discard', 'tsumo', 'ankan'].includes(r.type), `riichi allows ${r.type}?`);
        if (r.type === 'discard') check(drawn && r.tile === drawn.tile, `in riichi only the drawn tile (${r.tile})`);
      }
    }
    if (s.danger) {
      const held = s.hand.filter((t) => t.tile);
      check(held.every((t) => t.danger !== null), `every tile of the hand has a danger mark (${JSON.stringify(held)})`);
      check(held.every((t) => /^\d+(\.\d)?% deal-in: /.test(t.title)), `the percentage on hover: ${held[0].title}`);
      if (seen.danger++ === 0) await page.screenshot({ path: path.join(artifacts, 'helper-danger.png'), fullPage: true });
    }
    if (s.waits !== null) {
      check(/ryanmen|kanchan|penchan|shanpon|tanki|chiitoitsu|kokushi/.test(s.waits), `waits with shapes: ${s.waits}`);
      seen.waits++;
    }
    if (!shotTurn) {
      shotTurn = true;
      await page.screenshot({ path: path.join(artifacts, 'helper-turn.png'), fullPage: true });
    }
    // Play the helper's best option: a win, riichi on its tile, or its discard.
    const best = s.rows[0];
    const v = s.version;
    if (s.win && best.type === 'tsumo') await page.click('.actions .action.win');
    else if (best.type === 'riichi' && await page.$('.actions .action.riichi:not(:disabled)')) {
      await page.click('.actions .action.riichi');
      await page.click(`.my-hand .hand-tile.riichi-choice[data-tile="${best.tile}"]`);
    } else {
      const sel = best.type === 'discard' ? `.my-hand .hand-tile.playable[data-tile="${best.tile}"]`
        : '.my-hand .hand-tile.drawn.playable';
      const target = (await page.$(sel)) ? sel : '.my-hand .hand-tile.playable';
      await page.click(target, { timeout: 5000 }).catch(() => {});
    }
    await waitChange(page, v);
  }
  console.log(`  seen: ${JSON.stringify(seen)} in ${((Date.now() - start) / 1000).toFixed(1)} s (seeds ${SEED}..${seed})`);
  check(seen.turns >= 3, `the helper was read on ${seen.turns} turns`);
  check(seen.claims >= 1, 'a call prompt with the value of calling and passing was seen');
  check(seen.danger >= 1, 'a threat with the danger of each tile was seen');
  check(seen.waits >= 1, 'a tenpai hand with its waits was seen');
  await page.context().close();
}

// The panel on its own: helper.js rendering a hand-made helper object.
async function testPanel(base) {
  const page = await newPage({ viewport: { width: 900, height: 700 } });
  await page.goto(`${base}/`);
  const out = await page.evaluate(async () => {
    const { renderHelper, percent } = await import('/assets/helper.js');
    const { tileEl } = await import('/assets/view.js');
    const tile = (name, id) => ({ id, name });
    document.body.innerHTML = '';
    const hand = document.createElement('div');
    hand.className = 'my-hand';
    const tiles = document.createElement('div');
    tiles.className = 'hand-tiles';
    hand.append(tiles);
    const panel = document.createElement('section');
    panel.id = 'helper-panel';
    document.body.append(hand, panel);
    const names = [['3p', 45], ['4p', 49], ['6s', 93], ['9m', 33]];
    const draw = () => {
      tiles.replaceChildren(...names.map(([n, id]) => tileEl(tile(n, id), { cls: 'hand-tile playable' })));
    };
    draw();
    const helper = {
      decision: 'discard', threat: true,
      options: [{ action: 'discard 9m', type: 'discard', tile: tile('9m', 33), then: null, exp_score: -420,
        win_prob: 0.05, tenpai_prob: 0.2, deal_in_prob: 0.01, shanten: 1, effective_tiles: 12,
        reason: 'genbutsu 9m against East\'s riichi: folds at no cost', best: true }],
      waits: { after: null, tiles: [{ tile: tile('2p', 41), remaining: 3, shapes: ['ryanmen'], yaku: false, furiten: true }] },
      warnings: [{ kind: 'no_yaku', text: 'No yaku: this open hand cannot win on 2p 5p (dora are not yaku).' },
        { kind: 'furiten', text: 'Furiten: 5p is in your discards, so you cannot ron on any wait; only tsumo wins.' }],
      danger: { opponents: [{ seat: 1, riichi: true, tenpai: 1 }, { seat: 2, riichi: false, tenpai: 0.1 }, { seat: 3, riichi: false, tenpai: 0.05 }],
        tiles: [
          { tile: tile('3p', 45), deal_in: 0.14, loss: 900, by_opponent: [0.13, 0.01, 0.005], reason: 'non-suji 3p against South\'s riichi: 13%' },
          { tile: tile('4p', 49), deal_in: 0.07, loss: 500, by_opponent: [0.06, 0.01, 0.0], reason: 'half-suji 4p against South\'s riichi: 6%' },
          { tile: tile('6s', 93), deal_in: 0.03, loss: 200, by_opponent: [0.03, 0.0, 0.0], reason: 'suji 6s against South\'s riichi: 3%' },
          { tile: tile('9m', 33), deal_in: 0, loss: 0, by_opponent: [0, 0, 0], reason: 'genbutsu 9m against South\'s riichi: 0%' }] },
    };
    const msg = { game: { players: [{ name: 'Me' }, { name: 'Bot A' }, { name: 'Bot B' }, { name: 'Bot C' }], seat_winds: [0, 1, 2, 3] },
      analysis: { helper } };
    renderHelper(panel, msg, hand);
    const marks = () => [...tiles.querySelectorAll('.tile')].map((t) => [t.dataset.tile, [...t.classList].filter((c) => c.startsWith('danger-')).join(), t.title]);
    const before = marks();
    draw();  // the table re-renders the hand: the marks come back
    await new Promise((r) => setTimeout(r, 50));
    const after = marks();
    const best = [...tiles.querySelectorAll('.tile.best')].map((t) => t.dataset.tile);
    const warnings = [...panel.querySelectorAll('.helper-warning')].map((w) => w.dataset.kind);
    const waits = panel.querySelector('.helper-waits').textContent;
    const shown = !panel.hidden;
    renderHelper(panel, { game: msg.game, analysis: null }, hand);
    const hiddenOff = panel.hidden;
    const cleared = [...tiles.querySelectorAll('.tile')].every((t) => !t.dataset.danger && !t.classList.contains('best'));
    return { before, after, best, warnings, waits, shown, hiddenOff, cleared,
      pcts: [percent(0.14), percent(0.034), percent(0.003), percent(0)] };
  });
  check(out.shown, 'the panel shows with a helper');
  check(JSON.stringify(out.warnings) === '["no_yaku","furiten"]', `both warnings shown (${out.warnings})`);
  check(/2p|×3/.test(out.waits) && /no yaku/.test(out.waits) && /furiten/.test(out.waits), `the wait says no yaku and furiten: ${out.waits}`);
  const expect = [['3p', 'danger-high', '14% deal-in'], ['4p', 'danger-medium', '7% deal-in'],
    ['6s', 'danger-low', '3% deal-in'], ['9m', 'danger-safe', '0% deal-in']];
  for (const marks of [out.before, out.after]) {
    expect.forEach(([name, cls, title], i) => {
      check(marks[i][0] === name && marks[i][1] === cls && marks[i][2].startsWith(title),
        `tile ${name}: ${cls}, "${title}" (got ${marks[i]})`);
    });
  }
  check(out.best.join() === '9m', `the best discard is marked (${out.best})`);
  check(out.hiddenOff && out.cleared, 'the helper off: the panel hides and the marks go');
  check(out.pcts.join() === '14%,3.4%,0.3%,0%', `percentages as the server writes them (${out.pcts})`);
  await page.screenshot({ path: path.join(artifacts, 'helper-panel.png') });
  await page.context().close();
}

const MJLOG_DIR = process.env.RIICHI_MJLOG_DIR || path.resolve(HERE, '../../../shared/data/tenhou-mjlog');
function firstLog() {
  const logs = fs.existsSync(MJLOG_DIR) ? fs.readdirSync(MJLOG_DIR).filter((f) => f.endsWith('.mjlog')).sort() : [];
  return logs.length ? path.join(MJLOG_DIR, logs[0]) : null;
}

// Issue 17 item 5: game length, readable rule sets, distinct bot names with their level, and the
// invite Copy on a page without navigator.clipboard (a plain-http LAN address).
async function testLobbyAndCopy(base) {
  const page = await newPage();
  await page.goto(`${base}/`);
  await page.waitForSelector('#game-length');
  const lengths = await page.$$eval('#game-length option', (l) => l.map((o) => o.textContent));
  check(lengths.length === 2 && /East-South/.test(lengths[0]) && /East only/.test(lengths[1]), `game lengths ${lengths}`);
  const presets = await page.$$eval('#preset option', (l) => l.map((o) => o.textContent));
  check(presets.includes('EMA 2016') && presets.includes('EMA 2008') && presets.includes('Tenhou'), `readable rule sets ${presets}`);
  check((await page.textContent('#preset-description')).length > 20, 'the rule set is described');
  const bots = await page.$$eval('#seat-1 option', (l) => l.map((o) => o.textContent));
  check(bots.filter((b) => /level \d of \d/.test(b)).length >= 3, `bots with their level: ${bots}`);
  await page.selectOption('#game-length', 'east');
  await page.click('#create-table');
  await page.waitForURL(/\/table\//);
  await page.waitForSelector('.seat-plate .name');
  const names = await page.$$eval('.seat-plate .name', (l) => l.map((n) => n.textContent));
  const botNames = names.filter((n) => /level/.test(n));
  check(botNames.length === 3 && new Set(botNames).size === 3, `three distinct bot names: ${names}`);
  await page.goto(`${base}/`);
  await page.waitForSelector('#open-tables tr[data-table]');
  const rules = await page.$$eval('#open-tables tr[data-table] td:nth-child(2)', (l) => l.map((t) => t.textContent));
  check(rules.includes('EMA 2016, East only'), `the East-only table in the lobby: ${rules}`);
  await page.context().close();
  // The Copy button where navigator.clipboard is missing: the fallback copies and says so.
  const lan = await newPage();
  await lan.context().addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined, configurable: true });
    window.copied = [];
    document.execCommand = (cmd) => {
      window.copied.push([cmd, String(document.activeElement && document.activeElement.value)]);
      return cmd === 'copy';
    };
  });
  const res = await fetch(`${base}/api/tables`, { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ rules: 'ema2016', seats: ['human', 'human', 'greedy', 'greedy'] }) });
  const t = await res.json();
  await lan.goto(`${base}${t.link}`);
  await lan.waitForSelector('button.copy');
  await lan.click('button.copy');
  // Read the feedback in the same page task that sees it change: it lasts two seconds, which a
  // loaded machine can spend between two round trips of the test.
  const copied = await (await lan.waitForFunction(() => {
    const text = document.querySelector('button.copy').textContent;
    return text !== 'Copy' && { text, calls: window.copied };
  })).jsonValue();
  check(copied.text === 'Copied ✓', `the Copy button gives feedback (${copied.text})`);
  check(copied.calls.length === 1 && copied.calls[0][0] === 'copy' && copied.calls[0][1].endsWith(t.link),
    `the link was copied by the fallback: ${JSON.stringify(copied.calls)}`);
  await lan.context().close();
}

// Issue 17 item 6: the han list adds up; a draw says who paid what and why; an import already
// stored opens the stored game; the replay is sent gzipped; the uma of an imported game.
async function testResultsAndImport(base) {
  const page = await newPage();
  await page.goto(`${base}/`);
  const out = await page.evaluate(async () => {
    const { handEndEl } = await import('/assets/results.js');
    const win = { seat: 0, from: 2, win_type: 'ron', yaku: [{ name: 'riichi', han: 1 }, { name: 'pinfu', han: 1 }],
      han: 5, fu: 30, dora: 1, ura: 1, red: 1, hand: '234m567p', dora_indicators: '1m', ura_indicators: '4p',
      payments: { ron: 8000, total: 8000 } };
    const box = handEndEl({ result: 'win', hand: 'East 1', wins: [win], deltas: [8000, 0, -8000, 0], scores: [33000, 25000, 17000, 25000] },
      ['A', 'B', 'C', 'D']);
    const rows = [...box.querySelectorAll('table.yaku tr')].map((r) => [...r.children].map((c) => c.textContent));
    // An exhaustive draw: East and South tenpai, West declared riichi and is noten, North noten.
    const draw = handEndEl({ result: 'exhaustive_draw', hand: 'East 2', deltas: [1500, 1500, -2500, -1500],
      draw: { kind: 'exhaustive', tenpai: [0, 1], nagashi: [], hands: [] } }, ['A', 'B', 'C', 'D']);
    const paid = [...draw.querySelectorAll('.draw-payments li')].map((l) => l.textContent);
    return { rows, paid };
  });
  const han = out.rows.filter((r) => r[0] !== 'Total').reduce((a, r) => a + Number(r[1].split(' ')[0]), 0);
  const total = out.rows.find((r) => r[0] === 'Total');
  check(out.rows.some((r) => r[0] === 'Dora') && out.rows.some((r) => r[0] === 'Ura dora') &&
    out.rows.some((r) => /Red fives/.test(r[0])), `dora, ura and red fives are rows: ${JSON.stringify(out.rows)}`);
  check(total && total[1] === '5 han' && han === 5, `the rows add up to the total (${han})`);
  check(/\+1500 noten payments received/.test(out.paid[0]), `tenpai receive: ${out.paid[0]}`);
  check(/-1500 noten payment/.test(out.paid[2]) && /-1000 riichi stick/.test(out.paid[2]), `noten + riichi stick: ${out.paid[2]}`);
  check(/-1500 noten payment/.test(out.paid[3]) && !/riichi/.test(out.paid[3]), `noten only: ${out.paid[3]}`);
  await page.context().close();
  const log = firstLog();
  if (!log) {
    console.log(`  (no Tenhou logs in ${MJLOG_DIR}: import not exercised)`);
    return;
  }
  const body = fs.readFileSync(log);
  const post = () => fetch(`${base}/api/import`, { method: 'POST', headers: { 'Content-Type': 'application/xml' }, body });
  const first = await post();
  const a = await first.json();
  const second = await post();
  const b = await second.json();
  check(first.status === 201 && second.status === 200 && a.id === b.id && b.existing === true,
    `the same log imported twice opens the stored one (${first.status} ${a.id}, ${second.status} ${b.id})`);
  const replay = await fetch(`${base}/api/games/${a.id}/replay`, { headers: { 'Accept-Encoding': 'gzip' } });
  check(replay.headers.get('content-encoding') === 'gzip', `the replay is gzipped (${replay.headers.get('content-encoding')})`);
  const wire = Number(replay.headers.get('content-length'));
  const json = await replay.json();
  check(wire > 0 && wire < 1000000, `the replay is well under 1 MB on the wire (${wire} bytes)`);
  console.log(`  replay of ${path.basename(log)}: ${wire} bytes gzipped, ${JSON.stringify(json).length} as JSON`);
  const uma = json.final.uma;
  check(Array.isArray(uma) && uma.reduce((x, y) => x + y, 0) !== null && uma.some((u) => u !== 0), `an imported game has its uma: ${uma}`);
  json.final.points.forEach((p, i) => {
    const rebuilt = Math.round(p / 1000) * 1000 - 30000 + uma[i];
    check(Math.abs(rebuilt - json.final.final_scores[i]) <= 1000, `points - 30000 + uma = final (${rebuilt} vs ${json.final.final_scores[i]})`);
  });
  // The replay: the seat at the bottom, auto-play with a speed, the evaluation of each decision.
  const page2 = await newPage();
  await page2.goto(`${base}/replay/${a.id}`);
  await page2.waitForSelector('#bottom-seat');
  await page2.selectOption('#bottom-seat', '2');
  const bottomName = await page2.textContent('.replay-board .seat-area.bottom .name');
  check(bottomName === json.players[2], `seat 2 at the bottom (${bottomName} vs ${json.players[2]})`);
  await page2.selectOption('#replay-speed', '200');
  await page2.click('#autoplay');
  await page2.waitForFunction(() => Number(document.getElementById('app').dataset.frame || document.querySelector('[data-frame]').dataset.frame) >= 4, null, { timeout: 10000 });
  await page2.click('#autoplay');
  check(!(await page2.evaluate(() => document.querySelector('[data-playing]'))), 'auto-play pauses');
  await page2.click('#evaluate');
  await page2.waitForSelector('#replay-evaluation .replay-decision, #replay-evaluation p', { timeout: 60000 });
  await page2.waitForFunction(() => !/Reviewing/.test(document.getElementById('replay-evaluation').textContent), null, { timeout: 60000 });
  for (let i = 0; i < 40 && !(await page2.$('#replay-evaluation .replay-decision')); ++i) await page2.click('#next-frame');
  const evalText = await page2.textContent('#replay-evaluation');
  check(/took .+, best /.test(evalText), `the evaluation of a decision of the bottom seat: ${evalText.slice(0, 200)}`);
  await page2.screenshot({ path: path.join(artifacts, 'helper-replay.png') });
  await page2.context().close();
}

// Issue 16: the Review page shows the danger of each tile against each opponent.
async function testReviewDanger(base) {
  const log = firstLog();
  if (!log) {
    console.log(`  (no Tenhou logs in ${MJLOG_DIR}: the review is not exercised)`);
    return;
  }
  const res = await fetch(`${base}/api/review?player=0`, { method: 'POST', body: fs.readFileSync(log) });
  const review = await res.json();
  check(res.status === 200, `the review answers (${res.status} ${JSON.stringify(review).slice(0, 200)})`);
  const ds = review.games[0].decisions;
  check(ds.every((d) => d.danger && d.danger.opponents.length === 3 && d.danger.tiles.every((t) => t.by_opponent.length === 3)),
    'every decision has the danger of each tile against each of the three opponents');
  const threatened = ds.findIndex((d) => d.danger.opponents.some((o) => o.riichi));
  check(threatened >= 0, 'a decision against a riichi');
  const page = await newPage();
  await page.goto(`${base}/`);
  const shown = await page.evaluate(async ({ games, at }) => {
    const { renderReview } = await import('/assets/reviewview.js');
    document.body.innerHTML = '<div id="rv"></div>';
    const v = renderReview(document.getElementById('rv'), games);
    v.show(at);
    return {
      rows: document.querySelectorAll('.rv-danger tr[data-tile]').length,
      heads: [...document.querySelectorAll('.rv-danger th')].map((t) => t.textContent),
      marked: [...document.querySelectorAll('.rv-hand img.dz')].map((i) => i.title),
    };
  }, { games: review.games, at: threatened });
  check(shown.rows === ds[threatened].danger.tiles.length, `a danger row per tile held (${shown.rows})`);
  check(shown.heads.some((h) => /riichi/.test(h)), `the opponent in riichi is a column: ${shown.heads}`);
  check(shown.marked.length >= 13 && shown.marked.every((t) => /% deal-in/.test(t)), `the hand's tiles are coloured: ${shown.marked[0]}`);
  await page.screenshot({ path: path.join(artifacts, 'helper-review-danger.png'), fullPage: true });
  await page.context().close();
  // The stats of a player from the server's own database (the log was imported above).
  const name = review.games[0].players[0];
  const bad = await fetch(`${base}/api/stats`);
  check(bad.status === 400 && /player/.test((await bad.json()).error), 'a stats request without a player is refused');
  const stats = await newPage();
  await stats.goto(`${base}/review`);
  await stats.fill('#stats-name', name);
  await stats.click('#stats-go');
  await stats.waitForSelector('.stats-table, #stats-out:has-text("Error")', { timeout: 60000 });
  const table = await stats.$$eval('.stats-table tr', (l) => l.map((r) => [r.dataset.key, r.lastChild.textContent]));
  const games = table.find((r) => r[0] === 'games');
  check(games && /^1 \(1 finished\)/.test(games[1]), `the record of ${name} over the one stored game: ${JSON.stringify(table)}`);
  check(table.some((r) => r[0] === 'average rank') && table.some((r) => r[0] === 'mean loss per decision'), 'rank and loss shown');
  await stats.screenshot({ path: path.join(artifacts, 'helper-stats.png') });
  await stats.context().close();
}

await suite.finish('all helper browser tests passed', async () => {
  const base = await startServer();
  browser = await suite.launch();
  await suite.run('helper panel (hand-made helper)', testPanel, base);
  await suite.run('helper at a live table', testLiveTable, base);
  await suite.run('lobby: length, rule sets, bot names; Copy without navigator.clipboard', testLobbyAndCopy, base);
  await suite.run('results add up, draws explained, import dedupe, gzipped replay', testResultsAndImport, base);
  await suite.run('review: danger of each tile against each opponent', testReviewDanger, base);
});
