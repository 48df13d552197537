// Home page: shows the chosen game's options, adds player rows (each a person or a bot, where the game seats
// bots), starts a game, opens a pasted game link.
(() => {
  const slug = document.getElementById("slug");
  const list = document.getElementById("player-list");
  const error = document.getElementById("new-game-error");

  const levels = () => JSON.parse(slug.selectedOptions[0].dataset.bots || "[]");

  function fillWho(select) {
    // "A person", or a bot at each of the game's levels; hidden for a game without bots
    const kept = select.value;
    const bots = levels();
    select.replaceChildren(new Option("A person", "0"), ...bots.map((b) => new Option(`A bot: ${b.name} (level ${b.level})`, String(b.level))));
    select.value = [...select.options].some((o) => o.value === kept) ? kept : "0";
    select.hidden = !bots.length;
    select.previousElementSibling.hidden = !bots.length;
  }

  function names() { return [...list.querySelectorAll("input[name=player]")].map((i) => i.value.trim()); }

  function fillSeats() {
    // an option that names a player (who starts, say) offers the names typed above
    for (const select of document.querySelectorAll("select[data-kind=seat]")) {
      const kept = select.value;
      select.replaceChildren(new Option("(as the rules say)", ""), ...names().map((n, i) => new Option(n || `Player ${i + 1}`, String(i))));
      select.value = [...select.options].some((o) => o.value === kept) ? kept : "";
    }
  }

  function showOptions() {
    for (const box of document.querySelectorAll("fieldset.options")) box.hidden = box.dataset.game !== slug.value;
    for (const select of list.querySelectorAll("select.who")) fillWho(select);
    fillSeats();
  }

  function addPlayer() {
    const n = list.children.length;
    const row = document.createElement("div");
    row.className = "player-row";
    const label = document.createElement("label");
    label.htmlFor = "player-" + n;
    label.textContent = "Player " + (n + 1);
    const input = document.createElement("input");
    input.id = "player-" + n; input.name = "player"; input.maxLength = 40; input.autocomplete = "off";
    const whoLabel = document.createElement("label");
    whoLabel.htmlFor = "seat-" + n; whoLabel.className = "who"; whoLabel.textContent = "Who plays";
    const who = document.createElement("select");
    who.id = "seat-" + n; who.className = "who"; who.name = "seat";
    row.append(label, input, whoLabel, who);
    list.append(row);
    fillWho(who);
    fillSeats();
    input.focus();
  }

  function value(input) {
    const kind = input.dataset.kind;
    if (kind === "boolean") return input.checked;
    if (input.value === "") return undefined;
    if (kind === "choice") return JSON.parse(input.value);
    if (kind === "integer" || kind === "seat") return Number(input.value);
    if (kind === "array") return input.value.split(",").map((s) => s.trim()).filter(Boolean);
    return input.value;
  }

  function say(text, near) {
    error.textContent = text;
    error.scrollIntoView({block: "center"});
    if (near) near.focus({preventScroll: true});
  }

  slug.addEventListener("change", showOptions);
  list.addEventListener("input", fillSeats);
  document.getElementById("add-player").addEventListener("click", addPlayer);
  document.getElementById("new-game").addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    const rows = [...list.querySelectorAll(".player-row")].map((row) => ({
      input: row.querySelector("input[name=player]"), name: row.querySelector("input[name=player]").value.trim(),
      level: Number(row.querySelector("select.who").value || 0)})).filter((r) => r.name);
    if (!rows.length) return say("Type the players' names first.", list.querySelector("input"));
    const seen = new Map();
    for (const row of rows) {
      const folded = row.name.toLowerCase();
      if (seen.has(folded)) return say(`Two players are called ${row.name}: give each a different name.`, row.input);
      seen.set(folded, row);
    }
    const options = {};
    const box = document.querySelector(`fieldset.options[data-game="${slug.value}"]`);
    if (box) for (const input of box.querySelectorAll("input, select")) {
      if (input.dataset.kind === "item") {  // one per player, in seat order, up to the last one given
        options[input.name] = options[input.name] || [];
        options[input.name].push(input.value);
        continue;
      }
      if (input.dataset.kind === "many") {
        options[input.name] = options[input.name] || [];
        if (input.checked) options[input.name].push(JSON.parse(input.value));
        continue;
      }
      const v = value(input);
      if (v !== undefined) options[input.name] = v;
    }
    for (const [name, value] of Object.entries(options)) {  // per-player lists: as many as there are players
      if (Array.isArray(value) && box && box.querySelector(`select[data-kind=item][name="${name}"]`)) {
        const kept = value.slice(0, rows.length);
        if (kept.every((v) => v === "")) delete options[name];
        else options[name] = kept;
      }
    }
    if (levels().length && rows.some((r) => r.level)) options.bots = rows.map((r) => r.level);
    const seed = document.getElementById("seed")?.value ?? "";  // only on a server that allows a chosen seed
    const body = {slug: slug.value, players: rows.map((r) => r.name), options};
    if (seed !== "") body.seed = Number(seed);
    const group = document.getElementById("group")?.value ?? "";  // only when this phone opened a group's link
    if (group !== "") body.group = group;
    if (document.getElementById("playtest").checked) body.playtest = true;
    const response = await fetch("/api/games", {method: "POST", headers: {"Content-Type": "application/json"},
                                                body: JSON.stringify(body)});
    const answer = await response.json();
    if (!response.ok) {
      const option = (answer.field || "").replace(/^(payload|options)\./, "");
      const input = box && option ? box.querySelector(`[name="${option}"]`) : null;
      const label = input && input.id ? document.querySelector(`label[for="${input.id}"]`) : null;
      return say((label ? label.textContent.split(" (")[0].trim() + ": " : "") + answer.error, input);
    }
    localStorage.setItem("key:" + answer.id, answer.edit_secret);
    location.href = answer.links.play;
  });
  document.getElementById("join").addEventListener("submit", (event) => {
    // a pasted play link keeps its #key=...: open it as it is; the server never sees the fragment
    const code = document.getElementById("code").value.trim();
    const match = code.match(/\/games\/([A-Za-z0-9_-]+)(\/watch)?\/?(#key=[A-Za-z0-9_-]+)?$/);
    if (match) { event.preventDefault(); location.href = `/games/${match[1]}${match[2] || ""}${match[3] || ""}`; }
  });
  showOptions();
})();
