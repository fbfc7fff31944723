// Browser tests of the play table (issue 17, items 1-4): Debian's chromium driven by playwright-core.
//
//   node web/tests/table.test.mjs PATH/TO/riichi [ARTIFACT_DIR]
//
// Starts `riichi serve` (bots at once, the table waiting 60 s for the OK after a hand) and checks:
//  1. the table waits: after a hand the board keeps the ended hand (ponds, the hands shown) under
//     the result with its countdown, bots make no move until OK; "Look at the table" puts the
//     result aside; OK deals the next hand; on a second server the countdown ends the wait alone;
//  2. the table tells (on web/dev.html's hand-made messages): call-outs over the right seat for
//     chi / pon / kan / riichi and the result (Ron with its points), the turn cue for a turn and
//     a call, the sound toggle off by default, tones once on, remembered after a reload;
//  3. the auto options: the toggles are kept by the server (after a reload too), "no calls" passes
//     every call offer of a hand played by tsumogiri; the turn timer (a third server with a
//     short one) shows the turn and the bank and discards the drawn tile at the end; the host's
//     timer choice, and a friends' table (two humans) without a timer;
//  4. the layout: seats turned toward their players (the called tile toward its giver, the riichi
//     stick between pond and centre), dora outlined in the own hand, the centre's counters, the
//     own hand at a fixed place, 1366x768 with the side panel (#helper-panel) beside the table,
//     phone portrait and landscape without scrolling sideways and pond tiles of 26 px at least.
// Screenshots go to ARTIFACT_DIR (default: web-test-artifacts next to the binary); docs/img/ holds
// copies of table-1366x768.png, table-phone-*.png and table-hand-over.png.
// Exit 0 = pass, 1 = fail, 77 = skipped (no chromium or no web/node_modules).
import path from 'node:path';

import { check, openSuite } from './harness.mjs';

const suite = await openSuite({ name: 'table', timeoutMs: 200000 });
const { artifacts } = suite;
let browser = null;

// `riichi serve` with `extra` options on its own database; resolves to its URL.
async function startServer(name, extra = []) {
  const { url } = await suite.startServer(`${name}.db`, ['--bot-delay-ms', '0', '--allow-chosen-seed', ...extra]);
  return url;
}

async function createTable(base, seats, seed) {
  const res = await fetch(`${base}/api/tables`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ seats, seed }),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`create table: ${body.error}`);
  return body.id;
}

async function newPage(label, viewport = { width: 1366, height: 768 }, context = null) {
  const ctx = context || await browser.newContext({ viewport });
  ctx.setDefaultTimeout(15000);
  const page = await ctx.newPage();
  page.on('pageerror', (err) => {
    console.error(`[${label}] page error: ${err.message}`);
    suite.failures++;
  });
  return page;
}

async function shot(page, name) {
  await page.screenshot({ path: path.join(artifacts, name) });
}

const appData = (page, key) => page.evaluate((k) => document.getElementById('app').dataset[k], key);

// Plays by tsumogiri (and passes calls unless `noPass`) until the result shows; returns the clicks.
async function playToHandEnd(page, budgetMs, { noPass = false } = {}) {
  let passes = 0;
  for (const t0 = Date.now(); Date.now() - t0 < budgetMs;) {
    if (await page.$('.overlay:not([hidden]) .hand-end')) return { passes };
    const v = await appData(page, 'version');
    let clicked = false;
    try {
      if (!noPass && await page.$('.actions .action.pass:not(:disabled)')) {
        await page.click('.actions .action.pass', { timeout: 2000 });
        passes++;
        clicked = true;
      } else if (await page.$('.my-hand .hand-tile.drawn.playable')) {
        await page.click('.my-hand .hand-tile.drawn.playable', { timeout: 2000 });
        clicked = true;
      } else if (await page.$('.my-hand .hand-tile.playable') && !(await page.$('.actions .action.pass'))) {
        await page.click('.my-hand .hand-tile.playable >> nth=-1', { timeout: 2000 });
        clicked = true;
      }
    } catch {
      // a newer state replaced the element: choose again
    }
    if (clicked) {
      await page.waitForFunction((old) => document.getElementById('app').dataset.version !== old ||
        document.querySelector('.overlay:not([hidden]) .hand-end'), v, { timeout: 4000 }).catch(() => {});
    } else await page.waitForTimeout(40);
  }
  throw new Error(`no result screen after ${budgetMs / 1000} s`);
}

