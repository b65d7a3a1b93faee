/* sudokuprint HTML edition: "Print all" lays out the collection's title and every puzzle's givens
   as plain tables. */
"use strict";
function sudokuprintPrintSheet(DATA, sheet) {
  if (sheet.childElementCount) return;
  const title = document.createElement("h1");
  title.textContent = DATA.title;
  sheet.appendChild(title);
  for (const p of DATA.puzzles) {
    const bw = p.box[0], bh = p.box[1], n = bw * bh, cm = n > 9 ? 0.95 : 0.85;
    const figure = document.createElement("figure");
    const caption = document.createElement("figcaption");
    caption.textContent = "Puzzle " + p.n + (p.level ? " \u00b7 " + p.level : "") + (p.label ? " \u00b7 " + p.label : "");
    figure.appendChild(caption);
    const table = document.createElement("table");
    for (let r = 0; r < n; r++) {
      const tr = document.createElement("tr");
      if (r % bh === bh - 1 && r < n - 1) tr.className = "bB";
      for (let c = 0; c < n; c++) {
        const td = document.createElement("td");
        if (c % bw === bw - 1 && c < n - 1) td.className = "bR";
        td.style.width = td.style.height = cm + "cm";
        const ch = p.g[r * n + c];
        td.textContent = ch === "." ? "" : ch;
        tr.appendChild(td);
      }
      table.appendChild(tr);
    }
    figure.appendChild(table);
    sheet.appendChild(figure);
  }
}
