/* sudokuprint HTML edition, engine part 2: the bitmask solver of seed 001 (docs/formats.md §8).
   A board keeps the digits each row, column and box holds as masks, so a cell's candidates are
   full & ~(row | column | box). "Exclusion" fills a cell with one candidate (naked single),
   "uniqueness" a digit with one place in a house (hidden single); when both stall, trial
   branches on the cell with the fewest candidates, each branch on a copy of the board. */
"use strict";
function sudokuprintSolver(lib) {
  const digitOfBit = lib.digitOfBit, popcount = lib.popcount;
  const CONTRADICTION = -2, SOLVED = -1;

  /** A board of values with its house masks, or null when a house holds a digit twice. */
  function board(grid, values) {
    const s = { v: new Uint8Array(grid.count), r: new Int32Array(grid.n), c: new Int32Array(grid.n), b: new Int32Array(grid.n) };
    for (let cell = 0; cell < grid.count; cell++) {
      const d = values[cell];
      if (!d) continue;
      const bit = 1 << (d - 1);
      if ((s.r[grid.rowOf[cell]] | s.c[grid.colOf[cell]] | s.b[grid.boxOf[cell]]) & bit) return null;
      place(grid, s, cell, d);
    }
    return s;
  }
  function copy(s) {
    return { v: s.v.slice(), r: s.r.slice(), c: s.c.slice(), b: s.b.slice() };
  }
  function place(grid, s, cell, d) {
    const bit = 1 << (d - 1);
    s.v[cell] = d;
    s.r[grid.rowOf[cell]] |= bit; s.c[grid.colOf[cell]] |= bit; s.b[grid.boxOf[cell]] |= bit;
  }
  function candidates(grid, s, cell) {
    return grid.full & ~(s.r[grid.rowOf[cell]] | s.c[grid.colOf[cell]] | s.b[grid.boxOf[cell]]);
  }
  function held(grid, s, house) {
    const n = grid.n;
    return house < n ? s.r[house] : house < 2 * n ? s.c[house - n] : s.b[house - 2 * n];
  }

  /** Fill singles until none is left: SOLVED, CONTRADICTION, or the empty cell with fewest candidates.
      `cands` is scratch space, a mask per cell. */
  function propagate(grid, s, cands) {
    const v = s.v, count = grid.count, houses = grid.houses, full = grid.full;
    const rowOf = grid.rowOf, colOf = grid.colOf, boxOf = grid.boxOf, R = s.r, C = s.c, B = s.b;
    for (;;) {
      let progress = false, best = SOLVED, fewest = 99;
      for (let cell = 0; cell < count; cell++) {
        if (v[cell]) { cands[cell] = 0; continue; }
        const m = full & ~(R[rowOf[cell]] | C[colOf[cell]] | B[boxOf[cell]]);
        if (!m) return CONTRADICTION;
        cands[cell] = m;
        if (!(m & (m - 1))) { place(grid, s, cell, digitOfBit(m)); progress = true; continue; }
        if (fewest > 2) {
          const k = popcount(m);
          if (k < fewest) { fewest = k; best = cell; }
        }
      }
      if (progress) continue;
      if (best === SOLVED) return SOLVED;
      for (let h = 0; h < houses.length; h++) {
        let once = 0, twice = 0;
        const cells = houses[h];
        for (let i = 0; i < cells.length; i++) { const m = cands[cells[i]]; twice |= once & m; once |= m; }
        if ((once | held(grid, s, h)) !== full) return CONTRADICTION;
        let single = once & ~twice;
        while (single) {
          const bit = single & -single;
          single ^= bit;
          let at = -1;
          for (let i = 0; i < cells.length; i++) if (cands[cells[i]] & bit) { at = cells[i]; break; }
          if (at < 0) return CONTRADICTION;  // its one place took another digit of this house
          place(grid, s, at, digitOfBit(bit));
          cands[at] = 0;
          const peers = grid.peers[at];
          for (let i = 0; i < peers.length; i++) cands[peers[i]] &= ~bit;  // keep the masks exact
          progress = true;
        }
      }
      if (!progress) return best;
    }
  }

  /** Count solutions up to limit; out.solution gets the first one found; rng (optional)
      shuffles the order digits are tried in; budget (see work) bounds the branches tried. */
  function search(grid, s, limit, out, rng, budget) {
    const cell = propagate(grid, s, budget.cands);
    if (cell === CONTRADICTION) return 0;
    if (cell === SOLVED) {
      if (out && !out.solution) out.solution = Array.from(s.v);
      return 1;
    }
    const digits = lib.digitsOf(candidates(grid, s, cell));  // read before the branches reuse the scratch
    if (rng) lib.shuffle(digits, rng);
    let total = 0;
    for (const d of digits) {
      if (--budget.nodes < 0) return total;
      const branch = copy(s);
      place(grid, branch, cell, d);
      total += search(grid, branch, limit - total, out, rng, budget);
      if (total >= limit) break;
    }
    return total;
  }

  /** A search's bound (nodes left) and scratch space. */
  function work(grid, nodes) { return { nodes: nodes, cands: new Int32Array(grid.count) }; }

  /** 0, 1 or limit (default 2: "two or more") solutions of a puzzle's values; with `nodes`, a
      search that tries more branches than that gives up and answers limit (not proved unique). */
  function countSolutions(grid, values, limit, nodes) {
    const s = board(grid, values), budget = work(grid, nodes || Infinity);
    if (!s) return 0;
    const count = search(grid, s, limit || 2, null, null, budget);
    return budget.nodes < 0 ? limit || 2 : count;
  }
  /** {count (0, 1 or 2 for two or more), solution (the first found, or null)}. */
  function analyse(grid, values) {
    const s = board(grid, values), out = { solution: null };
    const count = s ? search(grid, s, 2, out, null, work(grid, Infinity)) : 0;
    return { count: count, solution: out.solution };
  }
  /** A random complete grid (restarted when one fill takes too long). */
  function randomGrid(grid, rng) {
    for (;;) {
      const out = { solution: null };
      search(grid, board(grid, new Array(grid.count).fill(0)), 1, out, rng, work(grid, 20 * grid.count));
      if (out.solution) return out.solution;
    }
  }

  Object.assign(lib, {
    countSolutions, analyse, randomGrid,
  });
}
