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

  // a change in words: the server words every event it sends (`text`); a change not yet recorded is named
  // by the control that sends it
  const words = (e) => e.text || "a change";

  // cards named as printed: the player types or picks a card's printed label; the page sends its id
  const fold = (text) => text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/\s+/g, " ").trim();
  function findCard(input, text) {
    const cards = JSON.parse(input.dataset.cards || "[]");
    const want = fold(text);
    const title = (label) => fold(label.replace(/\s*\([^)]*\)\s*$/, ""));
    for (const test of [(l) => fold(l) === want, (l) => title(l) === want, (l) => fold(l).startsWith(want), (l) => fold(l).includes(want)]) {
      const found = cards.filter(([, label]) => test(label));
      const distinct = [...new Map(found.map(([cid, label]) => [label, cid])).entries()];
      if (distinct.length === 1) return {id: distinct[0][1], label: distinct[0][0]};
      if (distinct.length > 1) {
        const names = distinct.slice(0, 4).map(([label]) => label).join(", ");
        throw new Error(`“${text}” could be ${names}${distinct.length > 4 ? " or others" : ""}: type more of the name.`);
      }
    }
    throw new Error(cards.length ? `No card called “${text}” can be here: pick one from the list.` : "No card can be chosen here now.");
  }

  function chosen(hidden) { try { return JSON.parse(hidden.value || "[]"); } catch (error) { return []; } }

  function drawChips(hidden) {
    const input = document.getElementById(hidden.dataset.picker);
    const labels = new Map(JSON.parse(input.dataset.cards || "[]"));
    const list = document.getElementById(hidden.dataset.picker + "-chips");
    list.replaceChildren(...chosen(hidden).map((cid, i) => {
      const item = document.createElement("li");
      item.textContent = labels.get(cid) || "a card";
      const remove = document.createElement("button");
      remove.type = "button"; remove.className = "chip-remove"; remove.dataset.unpick = String(i);
      remove.setAttribute("aria-label", `Take ${item.textContent} off the list`);
      remove.textContent = "×";
      item.append(" ", remove);
      return item;
    }));
  }

  function addPicked(input) {
    const hidden = document.getElementById(input.id + "-chosen");
    if (!input.value.trim()) return true;
    try {
      const card = findCard(input, input.value);
      hidden.value = JSON.stringify([...chosen(hidden), card.id]);
      input.value = "";
      drawChips(hidden);
      clearError(input.closest("form"));
      return true;
    } catch (error) { showError(input.closest("form") || input, error.message, input); return false; }
  }

  function pickers(box) {
    for (const hidden of box.querySelectorAll("input[data-kind='cards']")) drawChips(hidden);
    for (const input of box.querySelectorAll("input[data-kind='card']")) showKinds(input);
  }

  // a form whose moves depend on the kind of card picked (a Year card is placed, a Life Complete card is
  // played) shows only the buttons (data-kinds) for the kind the player picked
  function showKinds(input) {
    const form = input.closest("form");
    if (!form || !form.querySelector("[data-kinds]")) return;
    let kind = "";
    try { if (input.value.trim()) kind = (JSON.parse(input.dataset.cards).find(([cid]) => cid === findCard(input, input.value).id) || [])[2] || ""; }
    catch (error) { kind = ""; }
    for (const button of form.querySelectorAll("[data-kinds]")) button.hidden = Boolean(kind) && !button.dataset.kinds.split(" ").includes(kind);
  }

  // a refused change: its sentence under the control that sent it, scrolled into view
  function errorBox(near) {
    const anchor = near.closest("form, .actions, .buttons, fieldset") || near;
    let box = anchor.nextElementSibling;
    if (!box || !box.classList.contains("inline-error")) {
      box = document.createElement("p");
      box.className = "inline-error"; box.setAttribute("role", "alert");
      anchor.after(box);
    }
    return box;
  }
  function showError(near, text, focus = null) {
    const box = errorBox(near);
    box.textContent = text;
    box.scrollIntoView({block: "center", behavior: "smooth"});
    if (focus) focus.focus({preventScroll: true});
  }
  function clearError(near) {
    if (!near) return;
    const anchor = near.closest("form, .actions, .buttons, fieldset") || near;
    const box = anchor.nextElementSibling;
    if (box && box.classList.contains("inline-error")) box.remove();
  }
  function formWords(form, submitter, kind) {
    // a change not yet recorded, in the words the player chose it: the button, then what was picked or typed
    const legend = form.querySelector("legend");
    const head = (legend ? legend.textContent.trim() : "") || (submitter ? submitter.textContent.trim() : "");
    const values = [];
    for (const input of form.querySelectorAll("input[name], select[name], input[data-kind='card']")) {
      if (input.dataset.for && !input.dataset.for.split(" ").includes(kind)) continue;
      if (input.type === "hidden" || ((input.type === "radio" || input.type === "checkbox") && !input.checked)) continue;
      if (input.tagName === "SELECT") { if (input.value !== "") values.push(input.selectedOptions[0].textContent.trim()); }
      else if (input.type === "radio") values.push(input.nextElementSibling ? input.nextElementSibling.textContent.trim() : input.value);
      else if (input.type === "checkbox") values.push(labelOf(form, input.name));
      else if (input.value.trim()) values.push(input.value.trim());
    }
    for (const hidden of form.querySelectorAll("input[data-kind='cards']")) {
      const labels = new Map(JSON.parse(document.getElementById(hidden.dataset.picker).dataset.cards || "[]"));
      values.push(...chosen(hidden).map((cid) => labels.get(cid) || "a card"));
    }
    return head + (values.length ? ": " + values.join(", ") : "");
  }

  function labelOf(form, name) {
    const input = form && form.querySelector(`[name="${name}"]`);
    if (!input) return "";
    const label = input.id && form.querySelector(`label[for="${input.id}"]`);
    const legend = input.closest("fieldset") && input.closest("fieldset").querySelector("legend");
    return (label || legend || {textContent: ""}).textContent.trim();
  }

  function typed() {
    // what the player has typed or chosen in the panel's forms, so a change from another phone keeps it
    const kept = {};
    for (const el of $("panel").querySelectorAll("input[id], select[id]")) kept[el.id] = el.type === "checkbox" || el.type === "radio" ? el.checked : el.value;
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
          if (el.type === "checkbox" || el.type === "radio") el.checked = value;
          else if (el.tagName !== "SELECT" || [...el.options].some((o) => o.value === value)) el.value = value;
        }
        seq = Math.max(seq, Number(panel.dataset.seq));
        pickers(panel);
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
      item.innerHTML = e.html || "";  // the server escaped it; card titles are in <em>
      if (e.author) item.append(` (${e.author})`);
      list.append(item);
    }
  }

  function collect(form, event, drawn = []) {
    // the payload of a form: card labels become ids, a die's face its number; a bad entry throws with a sentence.
    // `drawn`: the fields the app draws for the table ("Roll for us"), left out whatever the form holds
    const out = JSON.parse(form.dataset.payload || "{}");
    for (const input of form.querySelectorAll("input[name], select[name], textarea[name]")) {
      if (input.dataset.for && !input.dataset.for.split(" ").includes(event)) continue;
      if (drawn.includes(input.dataset.field || input.name)) continue;
      if (input.dataset.kind === "face") { if (input.checked) out[input.dataset.field] = Number(input.value); continue; }
      const kind = input.dataset.kind;
      if (input.type === "radio" && !input.checked && input.dataset.kind !== "many-integer") continue;
      if (input.dataset.kind === "many-integer" && !input.checked) continue;
      if (kind === "cardlines") {
        const lines = input.value.split("\n").map((line) => line.trim()).filter(Boolean);
        try { if (lines.length) out[input.name] = lines.map((line) => findCard(input, line).id); } catch (error) { error.input = input; throw error; }
        continue;
      }
      if (kind === "boolean") { out[input.name] = input.checked; continue; }
      if (kind === "many" || kind === "many-integer") {  // ticked boxes, or dice faces in order: a list
        const key = input.dataset.field || input.name;
        out[key] = out[key] || [];
        if (input.checked) out[key].push(kind === "many" ? JSON.parse(input.value) : Number(input.value));
        continue;
      }
      if (kind === "cards") {
        const typed = document.getElementById(input.dataset.picker);
        if (typed.value.trim() && !addPicked(typed)) throw new Error("");
        out[input.name] = chosen(input);
        continue;
      }
      if (input.value === "") continue;
      if (kind === "card") {
        try { out[input.name] = findCard(input, input.value).id; } catch (error) { error.input = input; throw error; }
      } else if (kind === "integer") out[input.name] = Number(input.value);
      else if (kind === "faces") out[input.name] = [Number(input.value)];
      else if (kind === "merge") Object.assign(out, JSON.parse(input.value));  // one choice that sets several fields
      else if (kind === "item") (out[input.name] = out[input.name] || []).push(input.value);  // one of a list, in order
      else if (kind === "yesno") out[input.name] = input.value.split(",").map((w) => w.trim().toLowerCase()).filter(Boolean).map((w) => ["yes", "y", "true", "1"].includes(w));
      else if (kind === "choice") out[input.name] = JSON.parse(input.value);
      else if (kind === "array") out[input.name] = input.value.split(",").map((s) => s.trim()).filter(Boolean).map((s) => (/^-?\d+$/.test(s) && input.dataset.numbers ? Number(s) : s));
      else out[input.name] = input.value;
    }
    return out;
  }

  async function write(path, body, form = null, near = null, label = "", move = null) {
    if (busy) return;  // one change at a time: a double tap does not send the same move twice
    busy = true;
    idle();
    try { await send(path, body, form, near, label, move); } finally { busy = false; idle(); }
  }

  // the legal move a control stands for, and the game's sequence number when it was drawn: a tap sent later (the
  // page was behind, or the phone offline) goes through only if the same move is still legal and means the same
  function moveOf(control) {
    const panel = $("panel");
    return control && control.dataset.key ? {key: control.dataset.key, made_on: Number(panel.dataset.seq)} : null;
  }
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  function holds(choice, payload) {
    const values = choice.options.map(([value]) => value);
    if (choice.field === "") {
      if (values.some((v) => Object.entries(v).every(([k, x]) => same(payload[k], x)))) return true;
      return Boolean(choice.optional || choice.draw);
    }
    const value = payload[choice.field];
    if (value === undefined || value === null) return Boolean(choice.optional || choice.draw);
    if (choice.kind === "text" || choice.kind === "flag") return true;
    if (choice.kind === "number") return Number.isInteger(value) && value >= choice.low && value <= choice.high;
    if (choice.kind === "cards" || choice.kind === "dice") return Array.isArray(value) && value.every((v) => values.some((w) => same(v, w)));
    return values.some((w) => same(value, w));
  }
  function stillLegal(move, body, game) {
    const found = (game.legal || []).find((m) => m.key === move.key);
    return Boolean(found) && found.choices.every((choice) => holds(choice, body.payload || {}));
  }

  async function send(path, body, form, near, label, move = null) {
    $("error").textContent = "";
    if (near && !document.body.contains(near)) near = null;  // its panel was replaced: say it at the top
    if (near) clearError(near);
    const author = $("me").value;
    const basedOn = move ? move.made_on : seq;
    const sent = {...body, based_on: basedOn, ...(author ? {author} : {})};
    let response;
    try {
      response = await fetch(`/api/games/${id}/${path}`, {
        method: "POST", headers: {"Content-Type": "application/json", "Authorization": "Bearer " + key},
        body: JSON.stringify(sent)});
    } catch (error) {
      window.companionQueue({path, body, near, label, move});  // kept, and sent once the page is live again
      if (near) showError(near, `Not sent yet: no connection. “${label || "Your change"}” is kept and will be sent when the connection is back.`);
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
      const game = answer.current || await fetch(`/api/games/${id}`, {cache: "no-store"}).then((r) => (r.ok ? r.json() : {}));
      if (move && game.seq !== undefined && stillLegal(move, body, game)) {
        // the game moved on, but the tap is the same move it was, still legal: sent against the game as it is now
        await send(path, body, form, near, label, {key: move.key, made_on: game.seq});
        return;
      }
      pending = {path, body, label, move: move ? {key: move.key, made_on: null} : null};
      const changes = await fetch(`/api/games/${id}/events?after=${sent.based_on}`).then((r) => (r.ok ? r.json() : []));
      const what = label || (path === "undo" ? "undo" : path === "redo" ? "redo" : "your move");
      showConflict(move ? `The game moved on since you tapped “${what}”: it is no longer a move the game offers as it was, ` +
                          "so it was not recorded. Changes made meanwhile:"
                        : `Someone else changed the game first, so your change (${what}) was not recorded. ` +
                          "The page now shows the game with their changes:", changes.map(words));
      await refresh();
      return;
    }
    const field = (answer.field || "").replace(/^payload\./, "").replace(/\[\d+\]$/, "");
    const named = form && field ? labelOf(form, field) : "";
    const text = (named ? named + ": " : "") + answer.error;
    if (near) showError(near, text); else { $("error").textContent = text; $("error").scrollIntoView({block: "center"}); }
  }

  function showConflict(text, changes) {
    $("conflict-text").textContent = text;
    $("conflict-changes").replaceChildren(...changes.map((c) => { const li = document.createElement("li"); li.textContent = c; return li; }));
    $("conflict").hidden = false;
    $("resend").focus();
  }

  function schemaField(name, schema) {
    // a correction's field in words: its title (or name), what it means, and a control that takes what is
    // printed (a card by its name, a player by theirs)
    const fieldId = "field-" + name;
    const label = document.createElement("label");
    label.htmlFor = fieldId;
    const words = schema.title || name.replaceAll("_", " ");
    label.textContent = words.charAt(0).toUpperCase() + words.slice(1) + (schema.description ? ` (${schema.description.replaceAll("`", "")})` : "");
    let input;
    const cardish = /card|replaced/.test(name);
    if (schema.enum) {
      input = document.createElement("select");
      if (!schema.required) input.add(new Option("(leave out)", ""));
      schema.enum.forEach((v, i) => input.add(new Option(schema["x-labels"] ? schema["x-labels"][i] : String(v).replaceAll("_", " "), JSON.stringify(v))));
      input.dataset.kind = "choice";
    } else if (schema.type === "integer" && /player|target|owner|receiver|seller|seat|^to$|^from$/.test(name) && schema.maximum !== undefined && schema.maximum < 100) {
      input = document.createElement("select");
      if (!schema.required) input.add(new Option("(leave out)", ""));
      players.forEach((p, i) => input.add(new Option(p, String(i))));
      input.dataset.kind = "integer";
    } else if (schema.type === "boolean") {
      input = document.createElement("input"); input.type = "checkbox"; input.dataset.kind = "boolean";
    } else if (schema.type === "string" && cardish) {
      input = document.createElement("input");
      input.dataset.kind = "card"; input.dataset.cards = $("event").dataset.cards; input.setAttribute("list", "event-cards");
      input.autocomplete = "off"; input.placeholder = "the card's name as printed";
    } else if (schema.type === "array" && cardish && schema.items && schema.items.type === "string") {
      input = document.createElement("textarea");
      input.dataset.kind = "cardlines"; input.dataset.cards = $("event").dataset.cards; input.rows = 3;
      input.placeholder = "one card name a line, as printed";
    } else {
      input = document.createElement("input");
      input.type = schema.type === "integer" ? "number" : "text";
      input.dataset.kind = schema.type;
      if (schema.type === "array") { input.placeholder = "separated by commas"; if (schema.items && schema.items.type === "integer") input.dataset.numbers = "yes"; }
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
    const list = document.createElement("datalist");
    list.id = "event-cards";
    for (const [, text] of JSON.parse($("event").dataset.cards || "[]")) list.append(new Option(text));
    $("event").append(list);
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
      const option = select.options[select.selectedIndex];
      try {
        write("events", {type: select.value, payload: collect($("event-fields"), select.value)}, $("event"), $("event"),
              option ? option.textContent : "");
      } catch (error) { if (error.message) showError($("event"), error.message, error.input); }
    });
  }

  if (editable) {
    if (!key) $("nokey").hidden = false;
    document.addEventListener("click", (event) => {
      const add = event.target.closest("button.pick-add");
      if (add) { addPicked(document.getElementById(add.dataset.pick)); return; }
      const unpick = event.target.closest("button.chip-remove");
      if (unpick) {
        const hidden = document.getElementById(unpick.closest("ol.chips").id.replace(/-chips$/, "-chosen"));
        hidden.value = JSON.stringify(chosen(hidden).filter((_, i) => i !== Number(unpick.dataset.unpick)));
        drawChips(hidden);
        return;
      }
      const button = event.target.closest("button[data-event]");
      if (!button || button.closest("form")) return;
      write("events", {type: button.dataset.event, payload: JSON.parse(button.dataset.payload || "{}")}, null, button,
            button.dataset.label || button.textContent.trim(), moveOf(button));
    });
    document.addEventListener("input", (event) => {
      if (event.target.matches && event.target.matches("input[data-kind='card']")) showKinds(event.target);
    });
    document.addEventListener("keydown", (event) => {
      // Enter in a multi-card picker adds the card to the list instead of sending the form
      const input = event.target.closest && event.target.closest(".picker[data-multiple='yes'] input[data-kind='card']");
      if (input && event.key === "Enter") { event.preventDefault(); addPicked(input); }
    });
    document.addEventListener("submit", (event) => {
      const form = event.target.closest("form.quick");
      if (!form) return;
      event.preventDefault();
      const kind = (event.submitter && event.submitter.dataset.event) || form.dataset.event;
      const drawn = ((event.submitter && event.submitter.dataset.draw) || "").split(" ").filter(Boolean);
      const label = formWords(form, event.submitter, kind);
      try {
        write("events", {type: kind, payload: collect(form, kind, drawn)}, form, event.submitter || form, label,
              kind === form.dataset.event ? moveOf(form) : null);
      } catch (error) { if (error.message) showError(form, error.message, error.input); }
    });
    $("undo").addEventListener("click", () => write("undo", {}));
    $("redo").addEventListener("click", () => write("redo", {}));
    // "send anyway": the player saw what changed and wants the change as it is, against the game as it is now
    $("resend").addEventListener("click", async () => {
      if (!pending) return;
      const change = pending;
      pending = null;
      await write(change.path, change.body, null, null, change.label);
      flush();
    });
    $("drop").addEventListener("click", () => { pending = null; $("conflict").hidden = true; flush(); });
    const me = localStorage.getItem("me:" + id);
    if (me) $("me").value = me;
    $("me").addEventListener("change", () => localStorage.setItem("me:" + id, $("me").value));
    // the QR codes for other phones: the play link's is drawn here (only this phone knows the edit secret); the
    // watch link's too when the server knows no address of its own (then its links are relative, and both are
    // completed from this page's location); the server never takes a link from the Host header
    const share = document.querySelector("section.share");
    function showQr(link, which) {
      $(which + "-link").href = link;
      fetch(`/qr?link=${which}`, {method: "POST", body: link}).then((r) => (r.ok ? r.text() : "")).then((svg) => {
        if (!svg) return;
        $(which + "-qr").innerHTML = svg;
        $(which + "-qr-box").hidden = false;
      }).catch(() => { /* offline: the links are still there to copy */ });
    }
    if (key) showQr(`${new URL(share.dataset.play, location.href).href}#key=${key}`, "play");
    if ($("watch-qr-box").hidden) {
      const watch = new URL($("watch-link").getAttribute("href"), location.href).href;
      $("watch-link").textContent = watch;
      showQr(watch, "watch");
    }
    moreActions();
    pickers($("panel"));
    controls();
    recent();
  }

  // live: server-sent events, and polling while the stream is down. The server beats every 2 s; 5 s without a
  // beat (or the browser saying it is offline) means the connection is lost, whatever the stream claims. Changes
  // made meanwhile wait in `queued` and are sent, in order, against the game as it is once the page is live again.
  let source = null, poller = null, heard = Date.now(), live = false;
  const queued = [];
  function say(text, cls) { if (status.textContent !== text) status.textContent = text; status.className = cls; }
  function lost() {
    live = false;
    const waiting = queued.length ? ` ${queued.length} change${queued.length > 1 ? "s" : ""} waiting to be sent.` : "";
    say(`Offline: no connection to the server.${waiting} Changes you make are kept and sent when it is back.`, "lost");
    if (!poller) poller = setInterval(poll, 2000);
  }
  function heardFrom() {
    heard = Date.now();
    if (!live && navigator.onLine !== false) {
      live = true;
      say("Live", "live");
      if (poller) { clearInterval(poller); poller = null; }
      flush();
    }
  }
  async function flush() {
    // the changes made while offline, one at a time, each against the game it was made on: a move still legal
    // and meaning the same goes through; otherwise the phone asks (send anyway / drop) before the next one
    while (queued.length && live && !busy && pending === null) {
      const change = queued.shift();
      await write(change.path, change.body, null, change.near, change.label, change.move);
    }
    if (!queued.length && pending === null && $("conflict")) $("conflict").hidden = true;  // the watch page has none
  }
  function connect() {
    if (source) source.close();
    source = new EventSource(`/api/games/${id}/stream?after=${seq}`);
    source.addEventListener("open", heardFrom);
    source.addEventListener("beat", heardFrom);
    // the server ends a stream now and then and the browser reconnects at once: an error is a lost connection
    // only when the beat has been missing too (the watchdog below), or the browser says it is offline
    source.addEventListener("error", () => { if (Date.now() - heard > 5000 || navigator.onLine === false) lost(); });
    source.addEventListener("change", (message) => {
      heardFrom();
      const data = JSON.parse(message.data);
      if (data.seq > seq) refresh();  // the push names the game's new sequence number; the panel is fetched once
    });
  }
  setInterval(() => {
    if (live && Date.now() - heard > 5000) { lost(); connect(); }
    else if (!live && Date.now() - heard > 5000 && navigator.onLine !== false) { heard = Date.now(); connect(); }
  }, 1000);
  window.addEventListener("offline", lost);
  window.addEventListener("online", () => connect());
  async function poll() {
    try {
      const response = await fetch(`/api/games/${id}`, {cache: "no-store"});
      if (!response.ok) return;
      const game = await response.json();
      if (game.seq > seq) refresh();
    } catch (error) { /* still offline: the status says so */ }
  }
  window.companionQueue = (change) => { queued.push(change); lost(); };
  connect();
})();
