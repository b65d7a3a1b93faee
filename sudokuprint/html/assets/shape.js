/* sudokuprint HTML edition, engine part 1: the geometry of a grid, as in sudokuprint/shape.py.
   A shape is an N x N grid of bw x bh boxes; cells are numbered 0 .. N*N-1 along the rows;
   houses are the rows (0 .. N-1), the columns (N .. 2N-1), then the boxes (2N .. 3N-1);
   a candidate mask has bit d-1 for digit d (docs/formats.md §8). */
"use strict";
function sudokuprintShape(lib) {
  const SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  const BOXES = { 4: [2, 2], 6: [3, 2], 9: [3, 3], 12: [4, 3], 16: [4, 4] };
  const cache = new Map();

  function popcount(mask) {
    let count = 0;
    while (mask) { mask &= mask - 1; count++; }
    return count;
  }
  /** The digit of a one-bit mask. */
  function digitOfBit(bit) { return 31 - Math.clz32(bit) + 1; }
  /** The digits of a mask, ascending. */
  function digitsOf(mask) {
    const out = [];
    for (let d = 1; mask; d++, mask >>>= 1) if (mask & 1) out.push(d);
    return out;
  }

  /** The tables of one box shape, computed once. */
  function shape(bw, bh) {
    const key = bw + "x" + bh;
    if (cache.has(key)) return cache.get(key);
    const n = bw * bh, count = n * n;
    const rowOf = new Int32Array(count), colOf = new Int32Array(count), boxOf = new Int32Array(count);
    const houses = [];
    for (let h = 0; h < 3 * n; h++) houses.push([]);
    for (let c = 0; c < count; c++) {
      const r = Math.floor(c / n), k = c % n;
      rowOf[c] = r; colOf[c] = k;
      boxOf[c] = Math.floor(r / bh) * (n / bw) + Math.floor(k / bw);
      houses[r].push(c); houses[n + k].push(c); houses[2 * n + boxOf[c]].push(c);
    }
    const houseNames = [], houseKinds = [];
    for (let h = 0; h < 3 * n; h++) {
      const kind = h < n ? "row" : h < 2 * n ? "column" : "box";
      houseKinds.push(kind);
      houseNames.push(kind + " " + (h % n + 1));
    }
    const housesOf = [], peers = [];
    for (let c = 0; c < count; c++) {
      housesOf.push([rowOf[c], n + colOf[c], 2 * n + boxOf[c]]);
      const seen = new Set();
      for (const h of housesOf[c]) for (const p of houses[h]) if (p !== c) seen.add(p);
      peers.push(Int32Array.from([...seen].sort((a, b) => a - b)));
    }
    // every box and line that meet: [box, line, common cells, box cells outside, line cells outside]
    const intersections = [];
    for (let box = 2 * n; box < 3 * n; box++) {
      const inBox = new Set(houses[box]);
      for (let line = 0; line < 2 * n; line++) {
        const common = houses[line].filter((c) => inBox.has(c));
        if (!common.length) continue;
        const both = new Set(common);
        intersections.push([box, line, common, houses[box].filter((c) => !both.has(c)), houses[line].filter((c) => !both.has(c))]);
      }
    }
    const made = {
      bw: bw, bh: bh, n: n, count: count, full: n === 32 ? -1 : (1 << n) - 1,
      rowOf: rowOf, colOf: colOf, boxOf: boxOf, houses: houses, houseNames: houseNames, houseKinds: houseKinds,
      housesOf: housesOf, peers: peers, intersections: intersections,
      cellName: (c) => "r" + (rowOf[c] + 1) + "c" + (colOf[c] + 1),
    };
    cache.set(key, made);
    return made;
  }

  /** The standard box shape of a side (4, 6, 9, 12, 16), or null. */
  function shapeForSide(n) {
    const box = BOXES[n];
    return box ? shape(box[0], box[1]) : null;
  }

  /** A puzzle string (docs/formats.md §1: a symbol a cell, '.' or '0' empty, whitespace ignored)
      as {shape, values}; throws an Error naming the place and the reason. */
  function parsePuzzle(text, box) {
    if (typeof text !== "string") throw new Error("a puzzle is a string of symbols, one a cell");
    const symbols = [], places = [];
    let line = 1, column = 0;
    for (const ch of text) {
      if (ch === "\n") { line++; column = 0; continue; }
      column++;
      if (/\s/.test(ch)) continue;
      symbols.push(ch); places.push("line " + line + ", column " + column);
    }
    const n = Math.round(Math.sqrt(symbols.length));
    let grid = null;
    if (n * n === symbols.length) grid = box ? (box[0] * box[1] === n ? shape(box[0], box[1]) : null) : shapeForSide(n);
    if (!grid) {
      throw new Error("a puzzle has 16, 36, 81, 144 or 256 cells (4x4, 6x6, 9x9, 12x12, 16x16); this one has " + symbols.length);
    }
    const values = new Array(grid.count).fill(0);
    for (let c = 0; c < grid.count; c++) {
      const ch = symbols[c];
      if (ch === "." || ch === "0") continue;
      const d = SYMBOLS.indexOf(ch.toUpperCase()) + 1;
      if (d < 1 || d > n) {
        throw new Error(places[c] + " (" + grid.cellName(c) + "): '" + ch + "' is not a digit of a " + n + "x" + n +
                        " grid (1-" + SYMBOLS[n - 1] + ", or '.' for an empty cell)");
      }
      values[c] = d;
    }
    return { shape: grid, values: values };
  }

  /** The first rule a grid breaks ("digit 5 appears twice in row 1 (r1c1, r1c2)"), or "". */
  function conflict(grid, values) {
    for (let h = 0; h < grid.houses.length; h++) {
      const seen = new Map();
      for (const c of grid.houses[h]) {
        const v = values[c];
        if (!v) continue;
        if (seen.has(v)) {
          return "digit " + SYMBOLS[v - 1] + " appears twice in " + grid.houseNames[h] + " (" + grid.cellName(seen.get(v)) + ", " + grid.cellName(c) + ")";
        }
        seen.set(v, c);
      }
    }
    return "";
  }

  /** The standard string of values ('.' for empty). */
  function toText(values) {
    let text = "";
    for (const v of values) text += v ? SYMBOLS[v - 1] : ".";
    return text;
  }

  Object.assign(lib, {
    SYMBOLS, SIZES: Object.keys(BOXES).map(Number), popcount, digitOfBit, digitsOf, shape, shapeForSide,
    parsePuzzle, conflict, toText,
  });
}