const pondCount = (page) => page.$$eval('.table-board .pond .tile', (l) => l.length);

// 1. The table waits after a hand until OK (or the countdown).
async function testWaits(base, quickBase) {
  const page = await newPage('waits');
  const id = await createTable(base, ['human', 'greedy', 'greedy', 'greedy'], 11);
  await page.goto(`${base}/table/${id}`);
  await page.waitForSelector('.my-hand .hand-tiles .tile');
  await playToHandEnd(page, 60000);
  const hand = await page.textContent('.center .round');
  const ponds = await pondCount(page);
  check(ponds > 0, `the board keeps the ended hand's ponds under the result (${ponds} tiles)`);
  check(/Next hand in \d+ s/.test(await page.textContent('.overlay .hand-countdown')), 'the result shows its countdown');
  const result = await page.getAttribute('.overlay .hand-end', 'data-result');
  if (result === 'win' || result === 'exhaustive_draw') {
    const shown = await page.$$eval('.table-board .seat-area .revealed .tile, .my-hand .tile', (l) => l.length);
    check(shown > 0, 'the hands are shown on the board');
  }
  // bots do not play on meanwhile
  const version = await appData(page, 'version');
  await page.waitForTimeout(1500);
  check(await appData(page, 'version') === version, 'no new state is shown while the table waits');
  check(await page.textContent('.center .round') === hand && await pondCount(page) === ponds, 'the board stays as the hand ended');
  await page.click('.overlay .peek-toggle');
  check(await page.$('.overlay.peek'), '"Look at the table" puts the result aside');
  check(!(await page.isVisible('.overlay .hand-end')), 'the result is hidden while looking at the table');
  await shot(page, 'table-hand-over.png');
  await page.click('.overlay .peek-toggle');
  check(await page.isVisible('.overlay .hand-end'), 'the result comes back');
  await page.click('.overlay .ok');
  await page.waitForFunction((n) => document.querySelectorAll('.table-board .pond .tile').length < n, ponds, { timeout: 8000 });
  check(await page.isHidden('.overlay .hand-end'), 'OK closes the result and the next hand is dealt');
  check(await page.textContent('.turn-cue') !== 'Hand over', 'the table plays on');
  await page.context().close();

  // the countdown ends the wait without an OK
  const quick = await newPage('countdown');
  const qid = await createTable(quickBase, ['human', 'greedy', 'greedy', 'greedy'], 11);
  await quick.goto(`${quickBase}/table/${qid}`);
  await quick.waitForSelector('.my-hand .hand-tiles .tile');
  await playToHandEnd(quick, 60000);
  const t0 = Date.now();
  await quick.waitForSelector('.overlay .hand-end', { state: 'hidden', timeout: 10000 });
  check(Date.now() - t0 > 1000, `the result stayed until the countdown ended (${Date.now() - t0} ms)`);
  await quick.context().close();
}

