// cardgen preview: shows the game's cards deck by deck and follows every saved change (server-sent events).
"use strict";

const BOARD_KINDS = {board: "board", mat: "player mat", aid: "player aid"};  // a board's kind, in words
const PX_PER_MM = 2.6;   // a card's width in the list, per millimetre of the printed card
const ZOOM_PX_PER_MM = 6;

const page = {
  title: document.getElementById("title"),
  search: document.getElementById("search"),
  status: document.getElementById("status"),
  problems: document.getElementById("problems"),
  problemsTitle: document.getElementById("problems-title"),
  problemsNote: document.getElementById("problems-note"),
  problemList: document.getElementById("problem-list"),
  matches: document.getElementById("matches"),
  decks: document.getElementById("decks"),
  warnings: document.getElementById("warnings"),
  warningsTitle: document.getElementById("warnings-title"),
  warningList: document.getElementById("warning-list"),
  zoom: document.getElementById("zoom"),
  zoomName: document.getElementById("zoom-name"),
  zoomAbout: document.getElementById("zoom-about"),
  zoomFront: document.getElementById("zoom-front"),
  zoomBack: document.getElementById("zoom-back"),
  zoomPrev: document.getElementById("zoom-prev"),
  zoomNext: document.getElementById("zoom-next"),
};

let state = null;          // the latest state the preview sent
const cards = new Map();   // card key -> {card, deck, item, img, name, copies}
const decks = new Map();   // deck key -> {section, heading, count, list}
let zoomed = null;         // the key of the card shown large

// ---- words -------------------------------------------------------------------------------------------

function plural(count, one, many) {
  return `${count} ${count === 1 ? one : many}`;
}

function folded(text) {   // lower case, accents off: "Élan" is found by "elan"
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
}

function listed(names) {
  if (names.length <= 3) return names.join(", ");
  return `${names.slice(0, 3).join(", ")} and ${names.length - 3} more`;
}

function imageUrl(fingerprint) {
  return `/card/${fingerprint}.png?v=${encodeURIComponent(state.images)}`;
}

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// ---- the live channel -----------------------------------------------------------------------------

function connect() {
  const events = new EventSource("/events");
  events.addEventListener("game", (event) => show(JSON.parse(event.data)));
  events.addEventListener("open", () => {
    page.status.classList.remove("offline");
    if (state) page.status.textContent = "Live: the page updates each time you save a file of the game.";
  });
  events.addEventListener("error", () => {
    page.status.classList.add("offline");
    page.status.textContent = "Lost touch with cardgen preview (stopped?); trying again every second…";
  });
}

function show(next) {
  const first = state === null;
  state = next;
  document.title = `${next.title}: card preview`;
  page.title.textContent = next.title;
  showProblems(next);
  showWarnings(next);
  showDecks(next);
  filter();
  refreshZoom();
  page.status.classList.remove("offline");
  page.status.textContent = first ? "Live: the page updates each time you save a file of the game."
    : describeUpdate(next);
}

function describeUpdate(next) {
  const time = new Date().toLocaleTimeString();
  const saved = next.saved.length ? ` after ${listed(next.saved)} ${next.saved.length === 1 ? "was" : "were"} saved` : "";
  if (next.problems.length) return `Updated at ${time}${saved}: the game has a problem, see above.`;
  const changed = next.changed.length
    ? `${plural(next.changed.length, "card prints", "cards print")} differently (${listed(next.changed)}).`
    : "no card prints differently.";
  return `Updated at ${time}${saved}: ${changed}`;
}

// ---- problems and warnings ------------------------------------------------------------------------

function problemItem(line) {
  const item = element("li");
  if (line.place) {
    item.append(element("span", "place", line.place), ": ");
  }
  if (line.level === "warning") item.append(element("span", "level", "warning: "));
  item.append(line.message);
  return item;
}

function showProblems(next) {
  const problems = next.problems;
  page.problems.hidden = problems.length === 0;
  if (!problems.length) return;
  page.problemsTitle.textContent = problems.length === 1 ? "The game has a problem"
    : `The game has ${problems.length} problems`;
  page.problemsNote.textContent = next.decks.length
    ? "The cards below are the last ones that were fine. Fix this and save: the page updates by itself."
    : "There are no cards to show until this is fixed. Fix it and save: the page updates by itself.";
  page.problemList.replaceChildren(...problems.map(problemItem));
}

function showWarnings(next) {
  page.warnings.hidden = next.warnings.length === 0;
  page.warningsTitle.textContent = `${plural(next.warnings.length, "warning", "warnings")} about how the cards will print`;
  page.warningList.replaceChildren(...next.warnings.map(problemItem));
}

// ---- decks and cards: kept element by element, so only what changed is fetched again ------------

