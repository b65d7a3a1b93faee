/* sudokuprint HTML edition: the board as the player sees it (cells, digit pad, and on a phone the
   zoomed view of one box with a map of the grid). It draws a game it is given; page.js decides.
   On a narrow screen a 12x12 or 16x16 shows one box at a time, large enough to touch (cells over
   44 px), inside a "lens"; the map beside it has a button per box, to move the lens there. */
"use strict";
function sudokuprintBoard(SYMBOLS) {
  const $ = (id) => document.getElementById(id);
  const NARROW = window.matchMedia("(max-width: 40rem)");

  /** True when the game is drawn one box at a time (a big grid on a narrow screen). */
  function zoomed(game) { return game.n > 9 && NARROW.matches; }

  function build(game, caption) {
    const board = $("board");
    board.textContent = "";
    board.style.setProperty("--side", game.n);
    board.classList.toggle("big", game.n > 9);
    board.setAttribute("aria-label", caption + ", " + game.n + " by " + game.n);
    board.setAttribute("aria-rowcount", game.n);
    board.setAttribute("aria-colcount", game.n);
    for (let r = 0; r < game.n; r++) {
      const row = document.createElement("div");
      row.className = "row";
      row.setAttribute("role", "row");
      row.setAttribute("aria-rowindex", r + 1);
      for (let c = 0; c < game.n; c++) {
        const cell = document.createElement("div");
        cell.className = "cell";
        if (c % game.bw === game.bw - 1) cell.classList.add(c === game.n - 1 ? "lastC" : "bR");
        if (r % game.bh === game.bh - 1) cell.classList.add(r === game.n - 1 ? "lastR" : "bB");
        cell.setAttribute("role", "gridcell");
        cell.setAttribute("aria-colindex", c + 1);
        cell.dataset.cell = r * game.n + c;
        cell.tabIndex = -1;
        row.appendChild(cell);
      }
      board.appendChild(row);
    }
    const pad = $("pad");
    pad.textContent = "";
    pad.dataset.size = game.n;
    for (let d = 1; d <= game.n; d++) {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.digit = d;
      button.innerHTML = SYMBOLS[d - 1] + "<small></small>";
      pad.appendChild(button);
    }
    buildMap(game);
    layout(game);
  }

  function buildMap(game) {
    const map = $("map");
    map.textContent = "";
    const across = game.n / game.bw;
    map.style.setProperty("--across", across);
    for (let b = 0; b < game.n; b++) {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.box = b;
      button.style.setProperty("--bw", game.bw);
      for (let i = 0; i < game.n; i++) button.appendChild(document.createElement("span"));
      map.appendChild(button);
    }
  }

  /** Size the lens (zoomed) or let the board be (whole), and keep the pad as wide as the board. */
  function layout(game) {
    const lens = $("lens"), board = $("board"), on = zoomed(game);
    lens.classList.toggle("zoomed", on);
    $("map").hidden = !on;
    const width = Math.min(document.documentElement.clientWidth - 22, 640);  // the lens: the screen's width
    if (on) {
      board.style.setProperty("--size", (width * game.n / game.bw) + "px");
    } else {
      board.style.removeProperty("--size");
      lens.style.width = lens.style.height = "";
      board.style.transform = "";
    }
    $("pad").style.setProperty("--size", on ? width + "px" : getComputedStyle(board).width);
    follow(game);
  }

  /** Move the lens to the box of the selected cell. */
  function follow(game) {
    if (!zoomed(game)) return;
    const cells = $("board").querySelectorAll(".cell");
    const n = game.n, row = Math.floor(game.selected / n), col = game.selected % n;
    const top = row - row % game.bh, left = col - col % game.bw;
    const first = cells[top * n + left], last = cells[(top + game.bh - 1) * n + left + game.bw - 1];
    const x = first.offsetLeft, y = first.offsetTop;
    const lens = $("lens");
    lens.style.width = (last.offsetLeft + last.offsetWidth - x + 4) + "px";
    lens.style.height = (last.offsetTop + last.offsetHeight - y + 4) + "px";
    $("board").style.transform = "translate(" + (2 - x) + "px, " + (2 - y) + "px)";
    const box = Math.floor(row / game.bh) * (n / game.bw) + Math.floor(col / game.bw);
    for (const button of $("map").children) button.setAttribute("aria-pressed", Number(button.dataset.box) === box ? "true" : "false");
  }

  /** Draw every cell, the pad's counts and the map. view: {conflicts, wrong, hinted}. */
  function draw(game, view) {
    const sel = game.selected, n = game.n, digit = game.values[sel];
    const cells = $("board").querySelectorAll(".cell");
    const rowOf = (c) => Math.floor(c / n), colOf = (c) => c % n;
    const boxOf = (c) => Math.floor(rowOf(c) / game.bh) * (n / game.bw) + Math.floor(colOf(c) / game.bw);
    for (let c = 0; c < cells.length; c++) {
      const el = cells[c], v = game.values[c], given = !!game.givens[c];
      el.classList.toggle("given", given);
      el.classList.toggle("player", !given && v > 0);
      el.classList.toggle("sel", c === sel);
      el.classList.toggle("same", c !== sel && v > 0 && v === digit);
      el.classList.toggle("peer", c !== sel && (rowOf(c) === rowOf(sel) || colOf(c) === colOf(sel) || boxOf(c) === boxOf(sel)));
      el.classList.toggle("conflict", view.conflicts.cells.has(c));
      el.classList.toggle("wrong", view.wrong.has(c));
      el.classList.toggle("hinted", view.hinted.has(c));
      el.tabIndex = c === sel ? 0 : -1;
      el.setAttribute("aria-selected", c === sel ? "true" : "false");
      let label = "row " + (rowOf(c) + 1) + ", column " + (colOf(c) + 1) + ", ";
      if (v) {
        el.textContent = SYMBOLS[v - 1];
        label += (given ? "given " : "") + SYMBOLS[v - 1];
      } else if (game.marks[c]) {
        el.textContent = "";
        el.appendChild(marks(game, game.marks[c]));
        label += "empty, pencil marks " + markList(game, game.marks[c]).join(" ");
      } else {
        el.textContent = "";
        label += "empty";
      }
      if (view.conflicts.cells.has(c)) label += ", conflict";
      if (view.wrong.has(c)) label += ", wrong";
      el.setAttribute("aria-label", label);
    }
    const counts = new Array(n + 1).fill(0);
    for (const v of game.values) counts[v]++;
    for (const button of $("pad").querySelectorAll("button")) {
      const d = Number(button.dataset.digit), left = Math.max(0, n - counts[d]);
      button.querySelector("small").textContent = left ? left + " left" : "done";
      button.classList.toggle("done", left === 0);
      button.setAttribute("aria-label", SYMBOLS[d - 1] + ", " + left + " left");
      button.setAttribute("aria-pressed", game.pencil && !game.values[sel] && (game.marks[sel] >> (d - 1) & 1) ? "true" : "false");
    }
    drawMap(game, view, boxOf);
    follow(game);
    return counts[0];
  }

  function markList(game, mask) {
    const out = [];
    for (let d = 1; d <= game.n; d++) if (mask >> (d - 1) & 1) out.push(SYMBOLS[d - 1]);
    return out;
  }
  function marks(game, mask) {
    const box = document.createElement("div");
    box.className = "marks";
    box.style.gridTemplateColumns = "repeat(" + game.bw + ", 1fr)";
    box.style.gridTemplateRows = "repeat(" + game.bh + ", 1fr)";
    box.style.setProperty("--mcols", game.bw);
    for (let d = 1; d <= game.n; d++) {
      const span = document.createElement("span");
      if (mask >> (d - 1) & 1) span.textContent = SYMBOLS[d - 1];
      box.appendChild(span);
    }
    return box;
  }

  function drawMap(game, view, boxOf) {
    const map = $("map");
    if (map.hidden) return;
    const buttons = map.children, empty = new Array(game.n).fill(0), seen = new Array(game.n).fill(0);
    for (let c = 0; c < game.values.length; c++) {
      const b = boxOf(c), at = seen[b]++;  // the box's cells come in reading order, as the button's dots
      const dot = buttons[b].children[at];
      dot.className = game.values[c] ? (view.conflicts.cells.has(c) ? "conflict" : game.givens[c] ? "given" : "player") : "";
      if (!game.values[c]) empty[b]++;
    }
    for (let b = 0; b < game.n; b++) buttons[b].setAttribute("aria-label", "box " + (b + 1) + ", " + empty[b] + " empty");
  }

  return { build: build, draw: draw, layout: layout, follow: follow, zoomed: zoomed, narrow: NARROW };
}
