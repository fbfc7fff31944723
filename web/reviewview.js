// The game review viewer (docs/review.md): the summary, the costliest decisions, a timeline of
// every decision with its loss, and at each decision the board as the seat saw it with the
// options. Shared by the web table's Review page (review.js) and the self-contained page of
// `riichi review --html` (which inlines this file and tiles.js).
//
// `games` is an array of the review's JSON objects with boards (`riichi review --json`, plus
// "board" and "players_by_seat" per decision / game, as /api/review returns them).
import { tileUrl } from './tiles.js';

const WINDS = ['East', 'South', 'West', 'North'];

const CSS = `
.rv { display: grid; grid-template-columns: 360px 1fr; gap: 12px; padding: 12px; color: #1d1d1b; }
.rv section { background: #fff; border: 1px solid #d8d2c0; border-radius: 6px; padding: 8px 12px; margin-bottom: 12px; }
.rv h2 { font-size: 15px; margin: 4px 0 8px; }
.rv table { border-collapse: collapse; font-size: 13px; width: 100%; }
.rv td, .rv th { padding: 2px 6px; text-align: left; border-bottom: 1px solid #eee; }
.rv .num { text-align: right; font-variant-numeric: tabular-nums; }
.rv-mistakes li { cursor: pointer; margin: 3px 0; font-size: 13px; }
.rv-mistakes li:hover { background: #f7efd6; }
.rv-timeline { display: flex; gap: 1px; height: 40px; align-items: flex-end; margin: 6px 0; }
.rv-timeline div { flex: 1; min-width: 2px; background: #9bbfa9; cursor: pointer; }
.rv-timeline div.loss { background: #d9822b; }
.rv-timeline div.big { background: #c8201e; }
.rv-timeline div.cur { outline: 2px solid #1d1d1b; }
.rv .tile { width: 30px; height: 40px; vertical-align: bottom; }
.rv .small .tile { width: 22px; height: 29px; }
.rv .tile.side { transform: rotate(90deg); margin: 0 6px; }
.rv .tile.called { opacity: 0.35; }
.rv .tile.drawn { margin-left: 10px; }
.rv-seat { margin: 6px 0; padding: 4px; border-radius: 4px; }
.rv-seat.me { background: #eef6f0; }
.rv-seat .name { font-weight: bold; font-size: 13px; }
.rv .bar { height: 10px; background: #1f5c3f; display: inline-block; vertical-align: middle; }
.rv tr.best td { font-weight: bold; }
.rv tr.actual td:first-child::before { content: "> "; color: #c8201e; }
.rv tr.best td:first-child::after { content: " *"; color: #1f5c3f; }
.rv-nav button { font-size: 14px; margin-right: 6px; }
.rv .reason { color: #555; font-size: 12px; }
.rv .loss { color: #c8201e; font-weight: bold; }
.rv .rv-hand img.dz { border-bottom: 5px solid var(--dz); }
.rv .rv-danger td.num { text-align: right; }
.rv .dz-safe { --dz: #2e9e50; } .rv .dz-low { --dz: #e0c200; }
.rv .dz-medium { --dz: #f08a00; } .rv .dz-high { --dz: #e02a1e; }
.rv .rv-danger td.dz-high { color: #c8201e; font-weight: bold; }
`;

