/* sudokuprint HTML edition, engine part 5: the parts put together, and new games made off the page's
   thread. The engine's source (the functions of shape.js, solver.js, logic.js, generator.js and
   this file) also runs in a Web Worker made from a Blob, so a 16x16 in the making never freezes the
   board; where a worker cannot start, the page makes the game itself. Nothing is fetched. */
"use strict";
function sudokuprintEngine() {
  const lib = {};
  sudokuprintShape(lib);
  sudokuprintSolver(lib);
  sudokuprintLogic(lib);
  sudokuprintGenerator(lib);
  return lib;
}

/** Make one game from a request {n, level, seed}: {values, solution, level} or {error}. */
function sudokuprintMakeGame(lib, request) {
  try {
    const grid = lib.shapeForSide(request.n);
    if (!grid) throw new Error("no " + request.n + "x" + request.n + " grid: the sizes are " + lib.SIZES.join(", "));
    const made = lib.generate(grid, request.level, lib.random(request.seed));
    return { values: made.values, solution: made.solution, level: made.level };
  } catch (error) {
    return { error: error.message };
  }
}

/** The worker's side: answer each request with its game. */
function sudokuprintWorkerMain() {
  const lib = sudokuprintEngine();
  self.onmessage = (event) => self.postMessage(Object.assign({ id: event.data.id }, sudokuprintMakeGame(lib, event.data)));
}

/** make({n, level, seed}) -> Promise of {values, solution, level}; in a worker (started on the
    first call) when one starts, else here. */
function sudokuprintMaker(lib) {
  const waiting = new Map();
  let worker = null, tried = false, next = 1;
  function start() {
    tried = true;
    try {
      const parts = [sudokuprintShape, sudokuprintSolver, sudokuprintLogic, sudokuprintGenerator, sudokuprintEngine,
                     sudokuprintMakeGame, sudokuprintWorkerMain];
      const source = '"use strict";\n' + parts.map(String).join("\n") + "\nsudokuprintWorkerMain();\n";
      const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
      worker = new Worker(url);
      URL.revokeObjectURL(url);
    } catch (error) {
      worker = null;
      return;
    }
    worker.onmessage = (event) => {
      const job = waiting.get(event.data.id);
      waiting.delete(event.data.id);
      if (job) settle(job, event.data);
    };
    worker.onerror = (event) => {  // the worker could not run: make the waiting games here
      event.preventDefault();
      worker = null;
      for (const [id, job] of waiting) { waiting.delete(id); later(job); }
    };
  }
  function settle(job, answer) {
    if (answer.error) job.reject(new Error(answer.error)); else job.resolve(answer);
  }
  function later(job) {
    setTimeout(() => settle(job, sudokuprintMakeGame(lib, job.request)), 0);
  }
  return function make(request) {
    if (!tried) start();
    return new Promise((resolve, reject) => {
      const job = { request: request, resolve: resolve, reject: reject };
      if (!worker) { later(job); return; }
      const id = next++;
      waiting.set(id, job);
      worker.postMessage(Object.assign({ id: id }, request));
    });
  };
}
