/* sudokuprint HTML edition, engine part 4: new puzzles of a chosen size and level.
   A random complete grid (the solver filling an empty grid, digits in random order), then givens
   taken away in a random order. Levels are made exact by digging in two stages: first while the
   techniques of the level below still solve the puzzle, until no given can go; then while those
   of the level asked still do (level 4: while the puzzle keeps one solution). A puzzle the lower
   techniques solve keeps being solved by them when givens are added, so once one given goes in
   the second stage, the lower level no longer solves it: the puzzle is exactly at the level
   asked. Logic that solves a puzzle proves its solution unique, so levels 1-3 need no search.
   The second stage goes on over every cell, except for a level-4 puzzle above 9x9: one given
   taken is enough, and proving uniqueness for each of a 16x16's givens takes seconds. */
"use strict";
function sudokuprintGenerator(lib) {
  const UNIQUE_NODES = 8;  // a uniqueness check gives up (keeping the given) after 8 branches a cell
  /** A string's 32-bit hash (FNV-1a), the seed of a random stream. */
  function hash(text) {
    let h = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) { h ^= text.charCodeAt(i); h = Math.imul(h, 0x01000193); }
    return h >>> 0;
  }
  /** A seeded random stream of numbers in [0, 1) (mulberry32): the same seed, the same puzzles. */
  function random(seed) {
    let a = typeof seed === "number" ? seed >>> 0 : hash(String(seed));
    return function () {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }
  function shuffle(items, rng) {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      const t = items[i]; items[i] = items[j]; items[j] = t;
    }
    return items;
  }

  /** Take away the givens of `order` one by one while keep(values) stays true; how many went. */
  function dig(values, order, keep) {
    let taken = 0;
    for (const cell of order) {
      const d = values[cell];
      if (!d) continue;
      values[cell] = 0;
      if (keep(values)) taken++;
      else values[cell] = d;
    }
    return taken;
  }

  /** The levels that exist at a size: naked singles solve every 4x4 with one solution (all
      13,579,680 of them: benchmarks/html_games.py --all-4x4 counts them). */
  function levelsFor(n) { return n === 4 ? [1] : [1, 2, 3, 4]; }

  /** A new puzzle: {values (givens), solution, level, attempts}. Throws for a level the size lacks. */
  function generate(grid, level, rng) {
    if (levelsFor(grid.n).indexOf(level) < 0) {
      throw new Error("no " + grid.n + "x" + grid.n + " puzzle is " + lib.LEVEL_NAMES[level] + " (level " + level + "): " +
                      "the levels at this size are " + levelsFor(grid.n).join(", "));
    }
    const solvedBy = (at) => (values) => lib.solvesAt(grid, values, at);
    const unique = (values) => lib.countSolutions(grid, values, 2, UNIQUE_NODES * grid.count) === 1;
    const keep = level < 4 ? solvedBy(level) : unique;
    for (let attempt = 1; ; attempt++) {
      const solution = lib.randomGrid(grid, rng);
      const values = solution.slice();
      const order = shuffle(Array.from({ length: grid.count }, (_, i) => i), rng);
      if (level > 1 && !digBelow(values, order, solvedBy(level - 1), keep)) continue;
      if (level < 4 || grid.n <= 9) dig(values, order, keep);
      return { values: values, solution: solution, level: level, attempts: attempt };
    }
  }

  /** The first stage: take givens away while the lower level solves the puzzle, until one goes
      that the lower level needed but `keep` allows (true), or none such is left (false). */
  function digBelow(values, order, lower, keep) {
    for (const cell of order) {
      const d = values[cell];
      values[cell] = 0;
      if (lower(values)) continue;
      if (keep(values)) return true;
      values[cell] = d;
    }
    return false;
  }

  Object.assign(lib, {
    hash, random, shuffle, levelsFor, generate,
  });
}
