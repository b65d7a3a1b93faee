/* sudokuprint HTML edition: playing one puzzle (moves, undo, checks, hints, the clock, keys).
   page.js hands it entries to open: {id, box, g (givens), caption, level, levelNumber, label,
   unique, hints ("path": the logic engine's solve path in the page's data, "page": steps found
   here by logic.js, null: none), h (where the path is), solution() (the solution's values)}. */
"use strict";
function sudokuprintPlay(ctx) {
  const lib = ctx.lib, store = ctx.store, view = ctx.view, SYMBOLS = lib.SYMBOLS;
  const $ = (id) => document.getElementById(id);
  const game = {
    entry: null, n: 9, bw: 3, bh: 3, grid: null, givens: [], values: [], marks: [], sol: null,
    selected: 0, pencil: false, undo: [], redo: [], elapsed: 0, startedAt: 0, done: false,
    shown: [], cut: [], hint: null, wrong: new Set(), mistakes: 0, revealed: false, counted: false, checkSaid: false,
  };
  let settings = store.settings();

  const name = (cell) => game.grid.cellName(cell);

  /* ---- progress ---- */
  function save() {
    if (!game.entry) return;
    const player = game.values.map((v, c) => (v && !game.givens[c] ? SYMBOLS[v - 1] : ".")).join("");
    store.saveProgress(game.entry.id, {
      v: player, m: game.marks, t: currentElapsed(), d: game.done, h: game.shown, x: game.cut,
      k: game.mistakes, r: game.revealed, c: game.counted,
    });
  }
  function restore(entry) {
    const record = store.progress(entry.id);
    if (!record || typeof record.v !== "string" || record.v.length !== game.n * game.n) return;
    try {
      Array.from(record.v, (ch) => ch === "." ? 0 : SYMBOLS.indexOf(ch) + 1).forEach((v, c) => { if (v > 0 && !game.givens[c]) game.values[c] = v; });
      if (Array.isArray(record.m) && record.m.length === game.n * game.n) game.marks = record.m.map((m) => m | 0);
      game.elapsed = Number(record.t) || 0;
      game.done = !!record.d;
      game.shown = Array.isArray(record.h) ? record.h : [];
      game.cut = Array.isArray(record.x) ? record.x.map((x) => x | 0) : [];
      game.mistakes = Number(record.k) || 0;
      game.revealed = !!record.r;
      game.counted = !!record.c || game.done;
    } catch (e) { /* a broken record: start afresh */ }
  }

  /* ---- opening a puzzle ---- */
  function open(entry) {
    if (game.entry) save();
    game.entry = entry;
    game.bw = entry.box[0]; game.bh = entry.box[1]; game.n = game.bw * game.bh;
    game.grid = lib.shape(game.bw, game.bh);
    game.givens = Array.from(entry.g, (ch) => ch === "." ? 0 : SYMBOLS.indexOf(ch) + 1);
    game.values = game.givens.slice();
    game.marks = new Array(game.n * game.n).fill(0);
    game.sol = null; game.undo = []; game.redo = []; game.elapsed = 0; game.done = false;
    game.shown = []; game.cut = []; game.hint = null; game.wrong = new Set(); game.mistakes = 0;
    game.revealed = false; game.counted = false; game.checkSaid = false;
    restore(entry);
    game.startedAt = Date.now();
    game.selected = Math.max(0, game.values.indexOf(0));
    view.build(game, entry.caption);
    const facts = [entry.caption, game.n + "\u00d7" + game.n];
    if (entry.label) facts.push("label " + entry.label);
    if (entry.unique === false) facts.push("more than one solution");
    $("about").textContent = facts.join(" \u00b7 ");
    $("level").textContent = entry.level || "\u2014";
    $("hint").disabled = !entry.hints;
    $("hint").title = entry.hints ? "The next step of a logical solve" : "No hints for this puzzle";
    $("reveal").disabled = entry.unique === false;
    hideHint();
    say(game.done ? (game.revealed ? "The solution is shown." : "Solved in " + clock(game.elapsed) + ".") : "");
    render(null);
    tick();
  }

  function solution() {
    if (!game.sol) game.sol = game.entry.solution();
    return game.sol;
  }

  /* ---- what the board shows ---- */
  function conflicts() {
    const bad = new Set();
    let message = "";
    const houses = game.grid.houses, names = game.grid.houseNames;
    for (let h = 0; h < houses.length; h++) {
      const seen = new Map();
      for (const c of houses[h]) {
        const v = game.values[c];
        if (!v) continue;
        if (seen.has(v)) {
          const first = seen.get(v);
          bad.add(c); bad.add(first);
          if (!message) message = names[h] + " holds " + SYMBOLS[v - 1] + " twice (" + name(first) + " and " + name(c) + ")";
        } else seen.set(v, c);
      }
    }
    return { cells: bad, message: message };
  }
  function wrongCells() {
    if (game.entry.unique === false) return [];
    const sol = solution(), wrong = [];
    game.values.forEach((v, c) => { if (v && !game.givens[c] && v !== sol[c]) wrong.push(c); });
    return wrong;
  }

  function render(changedCell) {
    const found = conflicts();
    const wrong = settings.instant ? new Set(wrongCells()) : game.wrong;
    const hinted = new Set(game.hint ? game.hint.cells : []);
    const empty = view.draw(game, { conflicts: found, wrong: wrong, hinted: hinted });
    $("lefts").textContent = String(empty);
    $("error").textContent = found.message ? "Not allowed: " + found.message + "." : "";
    $("pencil").setAttribute("aria-pressed", game.pencil ? "true" : "false");
    $("undo").disabled = game.undo.length === 0;
    $("redo").disabled = game.redo.length === 0;
    $("mistakes-fact").hidden = !settings.instant;
    $("mistakes").textContent = String(game.mistakes);
    if (!empty && !found.message && !game.done) finish();
    if (changedCell !== null && document.activeElement && document.activeElement.classList.contains("cell")) {
      $("board").querySelectorAll(".cell")[game.selected].focus({ preventScroll: view.zoomed(game) });
    }
  }

  function finish() {
    const sol = solution();
    if (game.entry.unique !== false && !game.values.every((v, c) => v === sol[c])) return;
    game.elapsed = currentElapsed();
    game.done = true;
    tick();
    if (game.revealed) say("The solution is shown. It does not count in your statistics.");
    else say("Solved in " + clock(game.elapsed) + ". Well done!");
    if (!game.revealed && !game.counted) {
      game.counted = true;
      ctx.solved(game.entry, game.elapsed);
    }
    save();
    ctx.changed();
  }

  /* ---- moves (every change goes through apply, so it can be undone) ---- */
  function apply(changes, record) {
    const before = changes.map((ch) => ({ c: ch.c, v: game.values[ch.c], m: game.marks[ch.c] }));
    for (const ch of changes) { game.values[ch.c] = ch.v; game.marks[ch.c] = ch.m; game.wrong.delete(ch.c); }
    if (record) { game.undo.push({ before: before, after: changes }); game.redo = []; }
    game.hint = null;
    if (game.done && game.values.indexOf(0) >= 0) {  // undone after solving: play on
      game.done = false;
      game.startedAt = Date.now();
      say("");
    }
    if (game.checkSaid) sayWrong([...game.wrong]);
    render(changes.length ? changes[0].c : null);
    save();
  }
  function write(digit) {
    const c = game.selected;
    if (game.givens[c] || game.done) return;
    if (game.pencil) { mark(digit); return; }
    if (game.values[c] === digit) return;
    const changes = [{ c: c, v: digit, m: game.marks[c] }];
    if (settings.autoRemove) {
      const bit = 1 << (digit - 1);
      for (const p of game.grid.peers[c]) if (!game.values[p] && game.marks[p] & bit) changes.push({ c: p, v: 0, m: game.marks[p] & ~bit });
    }
    if (!game.checkSaid) say("");
    if (settings.instant && game.entry.unique !== false && solution()[c] !== digit) game.mistakes++;
    apply(changes, true);
  }
  function mark(digit) {
    const c = game.selected;
    if (game.givens[c] || game.values[c] || game.done) return;
    apply([{ c: c, v: 0, m: game.marks[c] ^ (1 << (digit - 1)) }], true);
  }
  function erase() {
    const c = game.selected;
    if (game.givens[c] || game.done || (!game.values[c] && !game.marks[c])) return;
    apply([{ c: c, v: 0, m: game.values[c] ? game.marks[c] : 0 }], true);
  }
  /** Undo (back: the cells as they were before the move) or redo (the cells as the move left them). */
  function replay(back) {
    const move = (back ? game.undo : game.redo).pop();
    if (!move) return;
    (back ? game.redo : game.undo).push(move);
    const cells = back ? move.before : move.after;
    if (cells.length) game.selected = cells[0].c;
    apply(cells, false);
  }
  const undo = () => replay(true), redo = () => replay(false);
  function restart() {
    ctx.confirm("Clear your digits and pencil marks on this puzzle? The clock starts again.", "Restart").then((yes) => {
      if (!yes) return;
      const changes = [];
      for (let c = 0; c < game.values.length; c++) {
        if (!game.givens[c] && (game.values[c] || game.marks[c])) changes.push({ c: c, v: 0, m: 0 });
      }
      game.done = false; game.elapsed = 0; game.startedAt = Date.now(); game.shown = []; game.cut = [];
      game.mistakes = 0; game.wrong = new Set();
      say("");
      apply(changes, changes.length > 0);
      tick();
    });
  }
  /** Pencil marks in every empty cell: the digits its row, column and box leave. */
  function fillCandidates() {
    if (game.done) return;
    const st = new lib.State(game.grid, game.values), changes = [];
    for (let c = 0; c < game.values.length; c++) {
      if (!game.values[c] && game.marks[c] !== st.cands[c]) changes.push({ c: c, v: 0, m: st.cands[c] });
    }
    if (changes.length) apply(changes, true);
  }
  function reveal() {
    if (game.entry.unique === false || game.done) return;
    ctx.confirm("Show the solution? The puzzle then no longer counts in your statistics.", "Reveal").then((yes) => {
      if (!yes) return;
      const sol = solution(), changes = [];
      for (let c = 0; c < game.values.length; c++) if (game.values[c] !== sol[c]) changes.push({ c: c, v: sol[c], m: game.marks[c] });
      if (!game.revealed) ctx.revealed(game.entry);
      game.revealed = true;
      hideHint();
      apply(changes, true);
    });
  }

  /* ---- check and hints ---- */
  function sayWrong(wrong) {
    if (!wrong.length) { say(""); return; }
    say(wrong.length + (wrong.length === 1 ? " digit is" : " digits are") + " wrong (struck through): " + wrong.map(name).join(", ") + ".");
    game.checkSaid = true;
  }
  function check() {
    if (game.entry.unique === false) { say("This puzzle has more than one solution: there is none to check against."); return; }
    const wrong = wrongCells();
    game.wrong = new Set(wrong);
    const filled = game.values.filter((v, c) => v && !game.givens[c]).length;
    if (wrong.length) sayWrong(wrong);
    else {
      say(game.values.includes(0) ? "All " + filled + " of your digits are right so far." : "Every digit is right.");
      game.checkSaid = true;
    }
    render(null);
  }
  /** A step of the embedded path is on the grid: its digits placed, or its removals shown or made. */
  function reflected(step, index) {
    const placed = step[2], eliminated = step[3];
    for (let i = 0; i < placed.length; i += 2) if (game.values[placed[i]] !== placed[i + 1]) return false;
    if (placed.length) return true;
    if (game.shown.includes(index)) return true;
    return removalsMade(eliminated);
  }
  function removalsMade(eliminated) {
    for (let i = 0; i < eliminated.length; i += 2) {
      const c = eliminated[i], d = eliminated[i + 1];
      if (!game.values[c] && !(game.marks[c] && !(game.marks[c] >> (d - 1) & 1))) return false;
    }
    return true;
  }
  const flat = (pairs) => [].concat(...pairs);
  const pairs = (list) => { const out = []; for (let i = 0; i < list.length; i += 2) out.push([list[i], list[i + 1]]); return out; };

  function hint() {
    if (!game.entry.hints) return;
    const wrong = wrongCells();
    if (wrong.length) {
      game.wrong = new Set(wrong);
      game.hint = { cells: wrong, step: null };
      showHint("First fix this: " + wrong.map(name).join(", ") + (wrong.length === 1 ? " holds a digit" : " hold digits") + " the solution does not have there. Erase " + (wrong.length === 1 ? "it" : "them") + ", then ask again.", false);
      render(null);
      return;
    }
    if (game.entry.hints === "path") pathHint(); else pageHint();
  }
  function pathHint() {
    const entry = game.entry;
    ctx.codec.loadChunk(entry.h[0]).then((chunk) => {
      if (game.entry !== entry) return;
      const path = chunk.p[entry.h[1]];
      const index = path.findIndex((step, i) => !reflected(step, i));
      if (index < 0) { showHint("Every step of the logical solve is already on your grid.", false); return; }
      const step = path[index];
      const named = [chunk.t[step[0]], step[1], step[2], step[3]];
      if (!step[2].length && !game.shown.includes(index)) { game.shown.push(index); save(); }
      offer(named, index);
    }).catch((error) => showHint("Hints cannot be read here: " + error.message, false));
  }
  /** The next step from the player's position, found by the page's own engine (logic.js). */
  function pageHint() {
    const removed = pairs(game.cut);
    let step = lib.nextStep(game.grid, game.values, removed, (s) => removalsMade(flat(s.eliminations)));
    if (!step) {
      if (game.values.indexOf(0) < 0) { showHint("Every digit is on your grid.", false); return; }
      step = fromSolution(removed);
    }
    const named = [step.technique, step.explanation, flat(step.placements), flat(step.eliminations)];
    if (!step.placements.length) { game.cut.push(...named[3]); save(); }
    offer(named, null);
  }
  /** Where the page's techniques stop (a level-4 puzzle), the solution's digit for the empty cell
      with the fewest candidates. */
  function fromSolution(removed) {
    const st = new lib.State(game.grid, game.values);
    for (const [c, d] of removed) st.eliminate(c, d);
    let best = -1;
    for (let c = 0; c < game.values.length; c++) {
      if (!game.values[c] && (best < 0 || lib.popcount(st.cands[c]) < lib.popcount(st.cands[best]))) best = c;
    }
    const d = solution()[best];
    return {
      technique: "From the solution", placements: [[best, d]], eliminations: [],
      explanation: "singles, locked candidates and subsets find nothing more here, so the page takes " + name(best) +
                   "'s digit, " + SYMBOLS[d - 1] + ", from the solution",
    };
  }
  function offer(step, index) {
    const touched = [];
    for (let i = 0; i < step[2].length; i += 2) touched.push(step[2][i]);
    for (let i = 0; i < step[3].length; i += 2) touched.push(step[3][i]);
    game.hint = { cells: touched, step: step, index: index };
    const text = lib.changes(game.grid, { placements: pairs(step[2]), eliminations: pairs(step[3]) });
    showHint(step[0] + ": " + text + " \u2014 " + step[1], true);
    render(null);
  }
  function applyHint() {
    const h = game.hint;
    if (!h || !h.step) return;
    const changes = new Map();
    for (let i = 0; i < h.step[3].length; i += 2) {
      const c = h.step[3][i], d = h.step[3][i + 1];
      if (!game.values[c] && (game.marks[c] >> (d - 1) & 1)) changes.set(c, { c: c, v: 0, m: game.marks[c] & ~(1 << (d - 1)) });
    }
    for (let i = 0; i < h.step[2].length; i += 2) changes.set(h.step[2][i], { c: h.step[2][i], v: h.step[2][i + 1], m: game.marks[h.step[2][i]] });
    if (!h.step[2].length && h.index !== null && !game.shown.includes(h.index)) game.shown.push(h.index);
    if (h.step[2].length) game.selected = h.step[2][0];
    hideHint();
    apply([...changes.values()], changes.size > 0);
  }
  function showHint(text, applicable) {
    $("hint-text").textContent = text;
    $("hint-apply").hidden = !applicable;
    $("hint-box").hidden = false;
  }
  function hideHint() { $("hint-box").hidden = true; }
  function say(text) { $("message").textContent = text; game.checkSaid = false; }

  /* ---- the clock ---- */
  function currentElapsed() {
    return game.done || document.hidden ? game.elapsed : game.elapsed + (Date.now() - game.startedAt);
  }
  function clock(ms) {
    const s = Math.floor(ms / 1000), h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, sec = s % 60;
    return (h ? h + ":" + String(m).padStart(2, "0") : String(m)) + ":" + String(sec).padStart(2, "0");
  }
  function tick() { $("timer").textContent = clock(currentElapsed()); }
  document.addEventListener("visibilitychange", () => {
    if (game.done || !game.entry) return;
    if (document.hidden) { game.elapsed += Date.now() - game.startedAt; save(); } else game.startedAt = Date.now();
  });
  let ticks = 0;
  setInterval(() => { if (!game.entry) return; tick(); if (++ticks % 10 === 0 && !game.done) save(); }, 1000);
  window.addEventListener("pagehide", save);

  /* ---- input: keyboard, mouse, touch ---- */
  function select(cell, focus) {
    game.selected = cell;
    render(cell);
    if (focus) $("board").querySelectorAll(".cell")[cell].focus({ preventScroll: view.zoomed(game) });
  }
  $("board").addEventListener("click", (event) => {
    const el = event.target.closest(".cell");
    if (el) select(Number(el.dataset.cell), true);
  });
  $("map").addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    const grid = game.grid, box = Number(button.dataset.box);
    const cells = grid.houses[2 * game.n + box];
    select(cells.find((c) => !game.values[c]) ?? cells[0], false);
  });
  $("pad").addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (button) write(Number(button.dataset.digit));
  });
  document.addEventListener("keydown", (event) => {
    const target = event.target;
    if (!game.entry || target.tagName === "SELECT" || target.tagName === "INPUT" || (target.closest && target.closest("dialog"))) return;
    const ctrl = event.ctrlKey || event.metaKey;
    if (ctrl && (event.key === "z" || event.key === "Z")) { event.preventDefault(); event.shiftKey ? redo() : undo(); return; }
    if (ctrl && (event.key === "y" || event.key === "Y")) { event.preventDefault(); redo(); return; }
    if (ctrl || event.altKey) return;
    if (event.key === "PageDown") { event.preventDefault(); ctx.step(1); return; }
    if (event.key === "PageUp") { event.preventDefault(); ctx.step(-1); return; }
    if (target.tagName === "BUTTON" && (event.key === "Enter" || event.key === " ")) return;
    const moves = { ArrowUp: -game.n, ArrowDown: game.n, ArrowLeft: -1, ArrowRight: 1 };
    if (event.key in moves) {
      event.preventDefault();
      let c = game.selected;
      if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
        c = Math.floor(c / game.n) * game.n + (c % game.n + moves[event.key] + game.n) % game.n;
      } else c = (c + moves[event.key] + game.n * game.n) % (game.n * game.n);
      select(c, true);
      return;
    }
    if (event.key === "Delete" || event.key === "Backspace" || event.key === "0" || event.key === ".") { event.preventDefault(); erase(); return; }
    // Shift with a digit or letter key writes a pencil mark (the key itself then reads "%" or "A")
    const shifted = event.shiftKey && /^(Digit[1-9]|Key[A-G])$/.test(event.code);
    let digit = event.key.length === 1 ? SYMBOLS.indexOf(event.key.toUpperCase()) + 1 : 0;
    if (shifted) digit = event.code[0] === "D" ? Number(event.code.slice(5)) : 10 + event.code.charCodeAt(3) - 65;
    if (digit >= 1 && digit <= game.n) {
      event.preventDefault();
      if (shifted) mark(digit); else write(digit);
      return;
    }
    if (event.key === "p" || event.key === "P") { game.pencil = !game.pencil; render(null); }
  });

  /* ---- buttons ---- */
  $("pencil").addEventListener("click", () => { game.pencil = !game.pencil; render(null); });
  $("erase").addEventListener("click", erase);
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("fill").addEventListener("click", fillCandidates);
  $("check").addEventListener("click", check);
  $("hint").addEventListener("click", hint);
  $("hint-apply").addEventListener("click", applyHint);
  $("reveal").addEventListener("click", reveal);
  $("restart").addEventListener("click", restart);
  view.narrow.addEventListener("change", () => { if (game.entry) { view.layout(game); render(null); } });
  window.addEventListener("resize", () => { if (game.entry) view.layout(game); });

  /** The game as the API gives it: givens and values as the standard string (rows above 9x9). */
  function current() {
    if (!game.entry) return null;
    const text = (values) => lib.toText(values);
    const rows = (values) => Array.from({ length: game.n }, (_, r) => text(values.slice(r * game.n, (r + 1) * game.n)));
    const shape = game.n > 9 ? rows : text;
    return {
      givens: shape(game.givens), values: shape(game.values), size: game.n, level: game.entry.levelNumber || null,
      levelName: game.entry.level || null, box: [game.bw, game.bh], puzzle: text(game.givens), solved: game.done,
      mistakes: game.mistakes,
    };
  }
  function setSettings(changed) {
    settings = Object.assign(settings, changed);
    if (game.entry) render(null);
  }

  return { game: game, open: open, current: current, save: save, setSettings: setSettings, clock: clock };
}
