// Browser tests of the Practice section (/practice): Debian's chromium driven by playwright-core.
//
//   node web/tests/practice.test.mjs PATH/TO/riichi [ARTIFACT_DIR]
//
// Starts `riichi serve --port 0 --db <tmp>`, opens the lobby, follows its Practice link, and:
//  1. waits drill: solves a problem right by clicking the tile buttons (the key comes from
//     `riichi drill waits --json`, the same seed), then the next one wrong by typing a tile that
//     does not win; checks the verdicts, the key table, the session score and the streak;
//  2. score drill: types han, fu and payment from the key (right), then a wrong payment;
//  3. discard drill: clicks the best discard of the key; keyboard only (Tab / Enter, N);
//  4. the history: the browser's list, and with a name the server's totals (reload included);
//  5. the phone layout (screenshot) and bad input (a malformed payment shows the server's
//     error, no crash).
// Exit 0 = pass, 1 = fail, 77 = skipped (no chromium or no web/node_modules).
import { execFileSync } from 'node:child_process';
import path from 'node:path';

import { check, openSuite } from './harness.mjs';

const suite = await openSuite({ name: 'practice', timeoutMs: 120000 });
const { binary, artifacts } = suite;
let browser = null;

async function startServer() {
  return (await suite.startServer('p.db')).url;
}

