// sudokuprint serve: photograph a puzzle, see it as read over the photo, correct it, then solve, hint, check,
// play or print. Every judgement is the server's (the library's): this page only shows and asks.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const token = new URLSearchParams(location.search).get("token");
const $ = (id) => document.getElementById(id);

const state = {
  givens: [], entries: [], kinds: [], doubtful: [], corrected: [], solved: [], marks: [],
  geometry: null, solution: null, verdicts: {}, hinted: new Set(), selected: null, padKind: "given",
  photoShown: true, checkSeq: 0, status: null,
};

class ApiError extends Error {
  constructor(message, status) { super(message); this.status = status; }
}

async function api(path, body) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers["X-Sudokuprint-Token"] = token;
  const response = await fetch(path, { method: "POST", headers, body: JSON.stringify(body) });
  const data = await response.json().catch(() => ({ message: `the server answered ${response.status}` }));
  if (!response.ok) throw new ApiError(data.message || `the server answered ${response.status}`, response.status);
  return data;
}

const cellName = (i) => `r${Math.floor(i / 9) + 1}c${(i % 9) + 1}`;
const cellIndex = (name) => {
  const found = /^r(\d+)c(\d+)$/.exec(name);
  return found ? (Number(found[1]) - 1) * 9 + Number(found[2]) - 1 : -1;
};
const puzzleString = () => state.givens.map((d) => (d ? String(d) : ".")).join("");
const entriesString = (withSolved) => state.givens.map((d, i) => {
  const v = d || state.entries[i] || (withSolved ? state.solved[i] : 0);
  return v ? String(v) : ".";
}).join("");
const isOpen = (i) => !state.givens[i] && !state.entries[i] && !state.solved[i];

// -- the photo ------------------------------------------------------------------------------------------------

function showProgress(percent, text) {
  $("progress").hidden = false;
  const bar = $("bar");
  if (percent === null) bar.removeAttribute("value"); else bar.value = percent;
  $("progress-text").textContent = text;
}

function showError(text) {
  const error = $("error");
  error.textContent = text;
  error.hidden = !text;
}

function upload(file) {
  if (!file) return;
  showError("");
  showProgress(0, "Sending the photo…");
  const form = new FormData();
  form.append("photo", file, file.name || "photo.jpg");
  const xhr = new XMLHttpRequest();
  xhr.open("POST", "/api/scan");
  if (token) xhr.setRequestHeader("X-Sudokuprint-Token", token);
  xhr.upload.onprogress = (event) => {
    if (event.lengthComputable) {
      const percent = Math.round((100 * event.loaded) / event.total);
      showProgress(percent, `Sending the photo… ${percent}%`);
    }
  };
  xhr.upload.onload = () => showProgress(null, "Reading the grid…");
  xhr.onload = () => {
    $("progress").hidden = true;
    let data = null;
    try { data = JSON.parse(xhr.responseText); } catch (error) { data = null; }
    if (xhr.status === 200 && data) show(data);
    else showError(data && data.message ? data.message : `The server answered ${xhr.status}.`);
  };
  xhr.onerror = () => { $("progress").hidden = true; showError("The server cannot be reached."); };
  xhr.send(form);
}

for (const id of ["camera", "choose"]) {
  $(id).addEventListener("change", (event) => { upload(event.target.files[0]); event.target.value = ""; });
}

function show(row) {
  const cells = row.overlay.cells;
  state.geometry = row.overlay;
  state.givens = cells.map((c) => (c.kind === "given" ? c.digit : 0));
  state.entries = cells.map((c) => (c.kind === "handwritten" ? c.digit : 0));
  state.marks = cells.map((c) => (c.kind === "pencil" ? c.digit : 0));
  state.kinds = cells.map((c) => c.kind);
  state.doubtful = cells.map((c) => c.doubtful);
  state.corrected = cells.map(() => false);
  state.solved = cells.map(() => 0);
  state.solution = null;
  state.verdicts = {};
  state.hinted = new Set();
  state.selected = null;
  const notes = $("notes");
  notes.replaceChildren();
  const note = (text) => { const item = document.createElement("li"); item.textContent = text; notes.append(item); };
  for (const c of row.corrections) note(`${c.cell}: read as ${c.was || "empty"}, changed to ${c.to || "empty"}: ${c.why}`);
  if (row.handwritten.length) note(`${row.handwritten.length} digits written by hand`);
  if (row.pencil_marks.length) note(`pencil marks in ${row.pencil_marks.length} cells (not read as givens)`);
  const doubts = state.doubtful.filter(Boolean).length;
  if (doubts) note(`${doubts} ${doubts === 1 ? "cell" : "cells"} the reader was unsure of flagged: tap to correct`);
  $("result").hidden = false;
  $("message").replaceChildren();
  closePad();
  draw();
  recheck(false);
  $("result").scrollIntoView({ block: "start" });
}

