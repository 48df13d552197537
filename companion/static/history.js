// The history page: undo (the last change or any change in effect) and redo, and the list follows the game live.
(() => {
  const root = document.getElementById("history-page");
  const id = root.dataset.id;
  const key = localStorage.getItem("key:" + id);
  const status = document.getElementById("connection");
  let seq = Number(root.dataset.seq);
  if (!key) {
    document.getElementById("nokey").hidden = false;
    for (const b of root.querySelectorAll("button[data-action]")) b.disabled = true;
  }

  async function reload() {
    const response = await fetch(location.pathname + location.search, {cache: "no-store"});
    if (!response.ok) return;
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    const fresh = page.getElementById("history-page");
    for (const part of ["log", "undo", "redo"]) document.getElementById(part).replaceWith(fresh.querySelector("#" + part));
    seq = Number(fresh.dataset.seq);
    if (!key) for (const b of root.querySelectorAll("button[data-action]")) b.disabled = true;
  }

  root.addEventListener("click", async (event) => {
    const button = event.target.closest("button[data-action]");
    if (!button) return;
    const body = {based_on: seq};
    const author = localStorage.getItem("me:" + id);  // who this phone said it is on the game page
    if (author) body.author = author;
    if (button.dataset.target) body.target = Number(button.dataset.target);
    const response = await fetch(`/api/games/${id}/${button.dataset.action}`, {
      method: "POST", headers: {"Content-Type": "application/json", "Authorization": "Bearer " + key},
      body: JSON.stringify(body)});
    const answer = await response.json();
    const error = document.getElementById("error");
    if (response.ok) error.textContent = "";
    else if (response.status === 409) error.textContent = "The game changed a moment ago; the list now shows it. Look, and tap again.";
    else error.textContent = answer.error;
    await reload();
  });

  // live, with the same honesty as the game page: 5 s without the server's beat means the connection is lost
  let source = null, heard = Date.now(), reloading = null, wanted = 0;
  function follow(target) {
    // one reload at a time, again while a newer change was announced meanwhile
    wanted = Math.max(wanted, target);
    if (reloading) return;
    reloading = (async () => {
      while (wanted > seq) { const before = seq; await reload(); if (seq === before) break; }
    })().finally(() => { reloading = null; });
  }
  function connect() {
    if (source) source.close();
    source = new EventSource(`/api/games/${id}/stream?after=${seq}`);
    const alive = () => { heard = Date.now(); status.textContent = "Live"; status.className = "live"; };
    source.addEventListener("open", alive);
    source.addEventListener("beat", alive);
    source.addEventListener("error", () => {  // a stream the server ended is taken up again at once: not a loss yet
      if (Date.now() - heard > 5000 || navigator.onLine === false) { status.textContent = "Offline: no connection to the server, retrying…"; status.className = "lost"; }
    });
    source.addEventListener("change", (message) => {
      alive();
      const data = JSON.parse(message.data);
      follow(data.seq);
    });
  }
  setInterval(() => {
    if (Date.now() - heard > 5000) {
      status.textContent = "Offline: no connection to the server, retrying…"; status.className = "lost";
      heard = Date.now();
      connect();
    }
  }, 1000);
  connect();
})();
