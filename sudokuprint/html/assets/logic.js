/* sudokuprint HTML edition, engine part 3: solving like a person, as sudokuprint/logic does it for
   the techniques of SVD's levels 1-3 (docs/formats.md §6), with the same names, order and words:
   full house, naked single, hidden single (box, then row/column), locked candidates (pointing,
   claiming), naked and hidden pairs, triples and quads. A solve goes in moves: every single of
   the moment at once, else the first technique that removes something. The level of a puzzle is
   1 when naked singles alone solve it, 2 with box hidden singles, 3 with the rest, else 4. */
"use strict";
function sudokuprintLogic(lib) {
  const SYMBOLS = lib.SYMBOLS, popcount = lib.popcount, digitOfBit = lib.digitOfBit, digitsOf = lib.digitsOf;
  const FULL_HOUSE = "Full House", NAKED_SINGLE = "Naked Single";
  const HIDDEN_BOX = "Hidden Single (box)", HIDDEN_LINE = "Hidden Single (row/column)";
  const POINTING = "Locked Candidates (pointing)", CLAIMING = "Locked Candidates (claiming)";
  const SIZE_NAMES = { 2: "Pair", 3: "Triple", 4: "Quad" };
  const SINGLE_ORDER = { [FULL_HOUSE]: 0, [NAKED_SINGLE]: 1, [HIDDEN_BOX]: 2, [HIDDEN_LINE]: 3 };

  /** Values and candidate masks (0 for a filled cell); candidates are what no peer holds. */
  function State(grid, values) {
    this.grid = grid;
    this.values = Int32Array.from(values);
    this.cands = new Int32Array(grid.count);
    const held = new Int32Array(grid.houses.length);
    for (let h = 0; h < grid.houses.length; h++) for (const c of grid.houses[h]) if (values[c]) held[h] |= 1 << (values[c] - 1);
    for (let c = 0; c < grid.count; c++) {
      if (values[c]) continue;
      const hs = grid.housesOf[c];
      this.cands[c] = grid.full & ~(held[hs[0]] | held[hs[1]] | held[hs[2]]);
    }
  }
  State.prototype.place = function (cell, d) {
    const keep = ~(1 << (d - 1)), peers = this.grid.peers[cell], cands = this.cands;
    this.values[cell] = d; cands[cell] = 0;
    for (let i = 0; i < peers.length; i++) cands[peers[i]] &= keep;
  };
  State.prototype.eliminate = function (cell, d) { this.cands[cell] &= ~(1 << (d - 1)); };
  State.prototype.solved = function () { return this.values.indexOf(0) < 0; };
  State.prototype.apply = function (step) {
    for (const [c, d] of step.eliminations) this.eliminate(c, d);
    for (const [c, d] of step.placements) this.place(c, d);
  };

  function cellList(grid, cells) {
    const names = cells.map(grid.cellName);
    return names.length === 1 ? names[0] : names.slice(0, -1).join(", ") + " and " + names[names.length - 1];
  }
  function digitList(digits) { return digits.map((d) => SYMBOLS[d - 1]).join("/"); }
  function step(technique, explanation, placements, eliminations) {
    return { technique: technique, explanation: explanation, placements: placements, eliminations: eliminations };
  }

  /* ---- singles ---- */
  function nakedSingleCells(st) {
    const out = [], cands = st.cands;
    for (let c = 0; c < cands.length; c++) { const m = cands[c]; if (m && !(m & (m - 1))) out.push(c); }
    return out;
  }
  /** For each cell a hidden single fills: [cell, house, digit], the house the first of `houses`
      where it is one (each house: its digits in increasing order). */
  function hiddenSingleCells(st, houses) {
    const found = new Map(), cands = st.cands, grid = st.grid;
    for (const h of houses) {
      const cells = grid.houses[h];
      let once = 0, twice = 0;
      for (const c of cells) { const m = cands[c]; twice |= once & m; once |= m; }
      let single = once & ~twice;
      while (single) {
        const bit = single & -single;
        single ^= bit;
        let at = cells[cells.length - 1];
        for (const c of cells) if (cands[c] & bit) { at = c; break; }
        if (!found.has(at)) found.set(at, [at, h, digitOfBit(bit)]);
      }
    }
    return [...found.values()];
  }
  function boxesRowsColumns(grid) {
    const n = grid.n, order = [];
    for (let h = 2 * n; h < 3 * n; h++) order.push(h);
    for (let h = 0; h < 2 * n; h++) order.push(h);
    return order;
  }
  function boxes(grid) {
    const n = grid.n, order = [];
    for (let h = 2 * n; h < 3 * n; h++) order.push(h);
    return order;
  }
  function nakedStep(st, cell, d, words) {
    const grid = st.grid, values = st.values;
    for (const h of grid.housesOf[cell]) {
      if (grid.houses[h].every((c) => c === cell || values[c])) {
        return step(FULL_HOUSE, words ? grid.cellName(cell) + " is the last empty cell of " + grid.houseNames[h] +
                    ", which lacks only " + SYMBOLS[d - 1] : "", [[cell, d]], []);
      }
    }
    return step(NAKED_SINGLE, words ? SYMBOLS[d - 1] + " is the only digit its row, column and box leave for " +
                grid.cellName(cell) : "", [[cell, d]], []);
  }
  function hiddenStep(st, house, cell, d, words) {
    const grid = st.grid;
    return step(grid.houseKinds[house] === "box" ? HIDDEN_BOX : HIDDEN_LINE,
                words ? "in " + grid.houseNames[house] + ", " + SYMBOLS[d - 1] + " can go only in " + grid.cellName(cell) : "",
                [[cell, d]], []);
  }
  /** Every single of the moment, each named by the cheapest technique that fills it, in the
      order full house, naked single, hidden single (box), hidden single (row/column), then by cell. */
  function allSingles(st, words) {
    const steps = [];
    for (const c of nakedSingleCells(st)) steps.push(nakedStep(st, c, digitOfBit(st.cands[c]), words));
    for (const [c, h, d] of hiddenSingleCells(st, boxesRowsColumns(st.grid))) {
      const m = st.cands[c];
      if (m & (m - 1)) steps.push(hiddenStep(st, h, c, d, words));
    }
    return steps.sort((a, b) => SINGLE_ORDER[a.technique] - SINGLE_ORDER[b.technique] || a.placements[0][0] - b.placements[0][0]);
  }

  /* ---- locked candidates ---- */
  function locked(st, pointing, words) {
    const grid = st.grid, cands = st.cands;
    for (const [box, line, common, boxRest, lineRest] of grid.intersections) {
      const source = pointing ? box : line, target = pointing ? line : box;
      const sourceRest = pointing ? boxRest : lineRest, targetRest = pointing ? lineRest : boxRest;
      let inside = 0, outside = 0;
      for (const c of common) inside |= cands[c];
      for (const c of sourceRest) outside |= cands[c];
      let only = inside & ~outside;
      while (only) {
        const bit = only & -only;
        only ^= bit;
        const d = digitOfBit(bit), removed = [];
        for (const c of targetRest) if (cands[c] & bit) removed.push([c, d]);
        if (!removed.length) continue;
        const s = SYMBOLS[d - 1];
        return step(pointing ? POINTING : CLAIMING, words ? "in " + grid.houseNames[source] + ", " + s + " can only be where it meets " +
                    grid.houseNames[target] + ", so " + s + " goes nowhere else in " + grid.houseNames[target] : "", [], removed);
      }
    }
    return null;
  }

  /* ---- subsets ---- */
  /** Call visit(chosen) for each k-combination of items in lexicographic order until it returns a value. */
  function combinations(items, k, visit) {
    const chosen = [];
    function pick(start) {
      if (chosen.length === k) return visit(chosen);
      for (let i = start; i <= items.length - (k - chosen.length); i++) {
        chosen.push(items[i]);
        const found = pick(i + 1);
        chosen.pop();
        if (found) return found;
      }
      return null;
    }
    return pick(0);
  }
  function nakedSubset(st, size, words) {
    const grid = st.grid, cands = st.cands;
    for (let h = 0; h < grid.houses.length; h++) {
      const open = grid.houses[h].filter((c) => cands[c]);
      if (open.length <= size) continue;
      const small = open.filter((c) => popcount(cands[c]) <= size);
      const found = combinations(small, size, (group) => {
        let union = 0;
        for (const c of group) union |= cands[c];
        if (popcount(union) !== size) return null;
        const removed = [];
        for (const c of open) if (group.indexOf(c) < 0 && cands[c] & union) for (const d of digitsOf(cands[c] & union)) removed.push([c, d]);
        if (!removed.length) return null;
        return step("Naked " + SIZE_NAMES[size], words ? cellList(grid, group) + " hold only " + digitList(digitsOf(union)) +
                    " between them, so no other cell of " + grid.houseNames[h] + " can" : "", [], removed);
      });
      if (found) return found;
    }
    return null;
  }
  function hiddenSubset(st, size, words) {
    const grid = st.grid, cands = st.cands, n = grid.n;
    for (let h = 0; h < grid.houses.length; h++) {
      const cells = grid.houses[h];
      const where = new Int32Array(n + 1);  // per digit, its places in the house (bit i: the house's i-th cell)
      let open = 0;
      for (let i = 0; i < cells.length; i++) {
        let m = cands[cells[i]];
        if (m) open |= 1 << i;
        for (let d = 1; m; d++, m >>>= 1) if (m & 1) where[d] |= 1 << i;
      }
      if (popcount(open) <= size) continue;
      const few = [];
      for (let d = 1; d <= n; d++) if (where[d] && popcount(where[d]) <= size) few.push(d);
      const found = combinations(few, size, (digits) => {
        let spots = 0, keep = 0;
        for (const d of digits) { spots |= where[d]; keep |= 1 << (d - 1); }
        if (popcount(spots) !== size) return null;
        const group = [], removed = [];
        for (let i = 0; i < cells.length; i++) if (spots >> i & 1) group.push(cells[i]);
        for (const c of group) for (const d of digitsOf(cands[c] & ~keep)) removed.push([c, d]);
        if (!removed.length) return null;
        return step("Hidden " + SIZE_NAMES[size], words ? "in " + grid.houseNames[h] + ", " + digitList(digits) + " fit only in " +
                    cellList(grid, group) + ", so those cells hold nothing else" : "", [], removed);
      });
      if (found) return found;
    }
    return null;
  }

  /** The techniques beyond singles, in the order sudokuprint/logic tries those of levels 1-3. */
  const TECHNIQUES = [
    (st, w) => locked(st, true, w),
    (st, w) => locked(st, false, w),
    (st, w) => nakedSubset(st, 2, w),
    (st, w) => hiddenSubset(st, 2, w),
    (st, w) => nakedSubset(st, 3, w),
    (st, w) => hiddenSubset(st, 3, w),
    (st, w) => nakedSubset(st, 4, w),
    (st, w) => hiddenSubset(st, 4, w),
  ];
  function techniqueStep(st, words) {
    for (const find of TECHNIQUES) {
      const found = find(st, words);
      if (found) return found;
    }
    return null;
  }

  /** The solve of sudokuprint/logic with the techniques of levels 1-3: {steps, moves, solved}
      (steps with technique, explanation, placements and eliminations as [cell, digit] pairs). */
  function solvePath(grid, values, words) {
    const st = new State(grid, values), steps = [];
    let moves = 0;
    while (!st.solved()) {
      const singles = allSingles(st, words !== false);
      if (singles.length) {
        moves++;
        for (const s of singles) { st.apply(s); steps.push(s); }
        continue;
      }
      const found = techniqueStep(st, words !== false);
      if (!found) break;
      st.apply(found);
      steps.push(found);
    }
    return { steps: steps, moves: moves, solved: st.solved() };
  }

  /** Naked singles (and, with boxHidden, box hidden singles when no naked single is left) until stuck. */
  function singlesSolve(st, boxHidden) {
    const boxOrder = boxes(st.grid);
    for (;;) {
      let fills = nakedSingleCells(st).map((c) => [c, digitOfBit(st.cands[c])]);
      if (!fills.length && boxHidden) fills = hiddenSingleCells(st, boxOrder).map((f) => [f[0], f[2]]);
      if (!fills.length) return st.solved();
      for (const [c, d] of fills) {
        if (!(st.cands[c] >> (d - 1) & 1)) return false;
        st.place(c, d);
      }
    }
  }

  /** True when the techniques of `level` (1, 2 or 3) solve the puzzle. */
  function solvesAt(grid, values, level) {
    if (level >= 3) return solvePath(grid, values, false).solved;
    return singlesSolve(new State(grid, values), level === 2);
  }

  /** The SVD level (1-4) of a puzzle with one solution. */
  function levelOf(grid, values) {
    for (let level = 1; level <= 3; level++) if (solvesAt(grid, values, level)) return level;
    return 4;
  }

  /** The next step from a position: its values (givens and the player's right digits), less the
      candidates in `removed` ([cell, digit] pairs shown before); an elimination the player's marks
      already make (`reflected(step)` true) is taken as made. Null when nothing here finds a step. */
  function nextStep(grid, values, removed, reflected) {
    const st = new State(grid, values);
    for (const [c, d] of removed || []) st.eliminate(c, d);
    for (let guard = 0; guard < 4 * grid.count * grid.n; guard++) {
      if (st.solved()) return null;
      const singles = allSingles(st, true);
      const found = singles.length ? singles[0] : techniqueStep(st, true);
      if (!found) return null;
      if (found.placements.length || !reflected || !reflected(found)) return found;
      st.apply(found);
    }
    return null;
  }

  /** "r1c2=5; r3c4<>78", as sudokuprint's Step.changes writes it. */
  function changes(grid, s) {
    const parts = s.placements.map(([c, d]) => grid.cellName(c) + "=" + SYMBOLS[d - 1]);
    const byCell = new Map();
    for (const [c, d] of s.eliminations) { if (!byCell.has(c)) byCell.set(c, []); byCell.get(c).push(d); }
    for (const [c, ds] of [...byCell].sort((a, b) => a[0] - b[0])) {
      parts.push(grid.cellName(c) + "<>" + ds.sort((a, b) => a - b).map((d) => SYMBOLS[d - 1]).join(""));
    }
    return parts.join("; ");
  }
  /** One line a person reads: "technique: changes — why". */
  function stepText(grid, s) { return s.technique + ": " + changes(grid, s) + " \u2014 " + s.explanation; }

  Object.assign(lib, {
    LEVEL_NAMES: { 1: "Easy", 2: "Medium", 3: "Hard", 4: "Expert" }, State, solvePath, solvesAt, levelOf,
    nextStep, changes, stepText,
  });
}