function showDecks(next) {
  const keptDecks = new Set();
  const keptCards = new Set();
  let previous = null;
  for (const deck of next.decks) {
    keptDecks.add(deck.key);
    let view = decks.get(deck.key);
    if (!view) {
      view = {section: element("section", "deck"), heading: element("h2"), count: element("p", "deck-count"),
              list: element("ul", "cards")};
      const head = element("div", "deck-head");
      head.append(view.heading, view.count);
      view.section.append(head, view.list);
      decks.set(deck.key, view);
    }
    view.heading.textContent = deck.title;
    const board = deck.kind !== "deck";  // a board, mat or aid: one picture, as wide as the page allows
    const kind = BOARD_KINDS[deck.kind] || deck.kind;
    view.count.textContent = board ? (deck.total > 1 ? `${kind}, print ${deck.total}` : kind)
      : deck.total === deck.distinct ? plural(deck.total, "card", "cards")
      : `${plural(deck.total, "card", "cards")}, ${deck.distinct} different`;
    view.section.style.setProperty("--card-w",
      `min(${deck.width * PX_PER_MM}px, calc(${board ? "100vw - 40px" : "50vw - 22px"}))`);
    page.decks.insertBefore(view.section, previous ? previous.nextSibling : page.decks.firstChild);
    previous = view.section;
    let before = null;
    for (const card of deck.cards) {
      keptCards.add(card.key);
      const shown = showCard(card, deck, next.fresh.includes(card.key));
      view.list.insertBefore(shown.item, before ? before.nextSibling : view.list.firstChild);
      before = shown.item;
    }
  }
  for (const [key, view] of decks) {
    if (!keptDecks.has(key)) { view.section.remove(); decks.delete(key); }
  }
  for (const [key, shown] of cards) {
    if (!keptCards.has(key)) { shown.item.remove(); cards.delete(key); }
  }
  if (!next.decks.length && !next.problems.length) {
    page.decks.replaceChildren(element("p", "empty", "This game has no cards yet."));
  } else {
    for (const child of [...page.decks.children]) if (child.classList.contains("empty")) child.remove();
  }
}

function showCard(card, deck, changed) {
  let shown = cards.get(card.key);
  if (!shown) {
    const item = element("li", "card");
    const button = element("button");
    button.type = "button";
    const img = element("img");
    img.loading = "lazy";
    img.alt = "";
    const name = element("span", "card-name");
    const copies = element("span", "copies");
    name.append(document.createTextNode(""), copies);
    button.append(img, name);
    item.append(button);
    shown = {item, img, name, copies};
    button.addEventListener("click", () => openZoom(card.key));
    cards.set(card.key, shown);
  }
  const isNew = !shown.card;
  const url = imageUrl(card.front);
  if (shown.img.getAttribute("src") !== url) shown.img.src = url;
  shown.img.width = Math.round(deck.width * 10);
  shown.img.height = Math.round(deck.height * 10);
  shown.name.firstChild.textContent = card.name;
  shown.copies.textContent = card.copies > 1 ? ` ×${card.copies}` : "";
  shown.item.dataset.words = folded(`${card.name} ${card.words}`);
  shown.card = card;
  shown.deck = deck;
  if (changed && !isNew) {
    shown.item.classList.remove("fresh");
    void shown.item.offsetWidth;   // restarts the highlight when it changes twice in a row
    shown.item.classList.add("fresh");
  }
  return shown;
}

// ---- search ---------------------------------------------------------------------------------------

function filter() {
  const wanted = folded(page.search.value.trim());
  let matching = 0;
  let total = 0;
  for (const shown of cards.values()) {
    const match = !wanted || shown.item.dataset.words.includes(wanted);
    shown.item.hidden = !match;
    total += 1;
    if (match) matching += 1;
  }
  for (const view of decks.values()) {
    view.section.hidden = wanted !== "" && !view.list.querySelector(".card:not([hidden])");
  }
  page.matches.hidden = !wanted;
  if (wanted) {
    page.matches.textContent = matching
      ? `${plural(matching, "card matches", "cards match")} “${page.search.value.trim()}” (of ${total}).`
      : `No card matches “${page.search.value.trim()}”.`;
  }
}

page.search.addEventListener("input", filter);

// ---- one card, large: front and back ------------------------------------------------------------

function visibleKeys() {
  const keys = [];
  for (const [key, shown] of cards) if (!shown.item.hidden) keys.push(key);
  // in page order: decks, then cards, as they are laid out
  return keys.sort((a, b) => {
    const x = cards.get(a).item;
    const y = cards.get(b).item;
    return x.compareDocumentPosition(y) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  });
}

function openZoom(key) {
  zoomed = key;
  refreshZoom();
  if (!page.zoom.open) page.zoom.showModal();
}

function refreshZoom() {
  if (zoomed === null) return;
  const shown = cards.get(zoomed);
  if (!shown) { page.zoom.close(); return; }
  const {card, deck} = shown;
  page.zoomName.textContent = card.name;
  const copies = plural(card.copies, "copy", "copies");
  page.zoomAbout.textContent = `${deck.title} · ${copies} · from ${card.place}`;
  for (const [img, fingerprint, side] of [[page.zoomFront, card.front, "front"], [page.zoomBack, card.back, "back"]]) {
    const url = imageUrl(fingerprint);
    if (img.getAttribute("src") !== url) img.src = url;
    img.alt = `${card.name}, ${side}`;
    img.width = Math.round(deck.width * 10);
    img.height = Math.round(deck.height * 10);
  }
  page.zoom.style.setProperty("--zoom-w",
    `min(${deck.width * ZOOM_PX_PER_MM}px, calc((100vh - 190px) * ${deck.width / deck.height}))`);
  const keys = visibleKeys();
  const at = keys.indexOf(zoomed);
  page.zoomPrev.disabled = at <= 0;
  page.zoomNext.disabled = at < 0 || at >= keys.length - 1;
}

function step(by) {
  const keys = visibleKeys();
  const at = keys.indexOf(zoomed);
  if (at < 0 || !keys[at + by]) return;
  zoomed = keys[at + by];
  refreshZoom();
}

page.zoomPrev.addEventListener("click", () => step(-1));
page.zoomNext.addEventListener("click", () => step(1));
document.getElementById("zoom-close").addEventListener("click", () => page.zoom.close());
page.zoom.addEventListener("close", () => { zoomed = null; });
page.zoom.addEventListener("click", (event) => { if (event.target === page.zoom) page.zoom.close(); });
page.zoom.addEventListener("keydown", (event) => {
  if (event.key === "ArrowLeft") step(-1);
  if (event.key === "ArrowRight") step(1);
});

connect();
