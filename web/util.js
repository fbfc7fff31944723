// Small helpers shared by the views: DOM building, tiles from protocol objects, HTTP.

// el('div.cls#id', {attrs}, children...): a tiny element builder.
export function el(spec, attrs = {}, ...children) {
  const m = /^([a-z0-9]+)?((?:[.#][\w-]+)*)$/i.exec(spec);
  const node = document.createElement((m && m[1]) || 'div');
  if (m && m[2]) {
    for (const part of m[2].match(/[.#][\w-]+/g)) {
      if (part[0] === '.') node.classList.add(part.slice(1));
      else node.id = part.slice(1);
    }
  }
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') node.addEventListener(k.slice(2), v);
    else if (k === 'text') node.textContent = v;
    else if (k === 'dataset') Object.assign(node.dataset, v);
    else node.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

// A tile in a message is {"id","name"} (docs/web-protocol.md); mpsz strings are accepted too.
export function tileName(t) {
  if (t === null || t === undefined) return null;
  if (typeof t === 'string') return t;
  if (typeof t === 'object' && typeof t.name === 'string') return t.name;
  throw new Error(`not a tile: ${JSON.stringify(t)}`);
}

export function tileId(t) {
  if (t && typeof t === 'object' && typeof t.id === 'number') return t.id;
  return null;
}

// The kind index 0..33 of an mpsz name (red five = its five), for sorting.
export function kindOf(name) {
  const n = name[0] === '0' ? 5 : Number(name[0]);
  return 'mpsz'.indexOf(name[1]) * 9 + n - 1;
}

export const WINDS = ['East', 'South', 'West', 'North'];
export const WIND_LETTERS = ['E', 'S', 'W', 'N'];

export async function getJson(path) {
  const res = await fetch(path);
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(body.error || `${path}: HTTP ${res.status}`);
  return body;
}

export async function postJson(path, payload, contentType = 'application/json') {
  const res = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': contentType },
    body: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(body.error || `${path}: HTTP ${res.status}`);
  return body;
}

// Points as players write them: 25000, and signed deltas: +8000 / -3900.
export function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

// Final scores are in points where 15000 means +15.0.
export function finalScore(n) {
  const v = (n / 1000).toFixed(1);
  return n > 0 ? `+${v}` : v;
}

// True when a key press goes to a text field (shortcuts then stay out of the way); checkboxes,
// buttons and sliders do not count.
export function isTyping(target) {
  if (!target || !target.tagName) return false;
  if (target.isContentEditable || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT') return true;
  return target.tagName === 'INPUT' && !['checkbox', 'radio', 'button', 'range', 'submit', 'file'].includes(target.type);
}
