// What every browser suite of web/tests shares: its command line, the skip when chromium or
// playwright-core is missing, the artefact and temporary directories, a guard against a hang,
// the `riichi serve` processes it starts, the browser, and the count of failures.
//
//   const suite = await openSuite({ name: 'practice', timeoutMs: 120000 });
//   const { url } = await suite.startServer('p.db', ['--bot-delay-ms', '0']);
//   const browser = await suite.launch();
//   await suite.finish('all practice browser tests passed', async () => {
//     await suite.run('a test', testFn, url);
//   });  // counts an error thrown by the setup, cleans up, prints the summary and exits
//
// A suite is run as `node web/tests/NAME.test.mjs PATH/TO/riichi [ARTIFACT_DIR]` (or RIICHI_BIN);
// exit 0 = pass, 1 = fail, 2 = bad command line, 77 = skipped.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CHROMIUM = process.env.RIICHI_CHROMIUM || '/usr/bin/chromium';
export const HERE = path.dirname(fileURLToPath(import.meta.url));  // web/tests
export const WEB_DIR = path.dirname(HERE);  // the page the servers serve: the one under test

const BROWSER_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
  '--disable-background-networking', '--disable-quic', '--disable-component-update', '--disable-sync'];
const SERVER_START_MS = 15000;

export function check(cond, what) {
  if (!cond) throw new Error(`check failed: ${what}`);
}

function skip(why) {
  console.log(`SKIPPED: ${why}`);
  process.exit(77);
}

// Reads the command line, skips (77) without chromium or playwright-core, makes the directories
// and arms the guard: past `timeoutMs` the suite fails and exits.
export async function openSuite({ name, timeoutMs }) {
  const binary = process.argv[2] || process.env.RIICHI_BIN;
  if (!binary || !fs.existsSync(binary)) {
    console.error(`usage: node ${name}.test.mjs PATH/TO/riichi [ARTIFACT_DIR] (got ${binary})`);
    process.exit(2);
  }
  if (!fs.existsSync(CHROMIUM)) skip(`${CHROMIUM} is missing (apt-get install chromium)`);
  let chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch {
    skip(`playwright-core is not installed in ${WEB_DIR}/node_modules (run: npm ci --prefix web)`);
  }
  const artifacts = path.resolve(process.argv[3] ||
    path.join(path.dirname(path.resolve(binary)), 'web-test-artifacts'));
  fs.mkdirSync(artifacts, { recursive: true });
  const suite = new Suite(name, binary, chromium, artifacts,
    fs.mkdtempSync(path.join(os.tmpdir(), `riichi-${name}-test-`)));
  suite.guard = setTimeout(() => {
    console.error(`FAIL: the ${name} suite took longer than ${timeoutMs / 1000} s`);
    suite.cleanup().finally(() => process.exit(1));
  }, timeoutMs);
  return suite;
}

class Suite {
  constructor(name, binary, chromium, artifacts, tmp) {
    Object.assign(this, { name, binary, chromium, artifacts, tmp });
    this.failures = 0;
    this.browser = null;
    this.servers = [];
    this.serverLog = [];
  }

  // Starts `riichi serve` on the database `db` (a file name in the suite's temporary directory)
  // with `extra` arguments and `port` (0 = any); resolves to {proc, url} once it prints its URL.
  startServer(db, extra = [], port = 0) {
    return new Promise((resolve, reject) => {
      const args = ['serve', '--port', String(port), '--host', '127.0.0.1', '--db', path.join(this.tmp, db),
        '--web-dir', WEB_DIR, ...extra];
      const proc = spawn(this.binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      this.servers.push(proc);
      let out = '';
      const timer = setTimeout(() => reject(new Error(`the server printed no URL within ${SERVER_START_MS / 1000} s`)),
        SERVER_START_MS);
      const onData = (chunk) => {
        const text = chunk.toString();
        this.serverLog.push(text);
        out += text;
        const m = /(http:\/\/[0-9A-Za-z.\-:[\]]+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve({ proc, url: m[1].replace(/\/$/, '') });
        }
      };
      proc.stdout.on('data', onData);
      proc.stderr.on('data', onData);
      proc.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the server exited with ${code}: ${out}`));
      });
    });
  }

  // Stops a server started by startServer and resolves once it has exited.
  stopServer(proc) {
    return new Promise((resolve) => {
      if (proc.exitCode !== null) return resolve();
      proc.removeAllListeners('exit');
      proc.on('exit', () => resolve());
      proc.kill('SIGTERM');
    });
  }

  // Launches Debian's chromium (every launch gets a fresh temporary user-data-dir).
  async launch(extraArgs = []) {
    this.browser = await this.chromium.launch({ executablePath: CHROMIUM, args: [...BROWSER_ARGS, ...extraArgs] });
    return this.browser;
  }

  // Runs one test: prints "ok NAME (time)" or counts a failure with its stack.
  async run(title, fn, ...args) {
    const t0 = Date.now();
    try {
      await fn(...args);
      console.log(`ok   ${title} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    } catch (err) {
      this.failures++;
      console.error(`FAIL ${title}: ${err.stack || err.message}`);
    }
  }

  // Runs `body` (the setup and the tests), counts an error it throws, then cleans up, prints
  // the summary and exits 0 (no failure) or 1.
  async finish(passed, body) {
    try {
      await body();
    } catch (err) {
      this.failures++;
      console.error(`FAIL: ${err.stack || err.message}`);
    }
    await this.cleanup();
    console.log(this.failures ? `${this.failures} failure(s)` : passed);
    process.exit(this.failures ? 1 : 0);
  }

  async cleanup() {
    clearTimeout(this.guard);
    if (this.browser) await this.browser.close().catch(() => {});
    for (const proc of this.servers) if (proc.exitCode === null) proc.kill('SIGTERM');
    fs.writeFileSync(path.join(this.artifacts, `${this.name}-server.log`), this.serverLog.join(''));
    fs.rmSync(this.tmp, { recursive: true, force: true });
  }
}
