// Tile images drawn for this project as SVG (no external artwork): pips for pinzu, bamboo sticks
// for souzu, a numeral over 萬 for manzu, winds 東南西北, dragons white (frame) / green 發 / red 中,
// red fives, and the back. Kanji are drawn as strokes, so no CJK font is needed.
//
// A tile is named by its mpsz text: "1m".."9m", "0m" (red five), "1p".."0p", "1s".."0s",
// "1z".."7z" (E S W N White Green Red); "back" is the back. tileUrl(name) gives a data: URL.

const W = 60;
const H = 80;
const INK = '#1d1d1b';
const RED = '#c8201e';
const GREEN = '#17804a';
const BLUE = '#1f4fa3';

// Kanji as strokes in a 100x100 box.
const GLYPHS = {
  1: 'M10 50 H90',
  2: 'M22 30 H78 M10 72 H90',
  3: 'M20 18 H80 M26 50 H74 M10 84 H90',
  4: 'M14 18 V88 M14 18 H86 V88 M14 86 H86 M40 18 V46 Q38 62 26 66 M60 18 V56 Q60 64 72 64',
  5: 'M14 16 H86 M46 16 L36 86 M22 48 H72 V86 M8 86 H92',
  6: 'M46 6 L56 22 M8 38 H92 M36 54 L16 88 M64 54 L86 86',
  7: 'M8 48 L92 36 M40 8 V74 Q40 88 56 88 H90 V74',
  8: 'M40 16 Q38 60 10 86 M60 16 Q66 60 92 84',
  9: 'M42 6 Q42 62 8 90 M14 34 H62 Q60 86 80 86 H92 V70',
  man: 'M8 14 H92 M32 3 V26 M68 3 V26 M22 34 H78 V62 H22 Z M22 48 H78 M50 34 V62 ' +
      'M14 70 V98 M14 70 H86 V92 Q86 99 76 97 M36 94 L50 74 L64 94 M50 64 V80',
  E: 'M8 22 H92 M22 34 H78 V64 H22 Z M22 49 H78 M50 4 V98 M48 66 L12 92 M52 66 L88 92',
  S: 'M8 14 H92 M50 3 V28 M16 30 V98 M16 30 H84 V90 Q84 98 74 97 M36 38 L42 50 M64 38 L58 50 ' +
      'M30 58 H70 M28 74 H72 M50 58 V94',
  W: 'M6 14 H94 M18 32 H82 V92 H18 Z M40 14 V50 Q40 64 20 70 M60 14 V62 Q60 72 82 72',
  N: 'M36 6 V94 M8 36 H36 M6 82 L36 68 M64 6 V84 Q64 94 76 94 H92 V78 M64 46 L92 32',
  F: 'M12 8 L32 20 L12 38 M38 12 L44 20 M88 8 L68 20 L88 38 M62 12 L56 20 ' +
      'M12 48 H40 V60 H16 V72 H40 V88 Q40 96 30 94 M58 46 H78 V58 Q80 64 88 60 ' +
      'M56 70 H88 L60 96 M64 76 L92 96',
  C: 'M16 28 H84 V70 H16 Z M50 4 V98',
};

function glyph(key, x, y, size, color, weight = 9) {
  const s = size / 100;
  return `<path d="${GLYPHS[key]}" transform="translate(${x} ${y}) scale(${s})" fill="none" ` +
      `stroke="${color}" stroke-width="${weight}" stroke-linecap="round" ` +
      `stroke-linejoin="round"/>`;
}

function pip(x, y, r, color) {
  return `<circle cx="${x}" cy="${y}" r="${r}" fill="${color}"/>` +
      `<circle cx="${x}" cy="${y}" r="${r * 0.62}" fill="#fbf8ef"/>` +
      `<circle cx="${x}" cy="${y}" r="${r * 0.34}" fill="${color}"/>`;
}

// Pinzu layouts: [x, y, color] per pip, and the pip radius.
const PIN = {
  2: [[[30, 23, GREEN], [30, 57, BLUE]], 11],
  3: [[[16, 18, BLUE], [30, 40, RED], [44, 62, GREEN]], 9.5],
  4: [[[18, 22, BLUE], [42, 22, GREEN], [18, 58, GREEN], [42, 58, BLUE]], 10],
  5: [[[17, 19, BLUE], [43, 19, GREEN], [30, 40, RED], [17, 61, GREEN], [43, 61, BLUE]], 9],
  6: [[[19, 16, GREEN], [41, 16, GREEN], [19, 43, RED], [41, 43, RED], [19, 64, RED],
      [41, 64, RED]], 8.5],
  7: [[[14, 13, GREEN], [30, 21, GREEN], [46, 29, GREEN], [19, 48, RED], [41, 48, RED],
      [19, 67, RED], [41, 67, RED]], 7.5],
  8: [[[19, 13, BLUE], [41, 13, BLUE], [19, 31, BLUE], [41, 31, BLUE], [19, 49, BLUE],
      [41, 49, BLUE], [19, 67, BLUE], [41, 67, BLUE]], 8],
  9: [[[15, 17, BLUE], [30, 17, BLUE], [45, 17, BLUE], [15, 40, RED], [30, 40, RED],
      [45, 40, RED], [15, 63, GREEN], [30, 63, GREEN], [45, 63, GREEN]], 7],
};