// -- the board ------------------------------------------------------------------------------------------------

function element(name, attributes, text) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

function draw() {
  const geometry = state.geometry;
  const board = $("board");
  const points = geometry.cells.flatMap((c) => c.polygon);
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const pad = 3;
  const [left, top] = [Math.min(...xs) - pad, Math.min(...ys) - pad];
  const [width, height] = [Math.max(...xs) - left + pad, Math.max(...ys) - top + pad];
  const svg = element("svg", { viewBox: `${left} ${top} ${width} ${height}`, "aria-hidden": "false" });
  if (state.photoShown) {
    svg.append(element("image", { href: geometry.image, x: 0, y: 0, width: geometry.width, height: geometry.height }));
  }
  board.classList.toggle("no-photo", !state.photoShown);
  geometry.cells.forEach((cell, i) => svg.append(drawCell(cell, i)));
  for (let box = 0; box < 9; box += 1) {
    const [r, c] = [Math.floor(box / 3) * 3, (box % 3) * 3];
    const corner = (row, column, k) => geometry.cells[row * 9 + column].polygon[k];
    const outline = [corner(r, c, 0), corner(r, c + 2, 1), corner(r + 2, c + 2, 2), corner(r + 2, c, 3)];
    svg.append(element("polygon", { class: "box-line", points: outline.map((p) => p.join(",")).join(" ") }));
  }
  board.replaceChildren(svg);
}

function drawCell(cell, i) {
  const [a, b, , d] = cell.polygon;
  const size = Math.hypot(b[0] - a[0], b[1] - a[1]);
  const cx = cell.polygon.reduce((s, p) => s + p[0], 0) / 4;
  const cy = cell.polygon.reduce((s, p) => s + p[1], 0) / 4;
  const kind = state.givens[i] ? "given" : state.entries[i] ? "handwritten" : state.marks[i] ? "pencil" : "empty";
  const classes = ["cell", kind];
  if (state.doubtful[i]) classes.push("doubtful");
  if (state.corrected[i]) classes.push("corrected");
  if (state.solved[i]) classes.push("solved");
  if (state.selected === i) classes.push("selected");
  if (state.hinted.has(i)) classes.push("hinted");
  if (state.verdicts[i] !== undefined) classes.push(state.verdicts[i] ? "right" : "wrong");
  const describe = [`row ${Math.floor(i / 9) + 1}, column ${(i % 9) + 1}`];
  const group = element("g", { class: classes.join(" "), "data-cell": i, role: "gridcell", tabindex: "-1" });
  group.append(element("polygon", { points: cell.polygon.map((p) => p.join(",")).join(" ") }));
  const digit = state.givens[i] || state.entries[i];
  const corner = state.photoShown;  // over the photo the reading sits in a corner, beside what it read
  if (digit) {
    const [x, y, s] = corner ? [cx + size * 0.24, cy - size * 0.24, size * 0.40] : [cx, cy, size * 0.62];
    if (corner) group.append(element("rect", { class: "badge", x: x - s * 0.45, y: y - s * 0.55, width: s * 0.9,
      height: s * 1.1, rx: s * 0.15 }));
    group.append(element("text", { class: "read", x, y, "font-size": s }, String(digit)));
    describe.push(`${kind === "given" ? "printed" : "by hand"} ${digit}`);
  } else if (state.marks[i]) {
    group.append(element("text", { class: "read", x: cx + size * 0.24, y: cy - size * 0.24, "font-size": size * 0.32 },
      "✎"));
    describe.push(`pencil marks`);
  }
  if (state.solved[i]) {
    group.append(element("text", { class: "big", x: cx, y: cy, "font-size": size * 0.62 }, String(state.solved[i])));
    describe.push(`solved ${state.solved[i]}`);
  }
  if (state.doubtful[i]) {
    group.append(element("text", { class: "flag", x: a[0] + size * 0.16, y: a[1] + size * 0.2, "font-size": size * 0.3 },
      "?"));
    describe.push("unsure");
  }
  if (state.verdicts[i] !== undefined) {
    group.append(element("text", { class: "mark", x: d[0] + size * 0.18, y: d[1] - size * 0.2, "font-size": size * 0.32 },
      state.verdicts[i] ? "✓" : "✗"));
    describe.push(state.verdicts[i] ? "right" : "wrong");
  }
  group.setAttribute("aria-label", describe.join(", "));
  group.addEventListener("click", () => select(i));
  return group;
}

