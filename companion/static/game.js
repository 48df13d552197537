// A game's live page (and its spectator view): the panel (scores and the game's trackers, rendered by the
// server) is fetched again after every change another phone makes (server-sent events, polling as the
// fallback). On the play page, buttons and small forms record the game's moves; a stale write (409) keeps
// the player's change, shows what changed, and offers to send it again.
(() => {
  const root = document.getElementById("game");
  const id = root.dataset.id;
  const editable = root.dataset.mode === "play";
  const initial = JSON.parse(document.getElementById("initial").textContent);
  const players = initial.players;
  const status = document.getElementById("connection");
  const $ = (sel) => document.getElementById(sel);
  let seq = initial.seq;
  let pending = null;  // the change refused as stale, kept until it is sent again or dropped
  let loading = null;  // the panel being fetched
  let busy = false;    // a change being sent
  let forget = new Set();  // ids of the inputs of a form whose change was recorded

  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get("key")) { localStorage.setItem("key:" + id, hash.get("key")); history.replaceState(null, "", location.pathname); }
  const key = localStorage.getItem("key:" + id);

  function words(e) {
    if (e.type === "undo" || e.type === "redo") return `${e.type} #${e.target}`;
    const parts = Object.entries(e.payload || {}).filter(([, v]) => v !== null && v !== "" && !(Array.isArray(v) && !v.length))
      .map(([k, v]) => `${k.replaceAll("_", " ")} ${/player|target|owner|receiver|seller/.test(k) && Number.isInteger(v) && players[v] !== undefined ? players[v] : Array.isArray(v) ? v.join(", ") : typeof v === "object" ? JSON.stringify(v) : v}`);
    return e.type.replaceAll("_", " ") + (parts.length ? ": " + parts.join("; ") : "");
  }

  function typed() {
    // what the player has typed or chosen in the panel's forms, so a change from another phone keeps it
    const kept = {};
    for (const el of $("panel").querySelectorAll("input[id], select[id]")) kept[el.id] = el.type === "checkbox" ? el.checked : el.value;
    return kept;
  }

  function idle() { root.dataset.busy = busy || loading ? "yes" : "no"; }

  async function refresh() {
    // one fetch at a time; a change arriving meanwhile fetches once more afterwards
    if (loading) { loading.again = true; return; }
    loading = {again: false};
    idle();
    try {
      const response = await fetch(`/games/${id}/panel?mode=${editable ? "play" : "watch"}`, {cache: "no-store"});
      if (response.ok) {
        const box = document.createElement("div");
        box.innerHTML = await response.text();
        const panel = box.firstElementChild;
        const kept = typed();
        for (const elId of forget) delete kept[elId];  // the form just recorded starts empty again
        forget = new Set();
        $("panel").replaceWith(panel);
        for (const [elId, value] of Object.entries(kept)) {
          const el = document.getElementById(elId);
          if (!el || !panel.contains(el)) continue;
          if (el.type === "checkbox") el.checked = value;
          else if (el.tagName !== "SELECT" || [...el.options].some((o) => o.value === value)) el.value = value;
        }
        seq = Math.max(seq, Number(panel.dataset.seq));
        controls();
        if (editable) recent();
      }
    } finally {
      const again = loading.again;
      loading = null;
      if (again) refresh(); else idle();
    }
  }

  function controls() {
    if (!editable) return;
    const panel = $("panel");
    $("undo").disabled = !key || panel.dataset.canUndo !== "yes";
    $("redo").disabled = !key || panel.dataset.canRedo !== "yes";
    if (!key) for (const el of document.querySelectorAll("#panel button, #event button")) el.disabled = true;
  }

  async function recent() {
    const response = await fetch(`/api/games/${id}/events?after=${Math.max(0, seq - 10)}`);
    if (!response.ok) return;
    const list = $("history");
    list.replaceChildren();
    for (const e of (await response.json()).reverse()) {
      const item = document.createElement("li");
      item.value = e.seq;
      item.textContent = words(e) + (e.author ? ` (${e.author})` : "");
      list.append(item);
    }
  }

  function collect(form, event) {
    const out = JSON.parse(form.dataset.payload || "{}");
    for (const input of form.querySelectorAll("input[name], select[name]")) {
      if (input.dataset.for && !input.dataset.for.split(" ").includes(event)) continue;
      const kind = input.dataset.kind;
      if (kind === "boolean") { out[input.name] = input.checked; continue; }
      if (input.value === "") continue;
      if (kind === "integer") out[input.name] = Number(input.value);
      else if (kind === "choice") out[input.name] = JSON.parse(input.value);
      else if (kind === "array") out[input.name] = input.value.split(",").map((s) => s.trim()).filter(Boolean).map((s) => (/^-?\d+$/.test(s) && input.dataset.numbers ? Number(s) : s));
      else out[input.name] = input.value;
    }
    return out;
  }

  async function write(path, body, form = null) {
    if (busy) return;  // one change at a time: a double tap does not send the same move twice
    busy = true;
    idle();
    try { await send(path, body, form); } finally { busy = false; idle(); }
  }

  async function send(path, body, form) {
    $("error").textContent = "";
    const author = $("me").value;
    const sent = {...body, based_on: seq, ...(author ? {author} : {})};
    let response;
    try {
      response = await fetch(`/api/games/${id}/${path}`, {
        method: "POST", headers: {"Content-Type": "application/json", "Authorization": "Bearer " + key},
        body: JSON.stringify(sent)});
    } catch (error) {
      pending = {path, body};
      showConflict("The change could not be sent: the connection is lost. It is kept here; send it again when the page says Live.", []);
      return;
    }
    const answer = await response.json();
    if (response.ok) {
      pending = null; $("conflict").hidden = true;
      seq = Math.max(seq, answer.seq);
      if (form) forget = new Set([...form.querySelectorAll("[id]")].map((el) => el.id));
      await refresh();
      return;
    }
    if (response.status === 409) {
      pending = {path, body};
      const changes = await fetch(`/api/games/${id}/events?after=${sent.based_on}`).then((r) => (r.ok ? r.json() : []));
      showConflict(`Someone else changed the game first, so your change (${path === "events" ? words(body) : path}) was not recorded. ` +
                   "The page now shows the game with their changes:", changes.map(words));
      await refresh();
      return;
    }
    $("error").textContent = (answer.field ? answer.field.replace("payload.", "") + ": " : "") + answer.error;
  }

  function showConflict(text, changes) {
    $("conflict-text").textContent = text;
    $("conflict-changes").replaceChildren(...changes.map((c) => { const li = document.createElement("li"); li.textContent = c; return li; }));
    $("conflict").hidden = false;
    $("resend").focus();
  }

  function schemaField(name, schema) {
    const fieldId = "field-" + name;
    const label = document.createElement("label");
    label.htmlFor = fieldId;
    label.textContent = name.replaceAll("_", " ") + (schema.description ? ` (${schema.description})` : "");
    let input;
    if (schema.enum) {
      input = document.createElement("select");
      if (!schema.required) input.add(new Option("(leave out)", ""));
      schema.enum.forEach((v) => input.add(new Option(String(v), JSON.stringify(v))));
      input.dataset.kind = "choice";
    } else if (schema.type === "integer" && /player|target|owner|receiver|seller|^to$|^from$/.test(name) && schema.maximum !== undefined && schema.maximum < 100) {
      input = document.createElement("select");
      if (!schema.required) input.add(new Option("(leave out)", ""));
      players.forEach((p, i) => input.add(new Option(p, String(i))));
      input.dataset.kind = "integer";
    } else if (schema.type === "boolean") {
      input = document.createElement("input"); input.type = "checkbox"; input.dataset.kind = "boolean";
    } else {
      input = document.createElement("input");
      input.type = schema.type === "integer" ? "number" : "text";
      input.dataset.kind = schema.type;
      if (schema.type === "array") { input.placeholder = "values separated by commas"; if (schema.items && schema.items.type === "integer") input.dataset.numbers = "yes"; }
    }
    input.id = fieldId; input.name = name;
    return [label, input];
  }

  async function moreActions() {
    const spec = await fetch("/api/openapi.json").then((r) => r.json());
    const schemas = {};
    for (const [name, schema] of Object.entries(spec.components.schemas)) {
      if (name.startsWith(root.dataset.slug + ".")) schemas[name.slice(root.dataset.slug.length + 1)] = schema;
    }
    const select = $("event-type");
    const show = () => {
      const schema = schemas[select.value] || {properties: {}};
      $("event-help").textContent = schema.description || "";
      const box = $("event-fields");
      box.replaceChildren();
      for (const [name, field] of Object.entries(schema.properties || {})) {
        box.append(...schemaField(name, {...field, required: (schema.required || []).includes(name)}));
      }
    };
    select.addEventListener("change", show);
    show();
    $("event").addEventListener("submit", (event) => {
      event.preventDefault();
      write("events", {type: select.value, payload: collect($("event-fields"), select.value)});
    });
  }

  if (editable) {
    if (!key) $("nokey").hidden = false;
    document.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-event]");
      if (!button || button.closest("form")) return;
      write("events", {type: button.dataset.event, payload: JSON.parse(button.dataset.payload || "{}")});
    });
    document.addEventListener("submit", (event) => {
      const form = event.target.closest("form.quick");
      if (!form) return;
      event.preventDefault();
      const kind = (event.submitter && event.submitter.dataset.event) || form.dataset.event;
      write("events", {type: kind, payload: collect(form, kind)}, form);
    });
    $("undo").addEventListener("click", () => write("undo", {}));
    $("redo").addEventListener("click", () => write("redo", {}));
    $("resend").addEventListener("click", () => { if (pending) write(pending.path, pending.body); });
    $("drop").addEventListener("click", () => { pending = null; $("conflict").hidden = true; });
    const me = localStorage.getItem("me:" + id);
    if (me) $("me").value = me;
    $("me").addEventListener("change", () => localStorage.setItem("me:" + id, $("me").value));
    if (key) {
      const link = `${location.origin}${location.pathname}#key=${key}`;
      $("play-link").href = link;
      fetch("/qr", {method: "POST", body: link}).then((r) => (r.ok ? r.text() : "")).then((svg) => {
        if (!svg) return;
        $("play-qr").innerHTML = svg;
        $("play-qr-box").hidden = false;
      });
    }
    moreActions();
    controls();
    recent();
  }

  // live: server-sent events, and polling while the stream is down
  let source = null, poller = null;
  function connect() {
    source = new EventSource(`/api/games/${id}/stream?after=${seq}`);
    source.addEventListener("open", () => {
      status.textContent = "Live"; status.className = "live";
      if (poller) { clearInterval(poller); poller = null; }
    });
    source.addEventListener("error", () => {
      status.textContent = "Connection lost, retrying…"; status.className = "lost";
      if (!poller) poller = setInterval(poll, 2000);
    });
    source.addEventListener("change", (message) => {
      const data = JSON.parse(message.data);
      if (data.game && data.game.seq > seq) refresh();
    });
  }
  async function poll() {
    try {
      const response = await fetch(`/api/games/${id}`, {cache: "no-store"});
      if (!response.ok) return;
      const game = await response.json();
      if (game.seq > seq) refresh();
    } catch (error) { /* still offline: the status says so */ }
  }
  connect();
})();
