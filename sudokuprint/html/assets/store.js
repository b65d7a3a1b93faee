/* sudokuprint HTML edition: what the browser keeps (localStorage), each under "sudokuprint:...".
   - "sudokuprint:<puzzle id>": a puzzle's progress {v: the player's digits, m: pencil marks,
     t: ms played, d: solved, h: hint steps shown, x: candidates hints removed, k: mistakes,
     r: solution revealed, c: counted in the statistics};
   - "sudokuprint:made": the games made in the page (new, daily, opened from a link), newest last;
   - "sudokuprint:stats": per size and level ("9:2"), {solved, time, best, streak, bestStreak};
   - "sudokuprint:settings": {autoRemove, instant, theme}.
   Where storage is off (a private window, a full disk) the page plays on without it. */
"use strict";
function sudokuprintStore() {
  const MADE_KEEP = 100;
  const DEFAULTS = { autoRemove: true, instant: false, theme: "auto" };
  function read(key, fallback) {
    try {
      const text = localStorage.getItem("sudokuprint:" + key);
      return text === null ? fallback : JSON.parse(text);
    } catch (e) { return fallback; }
  }
  function write(key, value) {
    try { localStorage.setItem("sudokuprint:" + key, JSON.stringify(value)); } catch (e) { /* storage off: play on */ }
  }

  function settings() { return Object.assign({}, DEFAULTS, read("settings", {})); }
  function setSetting(name, value) {
    const all = settings();
    all[name] = value;
    write("settings", all);
  }

  function made() {
    const list = read("made", []);
    return Array.isArray(list) ? list.filter((e) => e && typeof e.g === "string" && Array.isArray(e.box)) : [];
  }
  function addMade(entry) {
    const list = made().filter((e) => e.id !== entry.id);
    list.push(entry);
    write("made", list.slice(-MADE_KEEP));
  }

  function progress(id) {
    const record = read(id, null);
    return record && typeof record === "object" ? record : null;
  }
  function saveProgress(id, record) { write(id, record); }

  function stats() {
    const all = read("stats", {});
    return all && typeof all === "object" ? all : {};
  }
  function statKey(size, level) { return size + ":" + level; }
  /** A solve: one more solved, its time, the streak goes on. */
  function recordSolve(size, level, ms) {
    const all = stats(), key = statKey(size, level);
    const s = Object.assign({ solved: 0, time: 0, best: null, streak: 0, bestStreak: 0 }, all[key]);
    s.solved++; s.time += ms; s.best = s.best === null ? ms : Math.min(s.best, ms);
    s.streak++; s.bestStreak = Math.max(s.bestStreak, s.streak);
    all[key] = s;
    write("stats", all);
  }
  /** A solution revealed: the streak ends. */
  function recordReveal(size, level) {
    const all = stats(), key = statKey(size, level);
    if (!all[key]) all[key] = { solved: 0, time: 0, best: null, streak: 0, bestStreak: 0 };
    all[key].streak = 0;
    write("stats", all);
  }

  return {
    read: read, write: write, settings: settings, setSetting: setSetting, made: made, addMade: addMade,
    progress: progress, saveProgress: saveProgress, stats: stats, recordSolve: recordSolve, recordReveal: recordReveal,
  };
}
