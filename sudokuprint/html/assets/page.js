/* sudokuprint HTML edition: the game (board, moves, checks, hints, timer, progress).
   The data (an element of type application/json) holds per puzzle its box shape, givens,
   a progress id, level and label, the solution (XOR + base64) and where its hint path is
   (a chunk of several puzzles, raw-deflated, XOR + base64); codec.js reads it. */
(function () {
  const DATA = JSON.parse(document.getElementById("sudokuprint-data").textContent);
  const codec = sudokuprintCodec(DATA);
  const reveal = codec.reveal, loadChunk = codec.loadChunk, digitOf = codec.digitOf, parseValues = codec.parseValues;
  const SYMBOLS = codec.SYMBOLS;
  const $ = (id) => document.getElementById(id);

  /* ---- the game ---- */
  const game = {
    index: 0, p: null, n: 9, bw: 3, bh: 3, givens: [], values: [], marks: [], solution: null,
    selected: 0, pencil: false, undo: [], redo: [], elapsed: 0, startedAt: 0, done: false,
    shown: [], hint: null, wrong: new Set(),
  };

  function name(cell) {
    return "r" + (Math.floor(cell / game.n) + 1) + "c" + (cell % game.n + 1);
  }
  function rowOf(cell) { return Math.floor(cell / game.n); }
  function colOf(cell) { return cell % game.n; }
  function boxOf(cell) {
    return Math.floor(rowOf(cell) / game.bh) * (game.n / game.bw) + Math.floor(colOf(cell) / game.bw);
  }
  function houses() {
    const list = [];
    for (let i = 0; i < game.n; i++) list.push({ kind: "row", index: i, cells: [] }, { kind: "column", index: i, cells: [] }, { kind: "box", index: i, cells: [] });
    for (let c = 0; c < game.n * game.n; c++) {
      list[3 * rowOf(c)].cells.push(c);
      list[3 * colOf(c) + 1].cells.push(c);
      list[3 * boxOf(c) + 2].cells.push(c);
    }
    return list;
  }
  let HOUSES = [];

  /* ---- progress in localStorage ---- */
  function storageKey(p) { return "sudokuprint:" + p.id; }
  function save() {
    if (!game.p) return;
    const player = game.values.map((v, c) => (v && !game.givens[c] ? SYMBOLS[v - 1] : ".")).join("");
    const record = { v: player, m: game.marks, t: currentElapsed(), d: game.done, h: game.shown };
    try { localStorage.setItem(storageKey(game.p), JSON.stringify(record)); } catch (e) { /* storage off: play on */ }
  }
  function restore(p) {
    try {
      const record = JSON.parse(localStorage.getItem(storageKey(p)) || "null");
      if (!record || typeof record.v !== "string" || record.v.length !== game.n * game.n) return;
      parseValues(record.v).forEach((v, c) => { if (v && !game.givens[c]) game.values[c] = v; });
      if (Array.isArray(record.m) && record.m.length === game.n * game.n) game.marks = record.m.map((m) => m | 0);
      game.elapsed = Number(record.t) || 0;
      game.done = !!record.d;
      game.shown = Array.isArray(record.h) ? record.h : [];
    } catch (e) { /* a broken record: start afresh */ }
  }

  /* ---- opening a puzzle ---- */
  function open(index) {
    if (game.p) { save(); }
    index = Math.max(0, Math.min(DATA.puzzles.length - 1, index));
    const p = DATA.puzzles[index];
    game.index = index; game.p = p;
    game.bw = p.box[0]; game.bh = p.box[1]; game.n = game.bw * game.bh;
    game.givens = parseValues(p.g);
    game.values = game.givens.slice();
    game.marks = new Array(game.n * game.n).fill(0);
    game.solution = null; game.undo = []; game.redo = []; game.elapsed = 0; game.done = false;
    game.shown = []; game.hint = null; game.wrong = new Set();
    HOUSES = houses();
    restore(p);
    game.startedAt = Date.now();
    game.selected = Math.max(0, game.values.indexOf(0));
    buildBoard();
    buildPad();
    $("pick").value = String(index + 1);
    $("prev").disabled = index === 0;
    $("next").disabled = index === DATA.puzzles.length - 1;
    const facts = ["Puzzle " + p.n, game.n + "\u00d7" + game.n];
    if (p.label) facts.push("label " + p.label);
    if (p.unique === false) facts.push("more than one solution");
    $("about").textContent = facts.join(" \u00b7 ");
    $("level").textContent = p.level || "\u2014";
    $("hint").disabled = !p.h;
    $("hint").title = p.h ? "The next step of a logical solve" : "No hints for this puzzle";
    hideHint(); say(game.done ? "Solved in " + clock(game.elapsed) + "." : "");
    try { localStorage.setItem("sudokuprint:last:" + DATA.key, String(index)); } catch (e) { /* no storage */ }
    if (location.hash !== "#" + p.n) history.replaceState(null, "", "#" + p.n);
    render(null);
    tick();
  }

  function solution() {
    if (!game.solution) game.solution = parseValues(new TextDecoder().decode(reveal(game.p.sol)));
    return game.solution;
  }

  /* ---- the board ---- */
  function buildBoard() {
    const board = $("board");
    board.textContent = "";
    board.style.setProperty("--side", game.n);
    board.classList.toggle("big", game.n > 9);
    board.setAttribute("aria-label", "Puzzle " + game.p.n + ", " + game.n + " by " + game.n);
    board.setAttribute("aria-rowcount", game.n);
    board.setAttribute("aria-colcount", game.n);
    for (let r = 0; r < game.n; r++) {
      const row = document.createElement("div");
      row.className = "row";
      row.setAttribute("role", "row");
      row.setAttribute("aria-rowindex", r + 1);
      for (let c = 0; c < game.n; c++) {
        const cell = document.createElement("div");
        const index = r * game.n + c;
        cell.className = "cell";
        if (c % game.bw === game.bw - 1) cell.classList.add(c === game.n - 1 ? "lastC" : "bR");
        if (r % game.bh === game.bh - 1) cell.classList.add(r === game.n - 1 ? "lastR" : "bB");
        cell.setAttribute("role", "gridcell");
        cell.setAttribute("aria-colindex", c + 1);
        cell.dataset.cell = index;
        cell.tabIndex = -1;
        row.appendChild(cell);
      }
      board.appendChild(row);
    }
  }

  function buildPad() {
    const pad = $("pad");
    pad.textContent = "";
    pad.style.setProperty("--padcols", game.n > 9 ? 8 : game.n);
    pad.style.setProperty("--size", getComputedStyle($("board")).width);
    for (let d = 1; d <= game.n; d++) {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.digit = d;
      button.innerHTML = SYMBOLS[d - 1] + "<small></small>";
      pad.appendChild(button);
    }
  }

  function cells() { return $("board").querySelectorAll(".cell"); }

  function conflicts() {
    const bad = new Map();
    let message = "";
    for (const house of HOUSES) {
      const seen = new Map();
      for (const c of house.cells) {
        const v = game.values[c];
        if (!v) continue;
        if (seen.has(v)) {
          const first = seen.get(v);
          bad.set(c, true); bad.set(first, true);
          if (!message) message = house.kind + " " + (house.index + 1) + " holds " + SYMBOLS[v - 1] + " twice (" + name(first) + " and " + name(c) + ")";
        } else seen.set(v, c);
      }
    }
    return { cells: bad, message: message };
  }

  function render(changedCell) {
    const sel = game.selected;
    const digit = game.values[sel];
    const found = conflicts();
    const hinted = new Set();
    if (game.hint) for (const c of game.hint.cells) hinted.add(c);
    const list = cells();
    const mcols = game.bw;
    for (let c = 0; c < list.length; c++) {
      const el = list[c];
      const v = game.values[c];
      const given = !!game.givens[c];
      el.classList.toggle("given", given);
      el.classList.toggle("player", !given && v > 0);
      el.classList.toggle("sel", c === sel);
      el.classList.toggle("same", c !== sel && v > 0 && v === digit);
      el.classList.toggle("peer", c !== sel && (rowOf(c) === rowOf(sel) || colOf(c) === colOf(sel) || boxOf(c) === boxOf(sel)));
      el.classList.toggle("conflict", found.cells.has(c));
      el.classList.toggle("wrong", game.wrong.has(c));
      el.classList.toggle("hinted", hinted.has(c));
      el.tabIndex = c === sel ? 0 : -1;
      el.setAttribute("aria-selected", c === sel ? "true" : "false");
      let label = "row " + (rowOf(c) + 1) + ", column " + (colOf(c) + 1) + ", ";
      if (v) {
        el.textContent = SYMBOLS[v - 1];
        label += (given ? "given " : "") + SYMBOLS[v - 1];
      } else if (game.marks[c]) {
        const box = document.createElement("div");
        box.className = "marks";
        box.style.gridTemplateColumns = "repeat(" + mcols + ", 1fr)";
        box.style.gridTemplateRows = "repeat(" + game.bh + ", 1fr)";
        box.style.setProperty("--mcols", mcols);
        const shown = [];
        for (let d = 1; d <= game.n; d++) {
          const span = document.createElement("span");
          if (game.marks[c] >> (d - 1) & 1) { span.textContent = SYMBOLS[d - 1]; shown.push(SYMBOLS[d - 1]); }
          box.appendChild(span);
        }
        el.textContent = "";
        el.appendChild(box);
        label += "empty, pencil marks " + shown.join(" ");
      } else {
        el.textContent = "";
        label += "empty";
      }
      if (found.cells.has(c)) label += ", conflict";
      if (game.wrong.has(c)) label += ", wrong";
      el.setAttribute("aria-label", label);
    }
    // counts: empty cells and, per digit, how many are still to place
    const counts = new Array(game.n + 1).fill(0);
    let empty = 0;
    for (const v of game.values) { if (v) counts[v]++; else empty++; }
    $("lefts").textContent = String(empty);
    for (const button of $("pad").querySelectorAll("button")) {
      const d = Number(button.dataset.digit);
      const left = Math.max(0, game.n - counts[d]);
      button.querySelector("small").textContent = left ? left + " left" : "done";
      button.classList.toggle("done", left === 0);
      button.setAttribute("aria-label", SYMBOLS[d - 1] + ", " + left + " left");
      button.setAttribute("aria-pressed", game.pencil && !game.values[sel] && (game.marks[sel] >> (d - 1) & 1) ? "true" : "false");
    }
    $("error").textContent = found.message ? "Not allowed: " + found.message + "." : "";
    $("pencil").setAttribute("aria-pressed", game.pencil ? "true" : "false");
    $("undo").disabled = game.undo.length === 0;
    $("redo").disabled = game.redo.length === 0;
    if (!empty && !found.message && !game.done) finish();
    if (changedCell !== null && document.activeElement && document.activeElement.classList.contains("cell")) list[sel].focus();
  }

  function finish() {
    const sol = solution();
    if (game.values.every((v, c) => v === sol[c]) || game.p.unique === false) {
      game.elapsed = currentElapsed();
      game.done = true;
      tick();
      say("Solved in " + clock(game.elapsed) + ". Well done!");
      save();
    }
  }

  /* ---- moves (every change goes through apply, so it can be undone) ---- */
  function apply(changes, record) {
    const before = changes.map((ch) => ({ c: ch.c, v: game.values[ch.c], m: game.marks[ch.c] }));
    for (const ch of changes) { game.values[ch.c] = ch.v; game.marks[ch.c] = ch.m; game.wrong.delete(ch.c); }
    if (record) { game.undo.push({ before: before, after: changes }); game.redo = []; }
    game.hint = null;
    render(changes.length ? changes[0].c : null);
    save();
  }
  function write(digit) {
    const c = game.selected;
    if (game.givens[c] || game.done) return;
    if (game.pencil) {
      if (game.values[c]) return;
      apply([{ c: c, v: 0, m: game.marks[c] ^ (1 << (digit - 1)) }], true);
    } else {
      if (game.values[c] === digit) return;
      say("");
      apply([{ c: c, v: digit, m: game.marks[c] }], true);
    }
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
  function undo() {
    const move = game.undo.pop();
    if (!move) return;
    game.redo.push(move);
    if (move.before.length) game.selected = move.before[0].c;
    apply(move.before, false);
  }
  function redo() {
    const move = game.redo.pop();
    if (!move) return;
    game.undo.push(move);
    if (move.after.length) game.selected = move.after[0].c;
    apply(move.after, false);
  }
  function restart() {
    if (!window.confirm("Clear your digits and pencil marks on this puzzle?")) return;
    const changes = [];
    for (let c = 0; c < game.values.length; c++) {
      if (!game.givens[c] && (game.values[c] || game.marks[c])) changes.push({ c: c, v: 0, m: 0 });
    }
    game.done = false; game.elapsed = 0; game.startedAt = Date.now(); game.shown = [];
    apply(changes, changes.length > 0);
    say("");
  }

  /* ---- check and hints ---- */
  function wrongCells() {
    const sol = solution();
    const wrong = [];
    game.values.forEach((v, c) => { if (v && !game.givens[c] && v !== sol[c]) wrong.push(c); });
    return wrong;
  }
  function check() {
    if (game.p.unique === false) { say("This puzzle has more than one solution: there is none to check against."); return; }
    const wrong = wrongCells();
    game.wrong = new Set(wrong);
    const filled = game.values.filter((v, c) => v && !game.givens[c]).length;
    if (wrong.length) say(wrong.length + (wrong.length === 1 ? " digit is" : " digits are") + " wrong (struck through): " + wrong.map(name).join(", ") + ".");
    else if (game.values.includes(0)) say("All " + filled + " of your digits are right so far.");
    else say("Every digit is right.");
    render(null);
  }
  function reflected(step, index) {
    const placed = step[2], eliminated = step[3];
    for (let i = 0; i < placed.length; i += 2) if (game.values[placed[i]] !== placed[i + 1]) return false;
    if (placed.length) return true;
    if (game.shown.includes(index)) return true;
    for (let i = 0; i < eliminated.length; i += 2) {
      const c = eliminated[i], d = eliminated[i + 1];
      if (!game.values[c] && !(game.marks[c] && !(game.marks[c] >> (d - 1) & 1))) return false;
    }
    return true;
  }
  function changesText(step) {
    const parts = [];
    for (let i = 0; i < step[2].length; i += 2) parts.push(name(step[2][i]) + "=" + SYMBOLS[step[2][i + 1] - 1]);
    const byCell = new Map();
    for (let i = 0; i < step[3].length; i += 2) {
      if (!byCell.has(step[3][i])) byCell.set(step[3][i], []);
      byCell.get(step[3][i]).push(SYMBOLS[step[3][i + 1] - 1]);
    }
    for (const [c, ds] of [...byCell].sort((a, b) => a[0] - b[0])) parts.push(name(c) + "<>" + ds.sort().join(","));
    return parts.join("; ");
  }
  function hint() {
    if (!game.p.h) return;
    const wrong = wrongCells();
    if (wrong.length) {
      game.wrong = new Set(wrong);
      game.hint = { cells: wrong, step: null };
      showHint("First fix this: " + wrong.map(name).join(", ") + (wrong.length === 1 ? " holds a digit" : " hold digits") + " the solution does not have there. Erase " + (wrong.length === 1 ? "it" : "them") + ", then ask again.", false);
      render(null);
      return;
    }
    const p = game.p;
    loadChunk(p.h[0]).then((chunk) => {
      if (game.p !== p) return;
      const path = chunk.p[p.h[1]];
      const index = path.findIndex((step, i) => !reflected(step, i));
      if (index < 0) { showHint("Every step of the logical solve is already on your grid.", false); return; }
      const step = path[index];
      const touched = [];
      for (let i = 0; i < step[2].length; i += 2) touched.push(step[2][i]);
      for (let i = 0; i < step[3].length; i += 2) touched.push(step[3][i]);
      game.hint = { cells: touched, step: step, index: index };
      if (!step[2].length && !game.shown.includes(index)) { game.shown.push(index); save(); }
      showHint(chunk.t[step[0]] + ": " + changesText(step) + " \u2014 " + step[1], true);
      render(null);
    }).catch((error) => showHint("Hints cannot be read here: " + error.message, false));
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
    if (!h.step[2].length && !game.shown.includes(h.index)) game.shown.push(h.index);
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
  function say(text) { $("message").textContent = text; }

  /* ---- timer ---- */
  function currentElapsed() {
    return game.done || document.hidden ? game.elapsed : game.elapsed + (Date.now() - game.startedAt);
  }
  function clock(ms) {
    const s = Math.floor(ms / 1000), h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, sec = s % 60;
    return (h ? h + ":" + String(m).padStart(2, "0") : String(m)) + ":" + String(sec).padStart(2, "0");
  }
  function tick() { $("timer").textContent = clock(currentElapsed()); }
  document.addEventListener("visibilitychange", () => {
    if (game.done) return;
    if (document.hidden) { game.elapsed += Date.now() - game.startedAt; save(); } else game.startedAt = Date.now();
  });
  let ticks = 0;
  setInterval(() => { tick(); if (++ticks % 10 === 0 && !game.done) save(); }, 1000);
  window.addEventListener("pagehide", save);

  /* ---- input: keyboard, mouse, touch ---- */
  function select(cell) {
    game.selected = cell;
    render(cell);
  }
  $("board").addEventListener("click", (event) => {
    const el = event.target.closest(".cell");
    if (!el) return;
    select(Number(el.dataset.cell));
    el.focus();
  });
  $("pad").addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (button) write(Number(button.dataset.digit));
  });
  document.addEventListener("keydown", (event) => {
    const target = event.target;
    if (target.tagName === "SELECT" || target.tagName === "INPUT") return;
    const ctrl = event.ctrlKey || event.metaKey;
    if (ctrl && (event.key === "z" || event.key === "Z")) { event.preventDefault(); event.shiftKey ? redo() : undo(); return; }
    if (ctrl && (event.key === "y" || event.key === "Y")) { event.preventDefault(); redo(); return; }
    if (ctrl || event.altKey) return;
    if (event.key === "PageDown") { event.preventDefault(); open(game.index + 1); return; }
    if (event.key === "PageUp") { event.preventDefault(); open(game.index - 1); return; }
    if (target.tagName === "BUTTON" && (event.key === "Enter" || event.key === " ")) return;
    const moves = { ArrowUp: -game.n, ArrowDown: game.n, ArrowLeft: -1, ArrowRight: 1 };
    if (event.key in moves) {
      event.preventDefault();
      let c = game.selected;
      if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
        c = rowOf(c) * game.n + (colOf(c) + moves[event.key] + game.n) % game.n;
      } else c = (c + moves[event.key] + game.n * game.n) % (game.n * game.n);
      game.selected = c;
      render(c);
      cells()[c].focus();
      return;
    }
    if (event.key === "Delete" || event.key === "Backspace" || event.key === "0" || event.key === ".") { event.preventDefault(); erase(); return; }
    let digit = event.key.length === 1 ? digitOf(event.key) : 0;
    if (event.shiftKey && /^Digit[1-9]$/.test(event.code)) digit = Number(event.code.slice(5));
    if (digit >= 1 && digit <= game.n) {
      event.preventDefault();
      if (event.shiftKey && /^Digit/.test(event.code)) mark(digit); else write(digit);
      return;
    }
    if (event.key === "p" || event.key === "P") { game.pencil = !game.pencil; render(null); }
  });

  /* ---- buttons ---- */
  $("pencil").addEventListener("click", () => { game.pencil = !game.pencil; render(null); });
  $("erase").addEventListener("click", erase);
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("check").addEventListener("click", check);
  $("hint").addEventListener("click", hint);
  $("hint-apply").addEventListener("click", applyHint);
  $("restart").addEventListener("click", restart);
  $("prev").addEventListener("click", () => open(game.index - 1));
  $("next").addEventListener("click", () => open(game.index + 1));
  $("pick").addEventListener("change", () => open(Number($("pick").value) - 1));
  $("print-one").addEventListener("click", () => { document.body.classList.remove("print-all"); window.print(); });
  $("print-all").addEventListener("click", () => { sudokuprintPrintSheet(DATA, $("print-sheet")); document.body.classList.add("print-all"); window.print(); });
  window.addEventListener("afterprint", () => document.body.classList.remove("print-all"));

  /* ---- start ---- */
  const pick = $("pick");
  const options = document.createDocumentFragment();
  DATA.puzzles.forEach((p, i) => {
    const option = document.createElement("option");
    option.value = String(i + 1);
    option.textContent = String(p.n);
    options.appendChild(option);
  });
  pick.appendChild(options);
  $("of").textContent = "of " + DATA.puzzles.length;
  let first = 0;
  const wanted = Number(location.hash.slice(1));
  if (wanted >= 1 && wanted <= DATA.puzzles.length) first = wanted - 1;
  else {
    try { first = Number(localStorage.getItem("sudokuprint:last:" + DATA.key)) || 0; } catch (e) { first = 0; }
  }
  window.addEventListener("hashchange", () => {
    const n = Number(location.hash.slice(1));
    if (n >= 1 && n <= DATA.puzzles.length && n - 1 !== game.index) open(n - 1);
  });
  window.addEventListener("resize", () => $("pad").style.setProperty("--size", getComputedStyle($("board")).width));
  open(first);
  if (window.performance && performance.mark) performance.mark("sudokuprint-ready");
  window.sudokuprint = { game: game, open: open };
})();
