// Starts a game from the home page's form and opens it with its edit secret.
document.getElementById("new-game").addEventListener("submit", async (event) => {
  event.preventDefault();
  const players = document.getElementById("players").value.split("\n").map((s) => s.trim()).filter(Boolean);
  const response = await fetch("/api/games", {
    method: "POST", headers: {"Content-Type": "application/json"},
    body: JSON.stringify({slug: document.getElementById("slug").value, players}),
  });
  const body = await response.json();
  if (!response.ok) {
    document.getElementById("new-game-error").textContent = (body.field ? body.field + ": " : "") + body.error;
    return;
  }
  localStorage.setItem("key:" + body.id, body.edit_secret);
  location.href = body.links.play;
});