// The engine's key of problem `index` of a session (the CLI, same generator as the server).
function key(drill, level, seed, index) {
  const out = execFileSync(binary, ['drill', drill, '--level', String(level), '--seed', String(seed),
    '--start', String(index), '--count', '1', '--json'], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n')[0]);
}

async function newPage(options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  context.setDefaultTimeout(20000);
  const page = await context.newPage();
  page.on('pageerror', (err) => {
    console.error(`page error: ${err.message}`);
    suite.failures++;
  });
  return page;
}

async function startDrill(page, base, drill, level, seed, name = '') {
  await page.goto(`${base}/`);
  await page.click('#practice-link');
  await page.waitForSelector('#practice-drill');
  await page.selectOption('#practice-drill', drill);
  await page.selectOption('#practice-level', String(level));
  await page.fill('#practice-seed', String(seed));
  await page.fill('#practice-name', name);
  await page.click('#practice-start');
  await page.waitForSelector('#practice-check');
}

async function verdict(page) {
  await page.waitForSelector('#practice-verdict');
  return page.evaluate(() => {
    const v = document.getElementById('practice-verdict');
    return { right: v.classList.contains('right'), text: v.textContent,
      streak: document.getElementById('practice-streak').textContent,
      session: document.getElementById('practice-session').textContent };
  });
}

async function testWaits(base) {
  const page = await newPage();
  const seed = 11;
  await startDrill(page, base, 'waits', 2, seed);
  const k0 = key('waits', 2, seed, 0);
  const hand = await page.$$eval('.practice-hand .tile', (l) => l.map((t) => t.dataset.tile));
  check(hand.length === 13, `13 tiles shown (${hand.length})`);
  for (const w of k0.answer.waits) await page.click(`.practice-picker button[data-tile="${w.tile}"]`);
  check(await page.inputValue('#practice-tiles') !== '', 'the picked tiles are echoed in the text field');
  await page.click('#practice-check');
  let v = await verdict(page);
  check(v.right, `the key's waits are graded right: ${v.text}`);
  check(v.streak === 'streak 1' && v.session.startsWith('Session: 1 / 1'), `score ${v.session} ${v.streak}`);
  const rows = await page.$$eval('#practice-key tr[data-tile]', (l) => l.map((r) => r.dataset.tile));
  check(rows.join() === k0.answer.waits.map((w) => w.tile).join(), `key table ${rows} vs ${k0.answer.waits.map((w) => w.tile)}`);
  await page.screenshot({ path: path.join(artifacts, 'practice-waits.png') });
  // Next problem (the N key), answered wrong by typing a tile that does not win.
  await page.keyboard.press('n');
  await page.waitForSelector('#practice-check');
  const k1 = key('waits', 2, seed, 1);
  const winning = new Set(k1.answer.waits.map((w) => w.tile));
  const notWinning = ['1z', '2z', '3z', '4z', '5z', '6z', '7z', '1m', '9m'].find((t) => !winning.has(t));
  await page.fill('#practice-tiles', notWinning);
  await page.press('#practice-tiles', 'Enter');
  v = await verdict(page);
  check(!v.right && v.text.includes('does not complete'), `a wrong answer is graded wrong: ${v.text}`);
  check(v.streak === 'streak 0' && v.session.startsWith('Session: 1 / 2'), `score ${v.session} ${v.streak}`);
  const history = await page.$$eval('#practice-history-list tr', (l) => l.length);
  check(history === 3, `two answers in the browser history (${history - 1})`);
  await page.context().close();
}

async function testScore(base) {
  const page = await newPage();
  const seed = 4;
  await startDrill(page, base, 'score', 1, seed);
  const k = key('score', 1, seed, 0).answer;
  await page.fill('#practice-han', String(k.han));
  await page.fill('#practice-fu', String(k.fu));
  await page.fill('#practice-payment', k.payment.join('/'));
  await page.press('#practice-payment', 'Enter');
  let v = await verdict(page);
  check(v.right, `han ${k.han} fu ${k.fu} payment ${k.payment} graded right: ${v.text}`);
  const sheet = await page.textContent('#practice-key');
  for (const y of k.yaku) check(sheet.includes(y.name), `the sheet names the yaku ${y.name}`);
  check(sheet.includes('base'), 'the sheet lists the fu items');
  await page.screenshot({ path: path.join(artifacts, 'practice-score.png') });
  await page.click('#practice-next');
  await page.waitForSelector('#practice-check');
  // A malformed payment: the server's error is shown, the problem stays.
  await page.fill('#practice-payment', 'lots');
  await page.click('#practice-check');
  await page.waitForFunction(() => /Cannot grade/.test(document.querySelector('.practice .error').textContent));
  const k1 = key('score', 1, seed, 1).answer;
  await page.fill('#practice-han', String(k1.han));
  await page.fill('#practice-fu', String(k1.fu));
  await page.fill('#practice-payment', String(k1.payment[0] + 100));
  await page.click('#practice-check');
  v = await verdict(page);
  check(!v.right && /Payment: ✘/.test(await page.textContent('#practice-key')), `a wrong payment is graded wrong: ${v.text}`);
  await page.context().close();
}

async function testDiscardKeyboard(base) {
  const page = await newPage();
  const seed = 3;
  await startDrill(page, base, 'discard', 1, seed, 'Practice Tester');
  const k = key('discard', 1, seed, 0).answer;
  // Keyboard only: Tab through the hand's buttons to the best tile, Enter.
  await page.waitForSelector('.practice-hand.discard button');
  const tiles = await page.$$eval('.practice-hand.discard button', (l) => l.map((b) => b.dataset.tile));
  const at = tiles.indexOf(k.best);
  check(at >= 0, `the best discard ${k.best} is in the shown hand ${tiles}`);
  await page.focus('.practice-hand.discard button');
  for (let i = 0; i < at; i++) await page.keyboard.press('Tab');
  check(await page.evaluate(() => document.activeElement.dataset.tile) === k.best, 'focus on the best tile');
  await page.keyboard.press('Enter');
  const v = await verdict(page);
  check(v.right, `the best discard is graded right: ${v.text}`);
  const rows = await page.$$eval('#practice-key tr[data-tile]', (l) => l.length);
  check(rows === k.table.length, `the full table (${rows} rows, key ${k.table.length})`);
  await page.waitForSelector('#practice-server-totals');
  check((await page.textContent('#practice-server-totals')).includes('discard: 1/1'), 'the server keeps the named history');
  await page.keyboard.press('n');
  await page.waitForSelector('#practice-check');
  check((await page.textContent('.practice-score')).includes('problem 2'), 'N shows the next problem');
  await page.context().close();
}

async function testPhoneAndHistory(base) {
  const page = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await page.goto(`${base}/practice`);
  await page.fill('#practice-name', 'Practice Tester');
  await page.selectOption('#practice-drill', 'waits');
  await page.click('#practice-start');
  await page.waitForSelector('#practice-check');
  await page.waitForSelector('#practice-server-totals');
  check((await page.textContent('#practice-server-totals')).includes('discard: 1/1'),
    'a reload shows the server history of the name');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  check(width <= 400, `no horizontal scrolling on a phone (${width}px)`);
  await page.tap('.practice-picker button[data-tile="1z"]');
  check(await page.getAttribute('.practice-picker button[data-tile="1z"]', 'aria-pressed') === 'true', 'tap toggles a tile');
  await page.screenshot({ path: path.join(artifacts, 'practice-phone.png'), fullPage: true });
  await page.context().close();
}

await suite.finish('all practice browser tests passed', async () => {
  const base = await startServer();
  console.log(`server at ${base}; artefacts in ${artifacts}`);
  browser = await suite.launch();
  await suite.run('waits drill: right by clicks, wrong by typing', testWaits, base);
  await suite.run('score drill: right and wrong, a malformed answer', testScore, base);
  await suite.run('discard drill by keyboard, named history', testDiscardKeyboard, base);
  await suite.run('phone layout and the server history', testPhoneAndHistory, base);
});