// -- correcting a cell ----------------------------------------------------------------------------------------

function select(i) {
  state.selected = i;
  state.padKind = state.entries[i] ? "handwritten" : "given";
  $("pad").hidden = false;
  updatePad();
  draw();
}

function updatePad() {
  const i = state.selected;
  const read = state.givens[i] ? `printed ${state.givens[i]}` : state.entries[i] ? `by hand ${state.entries[i]}` : "empty";
  $("pad-title").textContent = `${cellName(i)}: ${read}${state.doubtful[i] ? " (unsure)" : ""}`;
  const byHand = state.padKind === "handwritten";
  $("pad-kind").textContent = byHand ? "By hand" : "Printed";
  $("pad-kind").setAttribute("aria-pressed", String(byHand));
}

function closePad() {
  $("pad").hidden = true;
  state.selected = null;
}

function setCell(i, digit) {
  const before = [state.givens[i], state.entries[i]];
  state.givens[i] = state.padKind === "given" ? digit : 0;
  state.entries[i] = state.padKind === "handwritten" ? digit : 0;
  state.marks[i] = digit ? 0 : state.marks[i];
  state.doubtful[i] = false;
  state.corrected[i] = true;
  const puzzleChanged = before[0] !== state.givens[i];
  state.verdicts = {};
  state.hinted = new Set();
  state.solved[i] = 0;
  if (puzzleChanged) {  // another puzzle: what was solved or checked for the old one no longer holds
    state.solution = null;
    state.solved = state.solved.map(() => 0);
  }
  updatePad();
  draw();
  if (puzzleChanged) recheck(true);
}

for (const button of document.querySelectorAll("[data-digit]")) {
  button.addEventListener("click", () => setCell(state.selected, Number(button.dataset.digit)));
}
$("pad-clear").addEventListener("click", () => setCell(state.selected, 0));
$("pad-done").addEventListener("click", () => { closePad(); draw(); });
$("pad-kind").addEventListener("click", () => {
  state.padKind = state.padKind === "given" ? "handwritten" : "given";
  const digit = state.givens[state.selected] || state.entries[state.selected];
  if (digit) setCell(state.selected, digit); else updatePad();
});
for (const button of document.querySelectorAll("[data-move]")) {
  button.addEventListener("click", () => select((state.selected + Number(button.dataset.move) + 81) % 81));
}
document.addEventListener("keydown", (event) => {
  if (state.selected === null) return;
  if (/^[1-9]$/.test(event.key)) setCell(state.selected, Number(event.key));
  else if (event.key === "Backspace" || event.key === "Delete" || event.key === "0") setCell(state.selected, 0);
  else if (event.key === "Escape") { closePad(); draw(); }
  else {
    const move = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -9, ArrowDown: 9 }[event.key];
    if (move) { select((state.selected + move + 81) % 81); event.preventDefault(); }
  }
});

// -- the uniqueness check -------------------------------------------------------------------------------------

const STATUS_WORDS = {
  unique: "one solution ✓",
  "not-unique": "several solutions: a given is missing or misread; tap it to correct it",
  unsolvable: "no solution: a given is misread; tap it to correct it",
};

