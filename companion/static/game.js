// Shows a game's scores live (server-sent events) and, on the editing page, appends points, undo and redo.
(() => {
  const script = document.currentScript;
  let game = JSON.parse(document.getElementById("initial").textContent);
  const editable = script.dataset.editable === "yes";
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get("key")) { localStorage.setItem("key:" + game.id, hash.get("key")); history.replaceState(null, "", location.pathname); }
  const key = localStorage.getItem("key:" + game.id);
  const text = (value) => document.createTextNode(String(value));

  function render() {
    const table = document.getElementById("scores");
    table.replaceChildren();
    const head = table.insertRow();
    for (const label of ["Player", "Total", "Place"]) { const th = document.createElement("th"); th.append(text(label)); head.append(th); }
    for (const p of game.scores.players || []) {
      const row = table.insertRow();
      for (const value of [p.name, p.total, p.place]) row.insertCell().append(text(value));
    }
    if (!editable) return;
    const player = document.getElementById("player"), category = document.getElementById("category");
    if (!player.options.length) {
      game.players.forEach((name, i) => player.add(new Option(name, i)));
      (game.state.categories || []).forEach((c) => category.add(new Option(c, c)));
    }
    document.getElementById("undo").disabled = !game.can_undo;
    document.getElementById("redo").disabled = !game.can_redo;
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
    document.getElementById("points").addEventListener("submit", (event) => {
      event.preventDefault();
      write("events", {type: "add_points", payload: {player: Number(document.getElementById("player").value),
        category: document.getElementById("category").value, points: Number(document.getElementById("amount").value)}});
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