const esc = (s) => String(s).replace(/[&<>"]/g,
    (c) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;'}[c]));
const pct = (p) => (100 * p).toFixed(1) + '%';

function img(name, cls = '') {
  return `<img class="tile ${cls}" src="${tileUrl(name)}" alt="${name}" title="${name}">`;
}

function summaryHtml(s) {
  const rows = [['decisions', s.decisions],
    ['agreement top-1', `${s.top1} (${pct(s.top1_rate)})`],
    ['agreement top-3', `${s.top3} (${pct(s.top3_rate)})`],
    ['total loss', s.total_loss.toFixed(0)], ['mean loss / decision', s.mean_loss.toFixed(1)]];
  for (const [k, v] of Object.entries(s.loss_by_kind))
    rows.push([`loss: ${k}`, `${v.loss.toFixed(0)} (${v.decisions})`]);
  return '<table>' + rows.map(([k, v]) =>
    `<tr><td>${k}</td><td class="num">${v}</td></tr>`).join('') + '</table>';
}

function seatHtml(b, names, s, me, players) {
  const wind = WINDS[(s - b.dealer + players) % players];
  let h = `<div class="rv-seat ${me ? 'me' : ''}" data-seat="${s}"><span class="name">${wind} ` +
      `${esc(names[s])} ${b.scores[s]}${b.riichi[s] ? ' riichi' : ''}</span><div class="small">`;
  h += b.ponds[s].map((t) =>
    img(t.tile, (t.riichi ? 'side ' : '') + (t.called ? 'called' : ''))).join('');
  h += '</div><div class="small">' +
      b.melds[s].map((m) => m.tiles.map((t) => img(t)).join('')).join(' &nbsp; ') + '</div>';
  if (me) h += '<div class="rv-hand">' + b.hand.map((t) => img(t)).join('') +
      (b.drawn ? img(b.drawn, 'drawn') : '') + '</div>';
  return h + '</div>';
}

// Danger bands (deal-in probability), as the table's helper colours them.
const dangerBand = (p) => (p < 0.02 ? 'safe' : p < 0.06 ? 'low' : p < 0.12 ? 'medium' : 'high');
const kindName = (t) => (t[0] === '0' ? '5' + t[1] : t);

// The danger of each tile held against each opponent ("danger" of the decision: the server's
// danger model on the seat's view), most dangerous first.
function dangerHtml(d, names) {
  if (!d.danger) return '<tr><td>no danger data</td></tr>';
  const opp = d.danger.opponents;
  const head = '<tr><th>tile</th><th class="num">any</th>' + opp.map((o) =>
    `<th class="num">${esc(names[o.seat])}${o.riichi ? ' (riichi)' : ` (tenpai ${pct(o.tenpai)})`}</th>`).join('') +
    '<th>why</th></tr>';
  const rows = [...d.danger.tiles].sort((a, b) => b.deal_in - a.deal_in).map((t) =>
    `<tr data-tile="${t.tile.name}"><td>${img(t.tile.name)}</td>` +
    `<td class="num dz-${dangerBand(t.deal_in)}">${pct(t.deal_in)}</td>` +
    t.by_opponent.map((p) => `<td class="num dz-${dangerBand(p)}">${pct(p)}</td>`).join('') +
    `<td class="reason">${esc(t.reason)}</td></tr>`);
  return head + rows.join('');
}

// Colours the hand's tiles by their danger (a bar under the tile, the percentage on hover).
function markHand(board, d) {
  if (!d.danger) return;
  const byKind = new Map(d.danger.tiles.map((t) => [t.tile.name, t]));
  for (const im of board.querySelectorAll('.rv-hand img')) {
    const t = byKind.get(kindName(im.alt));
    if (!t) continue;
    im.classList.add('dz', `dz-${dangerBand(t.deal_in)}`);
    im.dataset.danger = pct(t.deal_in);
    im.title = `${im.alt}: ${pct(t.deal_in)} deal-in (${t.reason})`;
  }
}

function optionsHtml(d) {
  const values = d.options.map((o) => o.exp_score);
  const top = Math.max(...values), low = Math.min(0, ...values);
  return '<tr><th>action</th><th class="num">exp. points</th><th></th><th class="num">win</th>' +
      '<th class="num">deal-in now</th><th>reason</th></tr>' + d.options.map((o) => {
    const w = top > low ? 120 * (o.exp_score - low) / (top - low) : 0;
    const cls = (o.action === d.best ? 'best ' : '') + (o.action === d.actual ? 'actual' : '');
    return `<tr class="${cls}"><td>${esc(o.action)}</td>` +
        `<td class="num">${o.exp_score.toFixed(0)}</td>` +
        `<td><span class="bar" style="width:${w}px"></span></td>` +
        `<td class="num">${pct(o.win_prob)}</td><td class="num">${pct(o.deal_in_prob)}</td>` +
        `<td class="reason">${esc(o.reason)}</td></tr>`;
  }).join('');
}

const LAYOUT = `
<div><section><h2>Summary</h2><div class="rv-summary"></div></section>
<section><h2>Costliest decisions</h2><ol class="rv-mistakes"></ol></section></div>
<div><section><div class="rv-nav"><select class="rv-game"></select>
<button class="rv-prev">&larr; previous</button><button class="rv-next">next &rarr;</button>
<button class="rv-nextmistake">next mistake</button><span class="rv-where"></span></div>
<div class="rv-timeline" title="every decision; orange: a loss, red: 1000 points or more"></div>
</section>
<section><h2 class="rv-title"></h2><div class="rv-board"></div></section>
<section><h2>Options</h2><table class="rv-options"></table></section>
<section><h2>Danger of each tile against each opponent</h2><table class="rv-danger"></table></section></div>`;

// Renders the viewer into `root`. Returns {show(i), close()}.
export function renderReview(root, games) {
  if (!document.getElementById('rv-style')) {
    const style = document.createElement('style');
    style.id = 'rv-style';
    style.textContent = CSS;
    document.head.appendChild(style);
  }
  const el = document.createElement('div');
  el.className = 'rv';
  el.innerHTML = LAYOUT;
  root.appendChild(el);
  const q = (c) => el.querySelector('.rv-' + c);
  let game = 0, cur = 0;

  function show(i) {
    const r = games[game];
    if (!r.decisions.length) {
      q('title').textContent = 'no decision to review';
      return;
    }
    cur = Math.max(0, Math.min(r.decisions.length - 1, i));
    const d = r.decisions[cur], b = d.board;
    q('where').textContent = ` decision ${cur + 1} / ${r.decisions.length}`;
    [...q('timeline').children].forEach((t, k) => t.classList.toggle('cur', k === cur));
    q('title').innerHTML = `${esc(d.hand)}, turn ${d.turn}: took <b>${esc(d.actual)}</b>, ` +
        `best <b>${esc(d.best)}</b>` + (d.ev_loss > 0 ?
          ` <span class="loss">-${d.ev_loss.toFixed(0)} (${d.loss_kind})</span>` : ' (agrees)');
    let h = `<div>dora ${b.dora.map((t) => img(t)).join('')} &nbsp; wall ${b.wall} &nbsp; ` +
        `honba ${b.honba} &nbsp; sticks ${b.sticks}` +
        (b.claim ? ` &nbsp; on the discard ${img(b.claim)}` : '') + '</div>';
    const n = Number(r.rules && r.rules.fields && r.rules.fields.players) || 4;  // 3: no seat 3
    for (let k = 0; k < n; ++k) h += seatHtml(b, r.players_by_seat, (b.seat + k) % n, k === 0, n);
    q('board').innerHTML = h;
    markHand(q('board'), d);
    q('options').innerHTML = optionsHtml(d);
    q('danger').innerHTML = d.danger ? dangerHtml(d, r.players_by_seat) : '';
    q('danger').parentElement.hidden = !d.danger;  // the CLI's page has no danger data
  }

  function load(g) {
    game = g;
    const r = games[g];
    q('summary').innerHTML = `<p>${esc(r.game)} (${esc(r.format)}) — ` +
        (r.player === null ? 'every seat' : `P${r.player} ${esc(r.players[r.player])}`) +
        '</p>' + summaryHtml(r.summary) + (r.notes.length ?
          '<p class="reason">' + r.notes.map(esc).join('<br>') + '</p>' : '');
    q('mistakes').innerHTML = r.summary.costliest.map((m) =>
      `<li data-i="${m.decision}"><span class="loss">-${m.ev_loss.toFixed(0)}</span> ` +
      `${esc(m.hand)} turn ${m.turn}: ${esc(m.actual)} (best ${esc(m.best)})<br>` +
      `<span class="reason">${esc(m.reason)}</span></li>`).join('');
    for (const li of q('mistakes').children) li.onclick = () => show(Number(li.dataset.i));
    q('timeline').innerHTML = r.decisions.map((d, i) => {
      const cls = d.ev_loss >= 1000 ? 'big' : d.ev_loss > 0 ? 'loss' : '';
      return `<div class="${cls}" style="height:${6 + Math.min(34, d.ev_loss / 100)}px" ` +
          `data-i="${i}" title="${esc(d.hand)} turn ${d.turn}: -${d.ev_loss}"></div>`;
    }).join('');
    for (const t of q('timeline').children) t.onclick = () => show(Number(t.dataset.i));
    show(0);
  }

  q('game').innerHTML = games.map((r, g) =>
    `<option value="${g}">${esc(r.game)}</option>`).join('');
  q('game').onchange = () => load(Number(q('game').value));
  q('prev').onclick = () => show(cur - 1);
  q('next').onclick = () => show(cur + 1);
  q('nextmistake').onclick = () => {
    const ds = games[game].decisions;
    for (let k = cur + 1; k < ds.length; ++k) if (ds[k].ev_loss > 0) return show(k);
  };
  const onKey = (e) => {
    if (e.target && /INPUT|TEXTAREA|SELECT/.test(e.target.tagName)) return;
    if (e.key === 'ArrowLeft') show(cur - 1);
    if (e.key === 'ArrowRight') show(cur + 1);
  };
  document.addEventListener('keydown', onKey);
  if (games.length) load(0);
  return {
    show,
    close() {
      document.removeEventListener('keydown', onKey);
      el.remove();
    },
  };
}
