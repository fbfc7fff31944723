// The page's router: / lobby, /table/ID the table, /replays past games, /replay/ID a replay,
// /practice the drills, /review the game review.
import { openLobby } from './lobby.js';
import { openTable } from './table.js';
import { openReplay, openReplayList } from './replay.js';
import { openPractice } from './practice.js';
import { openReview } from './review.js';

const root = document.getElementById('app');
let current = null;

async function route() {
  if (current) current.close();
  current = null;
  const path = location.pathname;
  let m;
  document.body.dataset.page = 'lobby';
  if ((m = /^\/table\/([^/]+)\/?$/.exec(path))) {
    document.body.dataset.page = 'table';
    document.title = `Riichi — table ${m[1]}`;
    current = openTable(root, decodeURIComponent(m[1]));
  } else if ((m = /^\/replay\/([^/]+)\/?$/.exec(path))) {
    document.body.dataset.page = 'replay';
    document.title = `Riichi — replay ${m[1]}`;
    current = await openReplay(root, decodeURIComponent(m[1]));
  } else if (/^\/practice\/?$/.test(path)) {
    document.body.dataset.page = 'practice';
    document.title = 'Riichi — practice';
    current = await openPractice(root, navigate);
  } else if (/^\/review\/?$/.test(path)) {
    document.body.dataset.page = 'review';
    document.title = 'Riichi — review';
    current = await openReview(root);
  } else if (/^\/replays\/?$/.test(path)) {
    document.title = 'Riichi — past games';
    current = await openReplayList(root, navigate);
  } else {
    document.title = 'Riichi';
    current = await openLobby(root, navigate);
  }
}

export function navigate(path) {
  history.pushState(null, '', path);
  route();
}

window.addEventListener('popstate', route);
// In-page links go through the router (no reload), except with a modifier key.
document.addEventListener('click', (e) => {
  const a = e.target.closest && e.target.closest('a[href^="/"]');
  if (!a || e.defaultPrevented || e.ctrlKey || e.metaKey || e.shiftKey || a.target) return;
  e.preventDefault();
  navigate(a.getAttribute('href'));
});
route();
