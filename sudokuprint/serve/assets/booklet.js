// sudokuprint serve: the booklet form. The server makes the puzzles and the PDF; this page shows its progress.
"use strict";

const token = new URLSearchParams(location.search).get("token");
const $ = (id) => document.getElementById(id);
const headers = token ? { "X-Sudokuprint-Token": token } : {};
const tail = token ? `?token=${encodeURIComponent(token)}` : "";

function showError(text) { $("error").textContent = text; $("error").hidden = !text; }

async function answer(response) {
  const data = await response.json().catch(() => ({ message: `the server answered ${response.status}` }));
  if (!response.ok) throw new Error(data.message || `the server answered ${response.status}`);
  return data;
}

async function loadTemplates() {
  const data = await answer(await fetch("/api/templates", { headers }));
  const select = $("template");
  for (const name of data.templates) {
    const option = document.createElement("option");
    option.value = name;
    option.textContent = name;
    option.selected = name === data.default;
    select.append(option);
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function follow(job) {
  for (;;) {
    $("bar").value = Math.round(job.progress * 100);
    $("progress-text").textContent = job.state === "done" ? `Done: ${job.pages} pages` : `${job.step}…`;
    if (job.state === "done") return job;
    if (job.state === "failed") throw new Error(job.message);
    await sleep(400);
    job = await answer(await fetch(job.url, { headers }));
  }
}

$("form").addEventListener("submit", async (event) => {
  event.preventDefault();
  showError("");
  $("done").hidden = true;
  $("make").disabled = true;
  $("progress").hidden = false;
  const body = {
    count: Number($("count").value), level: $("level").value, template: $("template").value, title: $("title").value,
  };
  try {
    const job = await follow(await answer(await fetch("/api/booklet", {
      method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify(body),
    })));
    const link = $("download");
    link.href = job.pdf + tail;
    link.textContent = `Download the booklet (${job.pages} pages)`;
    $("done").hidden = false;
    link.click();
  } catch (error) {
    showError(error.message);
  } finally {
    $("make").disabled = false;
  }
});

loadTemplates().catch((error) => showError(error.message));
