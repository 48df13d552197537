// A game's live page: scores, history and state follow every change (server-sent events); on the
// editing page, a form built from the game's own event schemas (the OpenAPI document) records moves.
(() => {
  const script = document.currentScript;
  let game = JSON.parse(document.getElementById("initial").textContent);
  const editable = script.dataset.editable === "yes";
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get("key")) { localStorage.setItem("key:" + game.id, hash.get("key")); history.replaceState(null, "", location.pathname); }
  const key = localStorage.getItem("key:" + game.id);
  const text = (value) => document.createTextNode(String(value));
  let events = {};

  function render() {
    const table = document.getElementById("scores");
    table.replaceChildren();
    const head = table.insertRow();
    for (const label of ["Player", "Total", "Place"]) { const th = document.createElement("th"); th.append(text(label)); head.append(th); }
    for (const p of game.scores.players || []) {
      const row = table.insertRow();
      for (const value of [p.name, p.total, p.place]) row.insertCell().append(text(value));
    }
    document.getElementById("state").textContent = JSON.stringify(game.state, null, 2);
    if (editable) {
      document.getElementById("undo").disabled = !game.can_undo;
      document.getElementById("redo").disabled = !game.can_redo;
    }
    loadHistory();
  }

  async function loadHistory() {
    const after = Math.max(0, game.seq - 20);
    const response = await fetch(`/api/games/${game.id}/events?after=${after}`);
    if (!response.ok) return;
    const list = document.getElementById("history");
    list.replaceChildren();
    for (const e of (await response.json()).reverse()) {
      const item = document.createElement("li");
      item.value = e.seq;
      const what = e.type === "undo" || e.type === "redo" ? `${e.type} #${e.target}` : e.type.replaceAll("_", " ");
      item.append(text(`${what} ${Object.keys(e.payload).length ? JSON.stringify(e.payload) : ""}`));
      list.append(item);
    }
  }

  function field(name, schema) {
    const id = "field-" + name;
    const label = document.createElement("label");
    label.htmlFor = id;
    label.append(text(name.replaceAll("_", " ") + (schema.description ? ` (${schema.description})` : "")));
    let input;
    if (schema.enum) {
      input = document.createElement("select");
      schema.enum.forEach((v) => input.add(new Option(String(v), JSON.stringify(v))));
    } else if (schema.type === "integer" && /player|target|owner|from|to$/.test(name) && schema.maximum !== undefined) {
      input = document.createElement("select");
      game.players.forEach((p, i) => input.add(new Option(p, String(i))));
      input.dataset.kind = "integer";
    } else if (schema.type === "boolean") {
      input = document.createElement("input"); input.type = "checkbox"; input.dataset.kind = "boolean";
    } else {
      input = document.createElement("input");
      input.type = schema.type === "integer" ? "number" : "text";
      input.dataset.kind = schema.type;
      if (schema.type === "array") input.placeholder = "values separated by commas";
    }
    input.id = id; input.name = name;
    return [label, input];
  }

  function showFields() {
    const kind = document.getElementById("event-type").value;
    const schema = events[kind] || {properties: {}};
    document.getElementById("event-help").textContent = schema.description || "";
    const box = document.getElementById("event-fields");
    box.replaceChildren();
    for (const [name, spec] of Object.entries(schema.properties || {})) box.append(...field(name, spec));
  }

  function payload() {
    const out = {};
    for (const input of document.getElementById("event-fields").querySelectorAll("input, select")) {
      if (input.tagName === "SELECT" && input.dataset.kind !== "integer") { out[input.name] = JSON.parse(input.value); continue; }
      if (input.dataset.kind === "boolean") { out[input.name] = input.checked; continue; }
      if (input.value === "") continue;
      if (input.dataset.kind === "integer") out[input.name] = Number(input.value);
      else if (input.dataset.kind === "array") out[input.name] = input.value.split(",").map((s) => s.trim()).filter(Boolean).map((s) => (/^-?\d+$/.test(s) ? Number(s) : s));
      else out[input.name] = input.value;
    }
    return out;
  }

  async function write(path, body) {
    const response = await fetch(`/api/games/${game.id}/${path}`, {
      method: "POST", headers: {"Content-Type": "application/json", "Authorization": "Bearer " + key},
      body: JSON.stringify({based_on: game.seq, ...body}),
    });
    const answer = await response.json();
    const error = document.getElementById("error");
    if (response.ok) { game = answer; error.textContent = ""; }
    else if (response.status === 409) { game = answer.current; error.textContent = "Someone else changed the game first; you now see their change. Try again."; }
    else error.textContent = (answer.field ? answer.field + ": " : "") + answer.error;
    render();
  }

  if (editable) {
    fetch("/api/openapi.json").then((r) => r.json()).then((spec) => {
      const select = document.getElementById("event-type");
      for (const [name, schema] of Object.entries(spec.components.schemas)) {
        if (!name.startsWith(game.slug + ".")) continue;
        const kind = name.slice(game.slug.length + 1);
        events[kind] = schema;
        select.add(new Option(kind.replaceAll("_", " "), kind));
      }
      select.addEventListener("change", showFields);
      showFields();
    });
    document.getElementById("event").addEventListener("submit", (event) => {
      event.preventDefault();
      write("events", {type: document.getElementById("event-type").value, payload: payload()});
    });
    document.getElementById("undo").addEventListener("click", () => write("undo", {}));
    document.getElementById("redo").addEventListener("click", () => write("redo", {}));
  }

  const status = document.getElementById("connection");
  const source = new EventSource(`/api/games/${game.id}/stream?after=${game.seq}`);
  source.addEventListener("open", () => { status.textContent = "Live"; });
  source.addEventListener("error", () => { status.textContent = "Connection lost, retrying…"; });
  source.addEventListener("change", (message) => {
    const data = JSON.parse(message.data);
    if (data.game && data.game.seq >= game.seq) { game = data.game; render(); }
  });
  render();
})();
