/* sudokuprint HTML edition: the page (the list of games, new games, the daily puzzle, links,
   statistics, theme, printing) and its JavaScript API, window.sudokuprint:
     newGame({size, level, seed}) -> Promise of current()   a new puzzle, made in the page
     daily({date})                -> Promise of current()   the puzzle of a date (default today)
     load(puzzleString)           -> current()              opens a puzzle (throws Error saying why not)
     current()                    -> {givens, values, size, level, levelName, box, puzzle, solved, mistakes}
   givens and values are the standard string (docs/formats.md §1), or one string per row above 9x9.
   A link page.html#p=<puzzle> opens that puzzle; #N opens puzzle N of the collection. */
(function () {
  const DATA = JSON.parse(document.getElementById("sudokuprint-data").textContent);
  const codec = sudokuprintCodec(DATA);
  const lib = sudokuprintEngine();
  const make = sudokuprintMaker(lib);
  const store = sudokuprintStore();
  const dialogs = sudokuprintDialogs();
  const SYMBOLS = lib.SYMBOLS;
  const LEVELS = { Easy: 1, Medium: 2, Hard: 3, Expert: 4 };
  const $ = (id) => document.getElementById(id);

  /* ---- the games: the collection's, then those made here ---- */
  const entries = [];
  let at = -1, linkProblem = "";
  DATA.puzzles.forEach((p, i) => entries.push({
    kind: "collection", index: i, id: p.id, box: p.box, g: p.g, caption: "Puzzle " + p.n, number: p.n,
    level: p.level, levelNumber: LEVELS[p.level] || null, label: p.label, unique: p.unique,
    hints: Array.isArray(p.h) ? "path" : p.h === "page" ? "page" : null, h: p.h,
    solution: () => codec.parseValues(new TextDecoder().decode(codec.reveal(p.sol))),
  }));
  store.made().forEach((m) => entries.push(madeEntry(m)));

  function madeEntry(m) {
    const grid = lib.shape(m.box[0], m.box[1]);
    let known = null;
    return {
      kind: m.kind, id: m.id, box: m.box, g: m.g, date: m.date, level: lib.LEVEL_NAMES[m.level] || null, levelNumber: m.level,
      caption: m.kind === "daily" ? "Daily puzzle " + m.date : m.kind === "link" ? "Shared puzzle" : "New game",
      unique: true, hints: "page", h: null, record: m,
      solution: () => known || (known = lib.analyse(grid, codec.parseValues(m.g)).solution),
    };
  }
  /** A made game's id: its shape and givens, hashed. */
  function madeId(box, g) {
    const text = box[0] + "x" + box[1] + ":" + g;
    return "g" + lib.hash(text).toString(16).padStart(8, "0") + lib.hash(text + "#").toString(16).padStart(8, "0");
  }
  function addMade(record) {
    const found = entries.findIndex((e) => e.id === record.id);
    if (found >= 0) return found;
    store.addMade(record);
    entries.push(madeEntry(record));
    refreshList();
    return entries.length - 1;
  }

  const play = sudokuprintPlay({
    lib: lib, codec: codec, store: store, view: sudokuprintBoard(SYMBOLS), confirm: dialogs.confirm,
    solved: (entry, ms) => { if (entry.levelNumber) store.recordSolve(entry.box[0] * entry.box[1], entry.levelNumber, ms); },
    revealed: (entry) => { if (entry.levelNumber) store.recordReveal(entry.box[0] * entry.box[1], entry.levelNumber); },
    changed: () => refreshList(),
    step: (by) => go(at + by),
  });

  /* ---- the list ---- */
  function optionText(entry) {
    const record = store.progress(entry.id) || {};
    const solved = record.d && !record.r ? " \u2713" : "";  // solved, not revealed
    if (entry.kind === "collection") return String(entry.number) + solved;
    const n = entry.box[0] * entry.box[1];
    const what = entry.kind === "daily" ? "Daily " + entry.date : (entry.kind === "link" ? "Shared " : "New ") + n + "\u00d7" + n;
    return what + (entry.level ? " " + entry.level : "") + solved;
  }
  function refreshList() {
    const pick = $("pick");
    pick.textContent = "";
    const mine = document.createElement("optgroup");
    mine.label = "Your games";
    entries.forEach((entry, i) => {
      const option = document.createElement("option");
      option.value = entry.kind === "collection" ? String(entry.index + 1) : "m" + i;
      option.textContent = optionText(entry);
      (entry.kind === "collection" ? pick : mine).appendChild(option);
    });
    if (mine.childElementCount) pick.appendChild(mine);
    $("of").textContent = DATA.puzzles.length ? "of " + DATA.puzzles.length : "";
    if (at >= 0) pick.selectedIndex = at;
  }

  function go(index) {
    if (!entries.length) return;
    at = Math.max(0, Math.min(entries.length - 1, index));
    const entry = entries[at];
    play.open(entry);
    $("pick").selectedIndex = at;
    $("prev").disabled = at === 0;
    $("next").disabled = at === entries.length - 1;
    store.write("last:" + DATA.key, entry.kind === "collection" ? "c" + entry.index : "m" + entry.id);
    const hash = entry.kind === "collection" ? "#" + entry.number : "#p=" + entry.g;
    if (location.hash !== hash) history.replaceState(null, "", hash);
  }

  /* ---- new games, the daily puzzle, links ---- */
  function busy(text) {
    $("making").textContent = text;
    $("new-game").disabled = $("daily").disabled = !!text;
  }
  function levelNumber(level) {
    const number = typeof level === "string" && LEVELS[level[0].toUpperCase() + level.slice(1).toLowerCase()] || Number(level);
    if (![1, 2, 3, 4].includes(number)) throw new Error("a level is 1-4 or Easy, Medium, Hard, Expert, not " + JSON.stringify(level));
    return number;
  }
  function makeAndOpen(n, level, seed, record) {
    busy("Making a " + n + "\u00d7" + n + " " + lib.LEVEL_NAMES[level] + " puzzle\u2026");
    return make({ n: n, level: level, seed: seed }).then((made) => {
      busy("");
      const grid = lib.shapeForSide(n), g = lib.toText(made.values), box = [grid.bw, grid.bh];
      go(addMade(Object.assign({ id: madeId(box, g), g: g, box: box, level: made.level, at: Date.now() }, record)));
      return play.current();
    }, (error) => { busy(""); throw error; });
  }
  function newGame(options) {
    options = options || {};
    try {
      const n = Number(options.size || 9), level = levelNumber(options.level || 2);
      if (!lib.SIZES.includes(n)) throw new Error("a size is one of " + lib.SIZES.join(", ") + ", not " + JSON.stringify(options.size));
      if (!lib.levelsFor(n).includes(level)) throw new Error("a " + n + "x" + n + " is never harder than " + lib.LEVEL_NAMES[Math.max(...lib.levelsFor(n))]);
      const seed = options.seed === undefined ? Math.floor(Math.random() * 4294967296) : options.seed;
      return makeAndOpen(n, level, seed, { kind: "new" });
    } catch (error) {
      return Promise.reject(error);
    }
  }
  /** The day's puzzle: a 9x9 seeded by the date, Easy on Mondays, Medium on Tuesdays and
      Wednesdays, Hard on Thursdays and Fridays, Expert at the weekend. */
  function daily(options) {
    const date = (options && options.date) || today();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || isNaN(Date.parse(date))) return Promise.reject(new Error("a date is YYYY-MM-DD, not " + JSON.stringify(date)));
    const found = entries.findIndex((e) => e.kind === "daily" && e.date === date);
    if (found >= 0) { go(found); return Promise.resolve(play.current()); }
    const weekday = new Date(date + "T12:00:00Z").getUTCDay();
    const level = [4, 1, 2, 2, 3, 3, 4][weekday];
    return makeAndOpen(9, level, "sudokuprint daily " + date, { kind: "daily", date: date });
  }
  function today() {
    const now = new Date();
    return now.getFullYear() + "-" + String(now.getMonth() + 1).padStart(2, "0") + "-" + String(now.getDate()).padStart(2, "0");
  }
  /** Open a puzzle string (the collection's own entry when it has it). */
  function load(text) {
    const parsed = lib.parsePuzzle(text);
    const grid = parsed.shape, problem = lib.conflict(grid, parsed.values);
    if (problem) throw new Error("not a valid puzzle: " + problem);
    const found = lib.analyse(grid, parsed.values);
    if (found.count === 0) throw new Error("this puzzle has no solution");
    if (found.count > 1) throw new Error("this puzzle has more than one solution");
    const g = lib.toText(parsed.values), box = [grid.bw, grid.bh];
    let index = entries.findIndex((e) => e.g === g && e.box[0] === box[0] && e.box[1] === box[1]);
    if (index < 0) index = addMade({ id: madeId(box, g), g: g, box: box, level: lib.levelOf(grid, parsed.values), kind: "link", at: Date.now() });
    go(index);
    return play.current();
  }
  /** Open what the address names: true when it did; a link that cannot be opened says why. */
  function fromHash() {
    const hash = decodeURIComponent(location.hash.slice(1));
    if (hash.startsWith("p=")) {
      try { load(hash.slice(2)); } catch (error) {
        linkProblem = "The link's puzzle cannot be opened: " + error.message;
        $("message").textContent = linkProblem;
        return false;
      }
      return true;
    }
    const n = Number(hash);
    const index = entries.findIndex((e) => e.kind === "collection" && e.number === n);
    if (hash && index >= 0) { if (index !== at) go(index); return true; }
    return false;
  }

  /* ---- statistics, options, theme ---- */
  function showStatistics() {
    const all = store.stats(), rows = [];
    const keys = Object.keys(all).sort((a, b) => a.split(":")[0] - b.split(":")[0] || a.split(":")[1] - b.split(":")[1]);
    for (const key of keys) {
      const s = all[key], [n, level] = key.split(":");
      rows.push([n + "\u00d7" + n + " " + (lib.LEVEL_NAMES[level] || level), String(s.solved), s.best === null ? "\u2014" : play.clock(s.best),
                 s.solved ? play.clock(s.time / s.solved) : "\u2014", String(s.streak), String(s.bestStreak)]);
    }
    dialogs.statistics(rows);
  }
  const DARK = window.matchMedia("(prefers-color-scheme: dark)");
  function applyTheme() {
    const chosen = store.settings().theme;
    const dark = chosen === "dark" || (chosen !== "light" && DARK.matches);
    document.documentElement.dataset.theme = dark ? "dark" : "light";
    $("theme").setAttribute("aria-pressed", dark ? "true" : "false");
  }
  function toggleTheme() {
    const dark = $("theme").getAttribute("aria-pressed") !== "true";
    store.setSetting("theme", dark === DARK.matches ? "auto" : dark ? "dark" : "light");  // as the system says: follow it again
    applyTheme();
  }
  function levelChoices() {
    const n = Number($("new-size").value), levels = lib.levelsFor(n);
    for (const option of $("new-level").options) {
      option.disabled = !levels.includes(Number(option.value));
      option.title = option.disabled ? "a " + n + "\u00d7" + n + " is never harder than " + lib.LEVEL_NAMES[Math.max(...levels)] : "";
    }
    if (!levels.includes(Number($("new-level").value))) $("new-level").value = String(Math.max(...levels));
  }

  /* ---- controls ---- */
  $("prev").addEventListener("click", () => go(at - 1));
  $("next").addEventListener("click", () => go(at + 1));
  $("pick").addEventListener("change", () => go($("pick").selectedIndex));
  $("new-size").addEventListener("change", levelChoices);
  $("new-game").addEventListener("click", () => {
    newGame({ size: Number($("new-size").value), level: Number($("new-level").value) })
      .catch((error) => { $("making").textContent = error.message; });
  });
  $("daily").addEventListener("click", () => daily().catch((error) => { $("making").textContent = error.message; }));
  $("stats-open").addEventListener("click", showStatistics);
  $("theme").addEventListener("click", toggleTheme);
  DARK.addEventListener("change", applyTheme);
  const settings = store.settings();
  $("opt-auto-remove").checked = settings.autoRemove;
  $("opt-instant").checked = settings.instant;
  $("opt-auto-remove").addEventListener("change", (e) => { store.setSetting("autoRemove", e.target.checked); play.setSettings({ autoRemove: e.target.checked }); });
  $("opt-instant").addEventListener("change", (e) => { store.setSetting("instant", e.target.checked); play.setSettings({ instant: e.target.checked }); });
  $("print-one").addEventListener("click", () => { document.body.classList.remove("print-all"); window.print(); });
  $("print-all").addEventListener("click", () => {
    sudokuprintPrintSheet(DATA, $("print-sheet"));
    document.body.classList.add("print-all");
    window.print();
  });
  $("print-all").hidden = !DATA.puzzles.length;
  window.addEventListener("afterprint", () => document.body.classList.remove("print-all"));
  window.addEventListener("hashchange", fromHash);

  /* ---- start ---- */
  applyTheme();
  levelChoices();
  refreshList();
  if (!fromHash()) {
    const last = String(store.read("last:" + DATA.key, ""));
    let index = 0;
    if (/^c\d+$/.test(last) || /^\d+$/.test(last)) index = Math.min(Number(last.replace("c", "")), DATA.puzzles.length - 1);
    else if (last[0] === "m") index = Math.max(0, entries.findIndex((e) => e.id === last.slice(1)));
    const said = () => { if (linkProblem) $("message").textContent = linkProblem; };
    if (entries.length) { go(index); said(); }
    else newGame({ size: 9, level: 2 }).then(said, (error) => { $("making").textContent = error.message; });
  }
  if (window.performance && performance.mark) performance.mark("sudokuprint-ready");
  window.sudokuprint = {
    newGame: newGame, daily: daily, load: load, current: play.current,
    game: play.game, open: (index) => go(index), engine: lib,
  };
})();