// 2. Call-outs, the turn cue and the sound toggle, on dev.html's hand-made messages.
async function testTells(base) {
  const page = await newPage('tells');
  await page.goto(`${base}/assets/dev.html?view=self`);
  await page.waitForSelector('.my-hand .hand-tiles .tile');
  check(await page.$('.dock.my-turn'), 'our turn lights the dock');
  check(await page.textContent('.turn-cue') === 'Your turn', 'the turn cue says "Your turn"');
  check(!(await page.isChecked('#sound-toggle')), 'sound is off by default');
  check(await appData(page, 'sounds') === undefined, 'no tone while sound is off');
  // other seats' calls: the view gets the states a server would send
  const feed = (seat, action, version) => page.evaluate(([s, a, v]) => {
    const tv = window.tableView;
    const m = structuredClone(tv.msg);
    m.version = v;
    m.last = { seat: s, action: a, version: v };
    m.legal = [];
    m.observation.to_play = -1;
    tv.update(m);
  }, [seat, action, version]);
  const calloutAt = (rel) => page.$eval(`.callouts .callout.${rel}`, (n) => n.textContent).catch(() => null);
  await feed(1, 'pon 8m8m <- 8m', 20);
  check(await calloutAt('right') === 'Pon', 'a pon of the shimocha is called out on the right');
  await feed(2, 'chi 3s4s <- 5s', 21);
  check(await calloutAt('top') === 'Chi', 'a chi of the toimen is called out at the top');
  await feed(3, 'riichi 2z', 22);
  check(await calloutAt('left') === 'Riichi', 'a riichi of the kamicha is called out on the left');
  await feed(2, 'ankan 1p', 23);
  check((await page.$$eval('.callouts .callout.top', (l) => l.map((n) => n.textContent))).includes('Kan'), 'a kan is called out');
  await feed(1, 'discard 3m', 24);
  check(await page.$$eval('.callouts .callout', (l) => l.length) === 4, 'a discard is not called out');
  check(!(await page.$('.dock.my-turn')), 'no turn cue while another seat plays');
  await shot(page, 'table-callouts.png');
  // the result: "Ron 5500" over the winner (the fixture's win is seat 1's)
  await page.evaluate(async () => {
    const F = await import('/assets/fixtures/fixtures.js');
    window.tableView.showHandEnd(F.winEnd);
  });
  const win = await page.$eval('.callouts .callout[data-kind=win]', (n) => [n.textContent, n.className]);
  check(/^(Ron|Tsumo)( \d+| \d+\/\d+| \d+ all)?/.test(win[0]), `the result is called out (${win[0]})`);
  // the claim cue, and tones once sound is on
  await page.goto(`${base}/assets/dev.html?view=self`);
  await page.check('#sound-toggle');
  await page.evaluate(async () => {
    const F = await import('/assets/fixtures/fixtures.js');
    const m = structuredClone(F.claimState);
    m.version = 30;
    window.tableView.update(m);
  });
  check(await page.$('.dock.my-call'), 'a call prompt lights the dock');
  check(await page.textContent('.turn-cue') === 'Your call', 'the turn cue says "Your call"');
  check(Number(await appData(page, 'sounds')) >= 1 && await appData(page, 'lastSound') === 'call', 'a tone for the call prompt');
  await page.reload();
  await page.waitForSelector('#sound-toggle');
  check(await page.isChecked('#sound-toggle'), 'the sound toggle is remembered');
  await page.uncheck('#sound-toggle');
  await page.context().close();
}

