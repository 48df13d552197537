// A play of no group is changed with its game's edit secret: this phone hands in the one it keeps from the play link.
(() => {
  for (const input of document.querySelectorAll("input.game-secret")) {
    const key = input.dataset.game ? localStorage.getItem("key:" + input.dataset.game) : null;
    if (key) input.value = key;
  }
  if (!document.querySelector("input.game-secret") || document.querySelector("input.game-secret").value) return;
  for (const form of document.querySelectorAll("form[method=post]")) {
    const note = document.createElement("p");
    note.className = "small";
    note.textContent = "Only a phone that opened the game's play link can change this play.";
    form.append(note);
  }
})();
