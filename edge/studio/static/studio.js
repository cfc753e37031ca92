// edge studio: send what is typed, show the newest answer only. No framework: the server
// renders every fragment; this script only posts forms and swaps the fragments in.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const text = $("text"), lines = $("lines"), result = $("result"), state = $("state");
  const paysForm = $("pays"), fileForm = $("file");
  let latest = 0, outcomes = null, timer = null, pending = null, errorLine = null;
  // this page's name for the server: its analyses run one at a time, the older ended
  const page = (crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2));

  function numberLines() {
    if (!text) return;                                 // one of edge's games: no file
    const count = text.value.split("\n").length;
    let out = "";
    for (let n = 1; n <= count; n++) {
      out += (n === errorLine ? "<b>" + n + "</b>" : String(n)) + "\n";
    }
    lines.innerHTML = out;
  }
  if (text) text.addEventListener("scroll", () => { lines.scrollTop = text.scrollTop; });

  // whether a pay box holds other than the file's pay (the report then takes the pays typed)
  function paysChanged() {
    return Array.from(paysForm.querySelectorAll("input[data-file-pay]"))
      .some((box) => box.value.trim() !== box.dataset.filePay) ? "1" : "";
  }

  function body(extra) {
    const data = new FormData(fileForm);
    for (const [key, value] of new FormData(paysForm)) data.append(key, value);
    for (const [key, value] of Object.entries(extra || {})) data.append(key, value);
    data.append("page", page);
    return data;
  }

  async function analyse(resetPays) {
    const seq = ++latest;
    const asked = edits;                        // the input this answer is of
    if (pending) pending.abort();
    pending = new AbortController();
    result.classList.add("stale");
    const started = Date.now();
    let finished = false;
    state.textContent = "working...";
    const clock = setInterval(async () => {
      if (finished || seq !== latest) return;
      let shown = "working... " + Math.round((Date.now() - started) / 1000) + " s";
      const data = new FormData();
      data.append("page", page);
      const found = await (await fetch("progress", {method: "POST", body: data})).json();
      if (found.total) {
        shown += ": " + found.label + " " + Math.floor(100 * found.done / found.total) + "%";
      }
      if (!finished && seq === latest) state.textContent = shown;
    }, 1000);
    if (resetPays) paysForm.innerHTML = "";
    let answer;
    try {
      const response = await fetch("analyse", {method: "POST", body: body({seq: seq}),
                                                signal: pending.signal});
      answer = await response.json();
    } catch (error) {
      finished = true;
      clearInterval(clock);
      if (error.name !== "AbortError" && seq === latest) state.textContent = "no answer: " + error;
      return;
    }
    finished = true;
    clearInterval(clock);
    if (answer.superseded || Number(answer.seq) !== latest) return;   // newer input is on its way
    result.innerHTML = answer.result;
    result.dataset.seq = answer.seq;
    result.classList.toggle("stale", asked !== edits);   // typed since: the next is coming
    if (answer.ok && (resetPays || answer.outcomes !== outcomes)) {
      paysForm.innerHTML = answer.pays;
      outcomes = answer.outcomes;
    }
    if (answer.ok && $("charts-box").open) drawCharts(seq);
    errorLine = answer.error_line;
    numberLines();
    state.textContent = answer.ok ? "up to date" : "the file has an error";
    state.className = answer.ok ? "ok" : "bad";
  }

  // every answer of the input as it was (the table, its charts, a strategy or report shown)
  // is faded as soon as the input changes, until the newest answer replaces it
  const answers = ["result", "charts", "strategy-page", "report-preview"];
  let edits = 0;                                  // changes of the input, counted at once
  function fade() {
    edits++;
    for (const id of answers) $(id).classList.add("stale");
  }

  function soon(resetPays) {
    clearTimeout(timer);
    fade();
    timer = setTimeout(() => analyse(resetPays), 120);
  }

  if (text) {
    text.addEventListener("input", () => { numberLines(); soon(false); });
    $("decks").addEventListener("change", () => soon(false));
    $("name").addEventListener("input", () => soon(false));
  } else {
    $("bet").addEventListener("change", () => soon(true));
    $("options").addEventListener("input", () => soon(false));
  }
  paysForm.addEventListener("input", () => soon(false));
  paysForm.addEventListener("click", (event) => {
    if (event.target.id === "file-pays") soon(true);
  });

  result.addEventListener("click", (event) => {
    if (event.target.classList.contains("exact")) {
      const fraction = $("house-edge-exact");
      fraction.hidden = !fraction.hidden;
      event.target.setAttribute("aria-expanded", String(!fraction.hidden));
    }
    if (event.target.id === "strategy") showStrategy();
    if (event.target.id === "pin") {
      const copy = result.cloneNode(true);
      copy.removeAttribute("id");
      copy.querySelectorAll("[id]").forEach((node) => node.removeAttribute("id"));
      copy.querySelectorAll("button").forEach((node) => node.remove());
      $("pinned").innerHTML = "<h3>Pinned</h3>";
      $("pinned").appendChild(copy);
    }
  });

  $("tune").addEventListener("submit", async (event) => {
    event.preventDefault();
    $("tuned").textContent = "tuning...";
    const data = body();
    for (const [key, value] of new FormData($("tune"))) data.append(key, value);
    const response = await fetch("tune", {method: "POST", body: data});
    $("tuned").innerHTML = await response.text();
  });
  $("tuned").addEventListener("click", (event) => {
    if (!event.target.classList.contains("use")) return;
    const pays = JSON.parse(event.target.dataset.pays);
    for (const [outcome, pay] of Object.entries(pays)) {
      const box = paysForm.querySelector('input[data-outcome="' + outcome + '"]');
      if (box) box.value = pay;
    }
    soon(false);
  });

  if ($("save")) $("save").addEventListener("click", async () => {
    const response = await fetch("save", {method: "POST", body: body()});
    $("saved").textContent = await response.text();
  });

  function download(blob, name) {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
  }
  if ($("download-file")) $("download-file").addEventListener("click", () => {
    download(new Blob([text.value], {type: "text/plain"}), $("name").value);
  });
  document.querySelectorAll("button.report").forEach((button) => {
    button.addEventListener("click", async () => {
      state.textContent = "making the report...";
      const response = await fetch("report", {method: "POST",
                                              body: body({format: button.dataset.format,
                                                          changed: paysChanged()})});
      if (!response.ok) { state.textContent = await response.text(); return; }
      const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition"))[1];
      download(await response.blob(), name);
      state.textContent = "report downloaded";
    });
  });

  // the charts follow the table (drawn apart, so the table is never kept waiting for them)
  async function drawCharts(seq) {
    const asked = edits;
    const response = await fetch("charts", {method: "POST", body: body()});
    const made = await response.text();
    if (seq === latest && asked === edits) {
      $("charts").innerHTML = made;
      $("charts").classList.remove("stale");
    }
  }
  $("charts-box").addEventListener("toggle", () => {
    if ($("charts-box").open) drawCharts(latest);
  });

  async function showStrategy() {
    state.textContent = "solving the strategy...";
    const asked = edits;                        // the input this strategy is of
    const response = await fetch("strategy", {method: "POST", body: body()});
    if (!response.ok) { state.textContent = await response.text(); return; }
    const frame = $("strategy-page");
    frame.srcdoc = await response.text();       // sandboxed: it runs no script
    frame.hidden = false;
    frame.classList.toggle("stale", asked !== edits);
    state.textContent = "the strategy below is of the input as it was when asked";
  }

  $("preview").addEventListener("click", async () => {
    state.textContent = "making the report...";
    const asked = edits;                        // the input this report is of
    const response = await fetch("report", {method: "POST",
                                            body: body({format: "html", changed: paysChanged()})});
    if (!response.ok) { state.textContent = await response.text(); return; }
    const frame = $("report-preview");
    frame.srcdoc = await response.text();       // sandboxed: the report runs no script
    frame.hidden = false;
    frame.classList.toggle("stale", asked !== edits);
    state.textContent = "the report below is of the input as it was when asked";
  });

  numberLines();
  analyse(true);
})();
