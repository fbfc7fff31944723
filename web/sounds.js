// The table's sounds (web/tableview.js plays them).
const SOUND_KEY = 'riichi.sound';

// Short tones made with WebAudio (no sound files): off until the player turns them on.
export class Sounds {
  constructor(root) {
    this.root = root;
    this.on = localStorage.getItem(SOUND_KEY) === '1';
    this.ctx = null;
  }

  set(on) {
    this.on = on;
    localStorage.setItem(SOUND_KEY, on ? '1' : '0');
  }

  play(kind) {
    if (!this.on) return;
    // for the browser tests: how many tones were asked for, and the last one
    this.root.dataset.sounds = String(Number(this.root.dataset.sounds || 0) + 1);
    this.root.dataset.lastSound = kind;
    try {
      this.ctx = this.ctx || new (window.AudioContext || window.webkitAudioContext)();
      const notes = { turn: [880], call: [523, 784], riichi: [440, 660], win: [523, 659, 784], end: [392] }[kind] || [660];
      const t0 = this.ctx.currentTime;
      notes.forEach((f, i) => {
        const osc = this.ctx.createOscillator();
        const gain = this.ctx.createGain();
        osc.type = 'sine';
        osc.frequency.value = f;
        const t = t0 + i * 0.11;
        gain.gain.setValueAtTime(0.0001, t);
        gain.gain.exponentialRampToValueAtTime(0.18, t + 0.015);
        gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.16);
        osc.connect(gain).connect(this.ctx.destination);
        osc.start(t);
        osc.stop(t + 0.18);
      });
    } catch {
      // no audio device: stay silent
    }
  }
}
