// Rendering pieces shared by the table and the replay viewer: tiles, ponds, melds, hands.
import { tileUrl, tileTitle } from './tiles.js';
import { el, tileName, tileId, WIND_LETTERS } from './util.js';

// One tile image. opts: {sideways, back, small, cls, data, onclick}.
export function tileEl(tile, opts = {}) {
  const name = opts.back ? 'back' : tileName(tile);
  const img = el('img', { src: tileUrl(name), alt: name, title: tileTitle(name), draggable: 'false' });
  const span = el('span.tile', { dataset: { tile: name } }, img);
  const id = tileId(tile);
  if (id !== null) span.dataset.id = String(id);
  if (opts.sideways) span.classList.add('sideways');
  if (opts.cls) for (const c of opts.cls.split(' ').filter(Boolean)) span.classList.add(c);
  if (opts.stacked) {
    // kakan: the added tile on top of the turned tile
    span.classList.add('stacked');
    span.prepend(el('img', { src: tileUrl(tileName(opts.stacked)), alt: tileName(opts.stacked) }));
  }
  return span;
}

// A discard pond: tiles in order, 6 per row, the riichi tile turned, called tiles dimmed.
// lastId: the id of the discard in the claim window (outlined), or null.
export function pondEl(discards, lastId = null) {
  const pond = el('div.pond');
  for (const d of discards || []) {
    const last = lastId !== null && tileId(d.tile) === lastId && !d.called;
    const cls = [d.tsumogiri ? 'tsumogiri' : '', d.called ? 'called' : '', last ? 'last' : ''].join(' ');
    pond.append(tileEl(d.tile, { sideways: d.riichi, cls }));
  }
  return pond;
}

// Where the called tile goes in a meld of `owner` given by `from`: toward the giver
// (left = kamicha, middle = toimen, right = shimocha).
function calledSlot(owner, from, size) {
  const rel = (from - owner + 4) % 4;
  if (rel === 3) return 0;  // kamicha: leftmost
  if (rel === 2) return 1;  // toimen: second
  return size - 1;          // shimocha: rightmost
}

// A meld with its called tile turned toward the giver; ankan shows its outer tiles face down.
export function meldEl(meld, owner) {
  const tiles = meld.tiles || [];
  const box = el('div.meld', { dataset: { type: meld.type } });
  if (meld.type === 'ankan') {
    tiles.forEach((t, i) => box.append(tileEl(t, { back: i === 0 || i === 3 })));
    return box;
  }
  const called = tiles[0];
  const own = tiles.slice(1, meld.type === 'kakan' ? 3 : tiles.length);
  const size = own.length + 1;
  const slot = meld.from >= 0 ? calledSlot(owner, meld.from, size) : 0;
  const row = own.map((t) => tileEl(t));
  const turned = tileEl(called, {
    sideways: true,
    cls: 'called-tile',
    stacked: meld.type === 'kakan' ? tiles[3] : null,
  });
  row.splice(slot, 0, turned);
  box.append(...row);
  return box;
}

export function meldsEl(melds, owner) {
  return el('div.melds', {}, (melds || []).map((m) => meldEl(m, owner)));
}

export function windLetter(w) {
  return WIND_LETTERS[w] || '?';
}

// A row of tiles (a hand shown open, dora indicators, waits).
export function tileRow(tiles, cls = 'tile-row') {
  return el(`div.${cls}`, {}, (tiles || []).map((t) => tileEl(t)));
}

// Dora indicators padded with backs up to five.
export function doraEl(indicators) {
  const row = el('div.dora');
  const list = indicators || [];
  for (let i = 0; i < 5; ++i) row.append(i < list.length ? tileEl(list[i]) : tileEl(null, { back: true }));
  return row;
}

// The number of seats at a table or in a replay: three in sanma (seat 3 stays empty), else four.
export function seatCount(n) {
  return n === 3 ? 3 : 4;
}

// The wind of `seat` when `dealer` deals at a table of `players` seats (E = 0).
export function seatWind(seat, dealer, players = 4) {
  return (seat - dealer + players) % players;
}

// The North tiles a seat set aside (kita, nukidora: a dora each), shown beside its melds.
export function kitaEl(count) {
  if (!count) return null;
  const box = el('div.kita', { title: `${count} North tile${count > 1 ? 's' : ''} set aside (kita): +${count} dora`,
    dataset: { count: String(count) } });
  for (let i = 0; i < count; ++i) box.append(tileEl({ id: 120 + i, name: '4z' }, { cls: 'kita-tile' }));
  return box;
}

// The empty side of a three-player table (sanma: seat 3, the fourth chair, stays empty).
export function emptySeatEl() {
  return el('div.empty-seat', { text: 'empty seat (three-player game)' });
}