function pinFace(n, red) {
  if (n === 1) {
    const c = red ? RED : RED;
    return `<circle cx="30" cy="40" r="20" fill="${GREEN}"/>` +
        `<circle cx="30" cy="40" r="15" fill="#fbf8ef"/>` +
        `<circle cx="30" cy="40" r="11" fill="${c}"/>` +
        `<circle cx="30" cy="40" r="5" fill="#fbf8ef"/>`;
  }
  const [pips, r] = PIN[n];
  return pips.map(([x, y, col]) => pip(x, y, r, red ? RED : col)).join('');
}

function stick(x, y, h, color) {
  const w = 7;
  return `<rect x="${x - w / 2}" y="${y - h / 2}" width="${w}" height="${h}" rx="3.5" ` +
      `fill="${color}"/>` +
      `<line x1="${x - w / 2}" y1="${y}" x2="${x + w / 2}" y2="${y}" stroke="#fbf8ef" ` +
      `stroke-width="1.6"/>` +
      `<line x1="${x}" y1="${y - h / 2 + 3}" x2="${x}" y2="${y + h / 2 - 3}" ` +
      `stroke="#fbf8ef" stroke-width="1" opacity="0.6"/>`;
}

// Souzu layouts: [x, y, color] per stick, and the stick length.
const SOU = {
  2: [[[30, 23, GREEN], [30, 57, GREEN]], 26],
  3: [[[30, 23, GREEN], [18, 57, GREEN], [42, 57, GREEN]], 26],
  4: [[[19, 23, GREEN], [41, 23, GREEN], [19, 57, GREEN], [41, 57, GREEN]], 26],
  5: [[[15, 23, GREEN], [45, 23, GREEN], [30, 40, RED], [15, 57, GREEN], [45, 57, GREEN]], 24],
  6: [[[15, 24, GREEN], [30, 24, GREEN], [45, 24, GREEN], [15, 57, GREEN], [30, 57, GREEN],
      [45, 57, GREEN]], 25],
  7: [[[30, 15, RED], [15, 41, GREEN], [30, 41, GREEN], [45, 41, GREEN], [15, 65, GREEN],
      [30, 65, GREEN], [45, 65, GREEN]], 18],
  8: [[[12, 24, GREEN], [24, 24, GREEN], [36, 24, GREEN], [48, 24, GREEN], [12, 57, GREEN],
      [24, 57, GREEN], [36, 57, GREEN], [48, 57, GREEN]], 25],
  9: [[[15, 16, GREEN], [30, 16, RED], [45, 16, GREEN], [15, 40, GREEN], [30, 40, RED],
      [45, 40, GREEN], [15, 64, GREEN], [30, 64, RED], [45, 64, GREEN]], 19],
};

function souFace(n, red) {
  if (n === 1) {
    // A bird (the traditional 1s): a tail fan of sticks, a body and a red head.
    const tail = [-40, -20, 0, 20, 40].map((a) =>
      `<rect x="27" y="44" width="6" height="28" rx="3" fill="${GREEN}" ` +
      `transform="rotate(${a} 30 70)"/>`).join('');
    return tail + `<ellipse cx="30" cy="36" rx="11" ry="14" fill="${GREEN}"/>` +
        `<circle cx="30" cy="18" r="7" fill="${RED}"/>` +
        `<path d="M36 18 L44 20 L36 22 Z" fill="#d79a18"/>` +
        `<circle cx="32" cy="17" r="1.6" fill="#fbf8ef"/>`;
  }
  const [sticks, h] = SOU[n];
  return sticks.map(([x, y, col]) => stick(x, y, h, red ? RED : col)).join('');
}

function manFace(n, red) {
  return glyph(n, 13, 7, 34, red ? RED : INK, 10) + glyph('man', 12, 42, 36, RED, 7);
}