async function recheck(changed) {
  const sequence = (state.checkSeq += 1);
  const status = $("status");
  status.textContent = "Checking…";
  status.className = "status";
  try {
    const report = await api("/api/check", { puzzle: puzzleString() });
    if (sequence !== state.checkSeq) return;  // a later change is being checked
    state.status = report.status;
    let text = report.status === "invalid" ? `two equal digits: ${report.conflicts[0]}` : STATUS_WORDS[report.status];
    text = (changed ? "Now " : "") + text;
    status.textContent = `${text[0].toUpperCase()}${text.slice(1)} (${report.clues} givens)`;
    status.className = `status ${report.status === "unique" ? "unique" : "bad"}`;
  } catch (error) {
    if (sequence === state.checkSeq) { status.textContent = error.message; status.className = "status bad"; }
  }
  updateLinks();
}

function updateLinks() {
  const tail = token ? `&token=${encodeURIComponent(token)}` : "";
  $("play").href = `/play${token ? `?token=${encodeURIComponent(token)}` : ""}#p=${puzzleString()}`;
  $("worksheet").href = `/api/print?kind=worksheet&puzzle=${puzzleString()}&entries=${entriesString(false)}${tail}`;
  $("page-pdf").href = `/api/print?kind=page&puzzle=${puzzleString()}${tail}`;
}

// -- solve, hint, check ---------------------------------------------------------------------------------------

function say(parts) {
  const message = $("message");
  message.replaceChildren();
  for (const [text, className] of parts) {
    const span = document.createElement("span");
    span.textContent = text;
    if (className) span.className = className;
    message.append(span);
  }
}

async function solution() {
  if (!state.solution) state.solution = (await api("/api/solve", { puzzle: puzzleString() })).solution;
  return state.solution;
}

async function guarded(work) {
  try { await work(); } catch (error) { say([[error.message, "error"]]); }
}

$("solve-cell").addEventListener("click", () => guarded(async () => {
  const solved = await solution();
  const open = state.selected !== null && isOpen(state.selected) ? state.selected
    : state.givens.findIndex((_, i) => isOpen(i));
  if (open < 0) { say([["Every cell is filled."]]); return; }
  state.solved[open] = Number(solved[open]);
  say([[`${cellName(open)} is ${solved[open]}.`]]);
  draw();
}));

$("solve-all").addEventListener("click", () => guarded(async () => {
  const solved = await solution();
  let count = 0;
  state.givens.forEach((_, i) => { if (isOpen(i)) { state.solved[i] = Number(solved[i]); count += 1; } });
  say([[count ? `Solved: ${count} cells filled in.` : "Every cell is filled."]]);
  draw();
}));

$("hint").addEventListener("click", () => guarded(async () => {
  const hint = await api("/api/hint", { puzzle: puzzleString(), entries: entriesString(true) });
  state.hinted = new Set([...hint.cells, ...hint.placements.map((p) => p.cell)].map(cellIndex).filter((i) => i >= 0));
  say([[`${hint.technique}: `, "technique"], [hint.text.replace(`${hint.technique}: `, "")]]);
  draw();
}));

$("check").addEventListener("click", () => guarded(async () => {
  const report = await api("/api/check", { puzzle: puzzleString(), entries: entriesString(false) });
  state.verdicts = {};
  for (const entry of report.entries) if (entry.correct !== null) state.verdicts[entry.index] = entry.correct;
  const wrong = report.entries.filter((e) => e.correct === false);
  if (!report.entries.length) say([["You have written no digits yet."]]);
  else if (!wrong.length) say([[`All ${report.entries.length} of your digits are right.`]]);
  else say([[`${wrong.length} of your ${report.entries.length} digits ${wrong.length === 1 ? "is" : "are"} wrong: `, "technique"],
    [wrong.map((e) => e.message).join("; ")]]);
  draw();
}));

$("photo-toggle").addEventListener("click", () => {
  state.photoShown = !state.photoShown;
  $("photo-toggle").setAttribute("aria-pressed", String(state.photoShown));
  draw();
});

window.sudokuprintServe = { state, puzzleString, entriesString };