// 3. Auto options (kept by the server) and "no calls"; the turn timer and its bank.
async function testAuto(base, timedBase) {
  const page = await newPage('auto');
  const id = await createTable(base, ['human', 'greedy', 'greedy', 'greedy'], 21);
  await page.goto(`${base}/table/${id}`);
  await page.waitForSelector('#no-calls');
  for (const box of ['#auto-win', '#auto-discard', '#no-calls']) check(!(await page.isChecked(box)), `${box} is off at first`);
  await page.check('#no-calls');
  await page.check('#auto-win');
  await page.waitForFunction(() => document.querySelector('#no-calls').checked && document.querySelector('#auto-win').checked);
  await page.reload();
  await page.waitForSelector('#no-calls');
  await page.waitForFunction(() => document.querySelector('#no-calls').checked, null, { timeout: 5000 });
  check(await page.isChecked('#auto-win') && !(await page.isChecked('#auto-discard')), 'the options are kept by the server');
  // a hand by tsumogiri without ever pressing Pass: every call offer is passed for us (the claim
  // window lasts 60 s on this server, so a prompt left to us would stall the hand)
  const r = await playToHandEnd(page, 90000, { noPass: true });
  check(r.passes === 0, 'no pass was clicked');
  await page.click('.overlay .ok');
  await page.context().close();

  // the turn timer: 1.5 s + 1 s bank on this server
  const timed = await newPage('timer');
  const tid = await createTable(timedBase, ['human', 'greedy', 'greedy', 'greedy'], 42);
  await timed.goto(`${timedBase}/table/${tid}`);
  await timed.waitForSelector('.my-hand .hand-tile.drawn.playable');
  const drawn = await timed.getAttribute('.my-hand .hand-tile.drawn', 'data-id');
  check(await timed.isVisible('.turn-timer'), 'the turn timer shows on our turn');
  check(/^\d s \+ \d s bank$/.test(await timed.textContent('.turn-timer')), `turn + bank (${await timed.textContent('.turn-timer')})`);
  await timed.waitForSelector('.turn-timer.urgent', { timeout: 4000 });
  await timed.waitForFunction((d) => [...document.querySelectorAll('.seat-area.bottom .pond .tile')].some((t) => t.dataset.id === d),
    drawn, { timeout: 6000 });
  check(true, 'at the end of the bank the server discarded the drawn tile');
  check(await timed.$eval('#turn-timer', (s) => s.value) === '1500,1000', 'the host sees the table timer');
  await timed.selectOption('#turn-timer', '0,0');
  await timed.waitForFunction(() => document.querySelector('#turn-timer').value === '0,0');
  await timed.waitForSelector('.my-hand .hand-tile.playable', { timeout: 15000 });
  check(!(await timed.isVisible('.turn-timer')), 'no timer once the host turned it off');
  await timed.context().close();

  // friends: two humans, no timer; only the host may set one
  const fid = await createTable(timedBase, ['human', 'human', 'greedy', 'greedy'], 5);
  const host = await newPage('host');
  await host.goto(`${timedBase}/table/${fid}`);
  await host.waitForSelector('#turn-timer');
  check(await host.$eval('#turn-timer', (s) => s.value) === '0,0', 'a friends\' table starts without a timer');
  const guest = await newPage('guest');
  await guest.goto(`${timedBase}/table/${fid}`);
  await guest.waitForSelector('.my-hand .hand-tiles .tile');
  check(!(await guest.$('#turn-timer')), 'the guest cannot set the timer');
  await host.context().close();
  await guest.context().close();
}

