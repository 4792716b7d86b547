// My words (/words): the missed words kept in this browser (learn.js), each with its meaning
// (GET /api/define; for other languages than English a link to Wiktionary) and a Remove
// button; a Practise mode (a clue, the player types the word: right twice in a row and it is
// learned); Clear all, after a question. Nothing is sent to the server but the look-ups.
import { api, counted } from "/static/board.js";
import { loadWords, saveWords } from "/static/learn.js";

const $ = (id) => document.getElementById(id);
const state = {
  words: [],
  practising: null,  // the word asked now (an entry of state.words), or null
  asked: 0,          // answers given since Practise was pressed: the next word is picked from it
};
const meanings = new Map();  // "list:word" -> a promise of { definitions, url } or { error }

const keyOf = (entry) => `${entry.list ?? ""}:${entry.word}`;

// At most LOOK_UPS look-ups at a time: a long list does not flood the server.
const LOOK_UPS = 4;
let running = 0;
const waiting = [];

async function inTurn(task) {
  if (running >= LOOK_UPS) await new Promise((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await task();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

function meaningOf(entry) {
  const key = keyOf(entry);
  if (!meanings.has(key)) {
    const params = new URLSearchParams({ word: entry.word });
    if (entry.list) params.set("dict", entry.list);
    meanings.set(key, inTurn(() => api(`/api/define?${params}`)).catch((error) => ({ error: error.message })));
  }
  return meanings.get(key);
}

// What the kept word `entry` means, into the element `box`.
async function showMeaning(entry, box) {
  box.textContent = "looking it up...";
  const found = await meaningOf(entry);
  box.replaceChildren();
  if (found.error) {
    box.textContent = "no definition: it could not be looked up now";
    box.classList.add("missing");
  } else if (found.url) {
    const link = document.createElement("a");
    link.href = found.url;
    link.target = "_blank";
    link.rel = "noopener";
    link.textContent = `${entry.word.toUpperCase()} on Wiktionary`;
    box.append(link);
  } else if (found.definitions && found.definitions.length) {
    box.textContent = found.definitions[0];
  } else {
    box.textContent = "no definition known";
    box.classList.add("missing");
  }
}

function save() {
  if (!saveWords(state.words)) say("This browser refused to keep the change (storage is off or full).");
}

function say(text) {
  $("words-status").textContent = text;
}

// ------------------------------------------------------------------ the lists

function keptItem(entry) {
  const item = document.createElement("li");
  item.className = "kept-word";
  item.dataset.word = entry.word;
  const head = document.createElement("p");
  head.className = "kept-head";
  const word = document.createElement("strong");
  word.className = "kept-name";
  word.textContent = entry.word.toUpperCase();
  const about = document.createElement("span");
  about.className = "help";
  about.textContent = [entry.list, counted(entry.points, "point"), entry.date].filter(Boolean).join(" · ");
  head.append(word, about);
  const meaning = document.createElement("p");
  meaning.className = "kept-meaning";
  showMeaning(entry, meaning);
  const remove = document.createElement("button");
  remove.type = "button";
  remove.className = "secondary remove";
  const hidden = document.createElement("span");
  hidden.className = "visually-hidden";
  hidden.textContent = ` ${entry.word.toUpperCase()}`;
  remove.append("Remove", hidden);
  remove.addEventListener("click", () => removeWord(entry));
  item.append(head, meaning, remove);
  return item;
}

function render() {
  const learning = state.words.filter((entry) => !entry.learned);
  const learned = state.words.filter((entry) => entry.learned);
  $("to-learn-list").replaceChildren(...learning.map(keptItem));
  $("learned-list").replaceChildren(...learned.map(keptItem));
  $("to-learn-title").textContent = `To learn (${learning.length})`;
  $("learned-title").textContent = `Learned (${learned.length})`;
  $("to-learn").hidden = !learning.length;
  $("learned").hidden = !learned.length;
  $("words-empty").hidden = state.words.length > 0;
  $("clear").hidden = !state.words.length;
  $("practise").hidden = !state.words.length;
  $("practise-start").disabled = !learning.length;
  document.body.dataset.words = String(learning.length);
  document.body.dataset.learned = String(learned.length);
}

function removeWord(entry) {
  const list = entry.learned ? $("learned-list") : $("to-learn-list");
  const items = [...list.children];
  const at = items.findIndex((item) => item.dataset.word === entry.word);
  state.words = state.words.filter((other) => other !== entry);
  save();
  if (state.practising === entry) nextClue();
  render();
  say(`${entry.word.toUpperCase()} removed.`);
  // the focus stays in the list: on the word now in its place, else on the page's title
  const next = list.children[Math.min(at, list.children.length - 1)];
  (next?.querySelector("button.remove") ?? $("words-title")).focus();
}

// ------------------------------------------------------------------ practise

// The clue for `entry`, into #practise-clue: its meaning with the word blanked out, or,
// without one, its length, first letter and the board it was on.
async function showClue(entry) {
  const clue = $("practise-clue");
  clue.replaceChildren();
  const found = await meaningOf(entry);
  if (state.practising !== entry) return;
  const letters = `${entry.word.length} letters`;
  const definition = !found.error && !found.url && found.definitions?.[0];
  if (definition) {
    const pattern = new RegExp(entry.word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "gi");
    const blanked = definition.replace(pattern, "_".repeat(entry.word.length));
    clue.append(`${blanked} (${letters})`);
  } else {
    const first = entry.word.charAt(0).toUpperCase();
    clue.append(`${letters}, starting with ${first}`);
    if (entry.board) {
      clue.append(", on the board ");
      const board = document.createElement("span");
      board.className = "clue-board";
      board.textContent = entry.board.toUpperCase();
      clue.append(board);
    }
  }
  clue.dataset.word = entry.word;
}

// The next word to practise (round the words still to learn), or the end of practise.
function nextClue() {
  const learning = state.words.filter((entry) => !entry.learned);
  if (!learning.length) {
    stopPractise();
    return;
  }
  state.practising = learning[state.asked % learning.length];
  showClue(state.practising);
  $("practise-input").value = "";
}

function startPractise() {
  state.asked = 0;
  $("practise-form").hidden = false;
  $("practise-start").hidden = true;
  $("practise-verdict").textContent = "";
  nextClue();
  $("practise-input").focus();
}

function stopPractise() {
  const wasOn = state.practising !== null;
  state.practising = null;
  $("practise-form").hidden = true;
  $("practise-start").hidden = false;
  render();
  if (wasOn && !state.words.some((entry) => !entry.learned)) {
    say("Every word is learned: nothing left to practise.");
  }
}

function answer(event) {
  event.preventDefault();
  const entry = state.practising;
  if (!entry) return;
  const typed = $("practise-input").value.trim().toLowerCase();
  if (!typed) return;
  const verdict = $("practise-verdict");
  const word = entry.word.toUpperCase();
  if (typed === entry.word) {
    entry.streak += 1;
    if (entry.streak >= 2) {
      entry.learned = true;
      verdict.textContent = `Right: ${word}. Twice in a row: learned.`;
    } else {
      verdict.textContent = `Right: ${word}. Once more to learn it.`;
    }
    verdict.className = "feedback good";
  } else {
    entry.streak = 0;
    verdict.textContent = `Not quite: the word is ${word}.`;
    verdict.className = "feedback bad";
  }
  save();
  state.asked += 1;
  render();
  nextClue();
  if (state.practising) $("practise-input").focus();
}

function showWord() {
  const entry = state.practising;
  if (!entry) return;
  entry.streak = 0;
  save();
  const verdict = $("practise-verdict");
  verdict.textContent = `The word is ${entry.word.toUpperCase()}.`;
  verdict.className = "feedback bad";
  state.asked += 1;
  nextClue();
  $("practise-input").focus();
}

// ------------------------------------------------------------------ clear all

function askClear() {
  const total = state.words.length;
  $("clear-question").textContent = `Remove all ${counted(total, "word")}, the learned ones too?`;
  $("clear-ask").hidden = false;
  $("clear-all").hidden = true;
  $("clear-no").focus();
}

function closeClear(cleared) {
  $("clear-ask").hidden = true;
  $("clear-all").hidden = false;
  if (cleared) {
    state.words = [];
    state.practising = null;
    $("practise-form").hidden = true;
    $("practise-start").hidden = false;
    save();
    render();
    say("All words removed.");
    $("words-title").focus();
  } else {
    $("clear-all").focus();
  }
}

// ------------------------------------------------------------------ start-up

function start() {
  const { words, problem } = loadWords();
  state.words = words;
  $("words-problem").hidden = !problem;
  $("words-problem").textContent = problem ?? "";
  $("practise-start").addEventListener("click", startPractise);
  $("practise-form").addEventListener("submit", answer);
  $("practise-show").addEventListener("click", showWord);
  $("practise-stop").addEventListener("click", () => {
    stopPractise();
    $("practise-start").focus();
  });
  $("clear-all").addEventListener("click", askClear);
  $("clear-yes").addEventListener("click", () => closeClear(true));
  $("clear-no").addEventListener("click", () => closeClear(false));
  render();
  document.body.dataset.ready = "true";
}

start();
