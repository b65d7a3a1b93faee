/* sudokuprint HTML edition: questions and tables in the page itself (a <dialog>, never the
   browser's blocking confirm()): confirm(text, yes) -> Promise of true or false; statistics. */
"use strict";
function sudokuprintDialogs() {
  const $ = (id) => document.getElementById(id);
  let answer = null;

  function confirm(text, yes) {
    if (answer) answer(false);
    $("confirm-text").textContent = text;
    $("confirm-yes").textContent = yes;
    $("confirm").showModal();
    $("confirm-no").focus();
    return new Promise((resolve) => { answer = resolve; });
  }
  function close(value) {
    const resolve = answer;
    answer = null;
    if ($("confirm").open) $("confirm").close();
    if (resolve) resolve(value);
  }
  $("confirm-yes").addEventListener("click", () => close(true));
  $("confirm-no").addEventListener("click", () => close(false));
  $("confirm").addEventListener("cancel", () => close(false));  // Escape

  /** The statistics table: rows of [size and level, solved, best, average, streak, best streak]. */
  function statistics(rows) {
    const body = $("stats-body");
    body.textContent = "";
    for (const row of rows) {
      const tr = document.createElement("tr");
      row.forEach((text, i) => {
        const cell = document.createElement(i ? "td" : "th");
        if (!i) cell.scope = "row";
        cell.textContent = text;
        tr.appendChild(cell);
      });
      body.appendChild(tr);
    }
    $("stats-empty").hidden = rows.length > 0;
    $("stats").showModal();
    $("stats-close").focus();
  }
  $("stats-close").addEventListener("click", () => $("stats").close());

  return { confirm: confirm, statistics: statistics };
}
