// Home page: shows the chosen game's options, adds player rows, starts a game, opens a pasted game link.
(() => {
  const slug = document.getElementById("slug");
  const list = document.getElementById("player-list");
  const error = document.getElementById("new-game-error");

  function showOptions() {
    for (const box of document.querySelectorAll("fieldset.options")) box.hidden = box.dataset.game !== slug.value;
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
    row.append(label, input);
    list.append(row);
    input.focus();
  }

  function value(input) {
    const kind = input.dataset.kind;
    if (kind === "boolean") return input.checked;
    if (input.value === "") return undefined;
    if (kind === "choice") return JSON.parse(input.value);
    if (kind === "integer") return Number(input.value);
    if (kind === "array") return input.value.split(",").map((s) => s.trim()).filter(Boolean);
    return input.value;
  }

  slug.addEventListener("change", showOptions);
  document.getElementById("add-player").addEventListener("click", addPlayer);
  document.getElementById("new-game").addEventListener("submit", async (event) => {
    event.preventDefault();
    const players = [...list.querySelectorAll("input")].map((i) => i.value.trim()).filter(Boolean);
    const options = {};
    const box = document.querySelector(`fieldset.options[data-game="${slug.value}"]`);
    if (box) for (const input of box.querySelectorAll("input, select")) {
      const v = value(input);
      if (v !== undefined) options[input.name] = v;
    }
    const seed = document.getElementById("seed").value;
    const body = {slug: slug.value, players, options};
    if (seed !== "") body.seed = Number(seed);
    const response = await fetch("/api/games", {method: "POST", headers: {"Content-Type": "application/json"},
                                                body: JSON.stringify(body)});
    const answer = await response.json();
    if (!response.ok) {
      error.textContent = (answer.field ? answer.field.replace("payload.", "") + ": " : "") + answer.error;
      return;
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
