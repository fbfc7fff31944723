// Copy to the clipboard with feedback, also on a plain-http LAN address (http://192.168.x.y),
// where the page is no secure context and navigator.clipboard does not exist: the fallback
// copies from a hidden text area with document.execCommand('copy').
import { el } from './util.js';

// Resolves true when the text was copied.
export async function copyText(text) {
  if (navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // denied (no user gesture, a permission): try the fallback
    }
  }
  const area = el('textarea', { readonly: true, 'aria-hidden': 'true',
    style: 'position:fixed;top:0;left:0;width:1px;height:1px;opacity:0' });
  area.value = text;
  document.body.append(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}

// A "Copy" button for `text()` that says "Copied" (or how to copy by hand) for two seconds.
export function copyButton(text, cls = 'button.copy') {
  const button = el(cls, { type: 'button', text: 'Copy' });
  let timer = null;
  button.addEventListener('click', async () => {
    const ok = await copyText(text());
    button.textContent = ok ? 'Copied ✓' : 'Press Ctrl+C to copy';
    button.dataset.copied = ok ? 'yes' : 'no';
    clearTimeout(timer);
    timer = setTimeout(() => {
      button.textContent = 'Copy';
      delete button.dataset.copied;
    }, 2000);
  });
  return button;
}