function honorFace(n) {
  switch (n) {
    case 1: return glyph('E', 10, 14, 40, INK, 8);
    case 2: return glyph('S', 10, 14, 40, INK, 8);
    case 3: return glyph('W', 10, 14, 40, INK, 8);
    case 4: return glyph('N', 10, 14, 40, INK, 8);
    case 5:  // haku: a blue frame
      return `<rect x="12" y="14" width="36" height="52" rx="3" fill="none" stroke="${BLUE}" ` +
          'stroke-width="3"/><rect x="17" y="19" width="26" height="42" rx="2" fill="none" ' +
          `stroke="${BLUE}" stroke-width="1.4"/>`;
    case 6: return glyph('F', 9, 14, 42, GREEN, 7);
    default: return glyph('C', 9, 14, 42, RED, 9);
  }
}

// Small Latin corner index so a tile stays readable for players who do not read kanji.
function cornerIndex(n, suit) {
  const honors = ['E', 'S', 'W', 'N', 'Wh', 'G', 'R'];
  const text = suit === 'z' ? honors[n - 1] : String(n);
  if (suit !== 'z' && suit !== 'm') return '';
  return `<text x="53" y="76" font-family="DejaVu Sans, Arial, sans-serif" font-size="9" ` +
      `text-anchor="end" fill="#7a7466">${text}</text>`;
}

const FACE_BG = '#fbf8ef';

function frame(content) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" ` +
      `height="${H}"><rect x="1.5" y="3" width="57" height="76" rx="7" fill="#c9c1ad"/>` +
      `<rect x="1.5" y="1" width="57" height="75" rx="7" fill="${FACE_BG}" stroke="#a39b88" ` +
      `stroke-width="1.5"/>${content}</svg>`;
}

function backSvg() {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" ` +
      `height="${H}"><rect x="1.5" y="3" width="57" height="76" rx="7" fill="#b8721d"/>` +
      `<rect x="1.5" y="1" width="57" height="75" rx="7" fill="#e79a2e" stroke="#a0601a" ` +
      `stroke-width="1.5"/><rect x="8" y="8" width="44" height="61" rx="4" fill="none" ` +
      `stroke="#fbd08a" stroke-width="2"/></svg>`;
}

// The SVG text of a tile named by mpsz ("5p", "0s", "7z") or "back".
export function tileSvg(name) {
  if (name === 'back') return backSvg();
  const m = /^([0-9])([mpsz])$/.exec(name);
  if (!m) throw new Error(`tileSvg: not a tile name: "${name}"`);
  const suit = m[2];
  const red = m[1] === '0' && suit !== 'z';
  const n = red ? 5 : Number(m[1]);
  if (n < 1 || (suit === 'z' && n > 7)) throw new Error(`tileSvg: not a tile name: "${name}"`);
  let face;
  if (suit === 'p') face = pinFace(n, red);
  else if (suit === 's') face = souFace(n, red);
  else if (suit === 'm') face = manFace(n, red);
  else face = honorFace(n);
  const redMark = red ? `<circle cx="51" cy="9" r="3.5" fill="${RED}"/>` : '';
  return frame(face + cornerIndex(n, suit) + redMark);
}

const cache = new Map();

export function tileUrl(name) {
  let url = cache.get(name);
  if (!url) {
    url = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(tileSvg(name));
    cache.set(name, url);
  }
  return url;
}

// Every image the page uses: 34 kinds, 3 red fives and the back.
export function allTileNames() {
  const names = [];
  for (const s of 'mps') for (let n = 1; n <= 9; ++n) names.push(`${n}${s}`);
  for (let n = 1; n <= 7; ++n) names.push(`${n}z`);
  names.push('0m', '0p', '0s', 'back');
  return names;
}

const HONOR_NAMES = ['East', 'South', 'West', 'North', 'White', 'Green', 'Red'];
const SUIT_NAMES = { m: 'man', p: 'pin', s: 'sou' };

// Accessible text of a tile name: "5 pin", "red 5 man", "East".
export function tileTitle(name) {
  if (name === 'back') return 'hidden tile';
  const n = name[0];
  const s = name[1];
  if (s === 'z') return HONOR_NAMES[Number(n) - 1];
  return n === '0' ? `red 5 ${SUIT_NAMES[s]}` : `${n} ${SUIT_NAMES[s]}`;
}

// The dora a dora indicator shows (mpsz names): the next number of its suit (9 -> 1), the next
// wind (North -> East), the next dragon (Red -> White). Null for a name that is not a tile.
export function doraOf(indicator) {
  const m = /^([0-9])([mpsz])$/.exec(indicator || '');
  if (!m) return null;
  const n = m[1] === '0' ? 5 : Number(m[1]);
  const suit = m[2];
  if (suit !== 'z') return n >= 1 && n <= 9 ? `${n === 9 ? 1 : n + 1}${suit}` : null;
  if (n >= 1 && n <= 4) return `${n === 4 ? 1 : n + 1}z`;
  if (n >= 5 && n <= 7) return `${n === 7 ? 5 : n + 1}z`;
  return null;
}