// 4. The layout: turned seats, dora, the fixed own hand, desktop and phone sizes.
async function testLayout(base) {
  const page = await newPage('layout');
  await page.goto(`${base}/assets/dev.html?view=self`);
  await page.waitForSelector('.my-hand .hand-tiles .tile');
  const rect = (sel) => page.$eval(sel, (n) => { const r = n.getBoundingClientRect(); return { x: r.x, y: r.y, r: r.right, b: r.bottom, w: r.width, h: r.height }; });
  const angle = (sel) => page.$eval(sel, (n) => {
    const m = new DOMMatrix(getComputedStyle(n).transform);
    return Math.round(Math.atan2(m.b, m.a) * 180 / Math.PI);
  });
  check(await angle('.seat-area.right') === -90 && await angle('.seat-area.top') === 180 &&
    await angle('.seat-area.left') === 90 && await angle('.seat-area.bottom') === 0, 'the seat areas are turned toward their players');
  // the shimocha (right) called a pon from us (bottom): its called tile is the lowest on screen
  const meld = await page.$$eval('.seat-area.right .meld[data-type=pon] > .tile', (l) => l.map((t) => {
    const r = t.getBoundingClientRect();
    return { called: t.classList.contains('called-tile'), y: r.y + r.height / 2 };
  }));
  const called = meld.find((t) => t.called);
  check(called && meld.every((t) => t.called || t.y < called.y), 'the called tile of the right seat points to us, its giver');
  // the toimen (top) chi'd from the right seat (its kamicha): on screen its called tile is rightmost
  const chi = await page.$$eval('.seat-area.top .meld[data-type=chi] > .tile', (l) => l.map((t) => ({
    called: t.classList.contains('called-tile'), x: t.getBoundingClientRect().x })));
  const cc = chi.find((t) => t.called);
  check(cc && chi.every((t) => t.called || t.x < cc.x), 'the toimen\'s chi points to the right seat');
  const stick = await rect('.seat-area.right .riichi-stick');
  const pond = await rect('.seat-area.right .pond');
  const center = await rect('.table-board .center');
  check(stick.r <= pond.x + 2 && stick.x >= center.r - 2, 'the riichi stick lies between the right seat\'s pond and the centre');
  const dora = await page.$$eval('.my-hand .dora-tile', (l) => l.map((t) => t.dataset.tile).sort());
  check(JSON.stringify(dora) === '["0p","1s"]', `dora outlined in the own hand: the red five and 1s (indicator 9s) (${dora})`);
  const counters = await page.textContent('.center .counters');
  check(/Honba 1/.test(counters) && /Riichi 1/.test(counters) && /Left 52/.test(counters), `the centre's counters (${counters})`);
  check(await page.textContent('.center .round') === 'East 2', 'the centre shows the round');
  const plates = await page.$$eval('.seat-plate .score', (l) => l.map((n) => n.textContent));
  check(plates.join(' ') === '24000 33100 17900 24000', `each side of the centre shows its score (${plates})`);
  check(await page.$$eval('.seat-plate.bottom .wind', (l) => l[0].textContent) === 'N', 'our wind on our side');
  await page.context().close();

  // the real table at 1366x768: the side panel beside the board, the hand at a fixed place
  const desk = await newPage('desktop', { width: 1366, height: 768 });
  await desk.evaluate(() => localStorage.setItem('riichi.analysis', '1')).catch(() => {});
  const id = await createTable(base, ['human', 'greedy', 'greedy', 'greedy'], 42);
  await desk.goto(`${base}/table/${id}`);
  // Seated first: the page keeps the seat's token once the server's `joined` arrives; a reload
  // before that joins again without a token and finds the seat taken (a race on a busy machine).
  await desk.waitForFunction((key) => localStorage.getItem(key), `riichi.token.${id}`);
  await desk.evaluate(() => localStorage.setItem('riichi.analysis', '1'));
  await desk.reload();
  await desk.waitForSelector('.my-hand .hand-tile.playable');
  await desk.waitForSelector('#helper-panel .helper-option');
  const fits = await desk.evaluate(() => [document.documentElement.scrollHeight, document.documentElement.scrollWidth]);
  check(fits[0] <= 768 && fits[1] <= 1366, `1366x768 without scrolling (${fits})`);
  const board = await desk.$eval('.table-board', (n) => n.getBoundingClientRect().toJSON());
  const side = await desk.$eval('.side-panel', (n) => n.getBoundingClientRect().toJSON());
  check(await desk.$('.side-panel #helper-panel'), 'the side panel holds #helper-panel');
  check(side.x >= board.right - 1 && side.width >= 300, 'the side panel stands beside the table');
  const handAt = await desk.$eval('.my-hand .hand-tiles', (n) => n.getBoundingClientRect().bottom);
  check(handAt <= 768, 'the own hand is on screen');
  const pondTile = await desk.$eval('.table-board', (n) => parseFloat(getComputedStyle(n).getPropertyValue('--tw')));
  check(pondTile >= 22, `pond tiles of ${pondTile} px at 1366x768`);
  // a few discards: the hand stays where it is while the ponds grow
  for (let i = 0; i < 8; ++i) {
    await desk.waitForSelector('.my-hand .hand-tile.drawn.playable, .actions .action.pass', { timeout: 15000 });
    if (await desk.$('.overlay:not([hidden]) .hand-end')) break;
    if (await desk.$('.actions .action.pass')) await desk.click('.actions .action.pass').catch(() => {});
    else await desk.click('.my-hand .hand-tile.drawn.playable').catch(() => {});
    await desk.waitForTimeout(150);
  }
  const handLater = await desk.$eval('.my-hand .hand-tiles', (n) => n.getBoundingClientRect().bottom);
  check(Math.abs(handLater - handAt) <= 1, `the own hand does not move as the ponds grow (${handAt} / ${handLater})`);
  await shot(desk, 'table-1366x768.png');
  await desk.context().close();

  // phones: portrait and landscape
  for (const [name, viewport] of [['portrait', { width: 390, height: 844 }], ['landscape', { width: 844, height: 390 }]]) {
    const ctx = await browser.newContext({ viewport, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const phone = await newPage(name, viewport, ctx);
    const pid = await createTable(base, ['human', 'greedy', 'greedy', 'greedy'], 42);
    await phone.goto(`${base}/table/${pid}`);
    await phone.waitForSelector('.my-hand .hand-tile.playable');
    for (let i = 0; i < 4; ++i) {
      await phone.waitForSelector('.my-hand .hand-tile.drawn.playable, .actions .action.pass', { timeout: 15000 });
      if (await phone.$('.actions .action.pass')) await phone.click('.actions .action.pass').catch(() => {});
      else await phone.click('.my-hand .hand-tile.drawn.playable').catch(() => {});
      await phone.waitForTimeout(150);
    }
    await phone.waitForSelector('.my-hand .hand-tile.playable');
    const size = await phone.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    check(size[0] <= size[1], `${name}: no sideways scrolling (${size})`);
    const widths = await phone.$$eval('.table-board .pond .tile:not(.sideways)', (l) => l.map((t) => t.offsetWidth));
    check(widths.length > 0 && Math.min(...widths) >= 26, `${name}: pond tiles of 26 px at least (${Math.min(...widths)})`);
    const dora = await phone.$$eval('.center-info .dora .tile:not([data-tile="back"])', (l) => l.map((t) => t.offsetWidth));
    check(dora.length > 0 && Math.min(...dora) >= 20, `${name}: dora indicators of 20 px at least (${dora})`);
    const b = await phone.$eval('.table-board', (n) => n.getBoundingClientRect().toJSON());
    const hand = await phone.$eval('.my-hand .hand-tiles', (n) => n.getBoundingClientRect().toJSON());
    check(b.x >= -1 && b.right <= viewport.width + 1, `${name}: the board fits the width`);
    check(hand.bottom <= viewport.height + 1 && hand.right <= viewport.width + 1 && hand.x >= -1, `${name}: the own hand is on screen`);
    check(b.bottom <= hand.top + 1, `${name}: the board ends above the own hand`);
    await shot(phone, `table-phone-${name}.png`);
    await ctx.close();
  }
}

await suite.finish('all table tests passed', async () => {
  const base = await startServer('main', ['--hand-over-ms', '60000', '--claim-timeout-ms', '60000', '--turn-ms', '0']);
  const quick = await startServer('quick', ['--hand-over-ms', '2500', '--turn-ms', '0']);
  const timed = await startServer('timed', ['--turn-ms', '1500', '--time-bank-ms', '1000']);
  console.log(`servers at ${base}, ${quick}, ${timed}; artefacts in ${artifacts}`);
  browser = await suite.launch(['--autoplay-policy=no-user-gesture-required']);
  const only = process.env.RIICHI_TABLE_TESTS ? process.env.RIICHI_TABLE_TESTS.split(',') : null;
  const want = (k) => !only || only.includes(k);
  if (want('waits')) await suite.run('1. the table waits after a hand', testWaits, base, quick);
  if (want('tells')) await suite.run('2. call-outs, turn cue, sound', testTells, base);
  if (want('auto')) await suite.run('3. auto options and the turn timer', testAuto, base, timed);
  if (want('layout')) await suite.run('4. a table laid out as players read one', testLayout, base);
});
