// Words to learn: the missed words a player keeps at the end of a round, in this browser's
// localStorage only (the server never sees nor keeps them), and read back by /words.
// The stored value (key "boggle-learn") is {"version": 1, "words": [entry, ...]}, an entry
// { word, list, points, level, board, date, learned, streak, due } (list: the word list's name
// or null for the server's default; level: "common", "standard", "obscure" or null when the
// server gave none; board: the board's text; date: YYYY-MM-DD, the day it was kept; streak:
// right answers in a row when practised; due: YYYY-MM-DD, the day it is next asked, "" for at
// once; an entry stored before there were due days has none: it is due at once).
import { counted, markLevel, writtenWord } from "/static/board.js";

export const LEARN_KEY = "boggle-learn";
export const KEEP_PER_ROUND = 10;
export const MOST_KEPT = 300;
const LEVEL_ORDER = { common: 0, standard: 1, obscure: 3 };  // no level known: 2

// A stored entry as this page can use it, or null: `cleanEntry({ word: "fame" })` has the
// other fields filled in; an entry without a word of letters is dropped.
function cleanEntry(entry) {
  if (!entry || typeof entry !== "object" || typeof entry.word !== "string") return null;
  const word = entry.word.trim().toLowerCase();
  if (!word || word.length > 64 || /[\s<>"'&/\\]/.test(word)) return null;
  const text = (value, most) => (typeof value === "string" ? value.slice(0, most) : null);
  return {
    word,
    list: text(entry.list, 64),
    points: Number.isInteger(entry.points) && entry.points >= 0 ? entry.points : 0,
    level: Object.hasOwn(LEVEL_ORDER, entry.level) ? entry.level : null,
    board: text(entry.board, 200) ?? "",
    date: /^\d{4}-\d{2}-\d{2}$/.test(entry.date ?? "") ? entry.date : "",
    learned: entry.learned === true,
    streak: Number.isInteger(entry.streak) && entry.streak > 0 ? Math.min(entry.streak, INTERVALS.length) : 0,
    due: /^\d{4}-\d{2}-\d{2}$/.test(entry.due ?? "") ? entry.due : "",
  };
}

// The kept words and, when the stored value could not be read, a line saying so:
// `loadWords()` is { words: [...], problem: null } normally, { words: [], problem: "..." }
// for a value that is not this page's (broken JSON, another shape).
export function loadWords() {
  let raw;
  try {
    raw = localStorage.getItem(LEARN_KEY);
  } catch (error) {
    return { words: [], problem: "This browser keeps no data for this site (storage is off), so no words can be kept." };
  }
  if (raw === null) return { words: [], problem: null };
  const words = readWords(raw);
  if (!words) return { words: [], problem: "The words kept in this browser could not be read, so the list starts empty." };
  return { words, problem: null };
}

// The entries of a stored value (or a file saved by My words: the same text), each as this page
// can use it, at most MOST_KEPT, each word of a list once; null for a text that is not such a
// value (broken JSON, another shape or version).
export function readWords(raw) {
  let data;
  try {
    data = JSON.parse(raw);
  } catch (error) {
    data = null;
  }
  if (!data || typeof data !== "object" || data.version !== 1 || !Array.isArray(data.words)) return null;
  const seen = new Set();
  const words = [];
  for (const entry of data.words.slice(0, MOST_KEPT)) {
    const clean = cleanEntry(entry);
    const key = clean && `${clean.list ?? ""}:${clean.word}`;
    if (clean && !seen.has(key)) {
      seen.add(key);
      words.push(clean);
    }
  }
  return words;
}

// The kept words `words` as the text stored (and saved to a file by My words).
export function wordsText(words) {
  return JSON.stringify({ version: 1, words: words.slice(0, MOST_KEPT) });
}

// Stores `words` (the whole list); false when the browser refuses.
export function saveWords(words) {
  try {
    localStorage.setItem(LEARN_KEY, wordsText(words));
    return true;
  } catch (error) {
    return false;
  }
}

// A day as YYYY-MM-DD, in the player's own time zone.
function dayText(when) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}`;
}

// Today as YYYY-MM-DD, in the player's own time zone (from the browser's clock, which tests set).
export function today() {
  return dayText(new Date());
}

// The day `days` after the day `day` (both YYYY-MM-DD): `addDays("2026-11-29", 3)` is
// "2026-12-02".
export function addDays(day, days) {
  const [year, month, date] = day.split("-").map(Number);
  return dayText(new Date(year, month - 1, date + days));
}

// Review over days (a Leitner schedule): a word answered right is asked again INTERVALS[n - 1]
// days later, n being its right answers in a row (the last interval after more), so it is not
// asked again the day it was answered right; right twice in a row (on two days) it is learned,
// and then comes back for review after 3, 7, 21, then every 60 days. A wrong answer starts it
// again: to learn, and asked at once.
export const INTERVALS = [1, 3, 7, 21, 60];
export const LEARNED_AFTER = 2;

// Whether the kept word `entry` is to be asked on the day `day` (today when not given).
export function isDue(entry, day = today()) {
  return !entry.due || entry.due <= day;
}

// The kept word `entry` answered on the day `day`, `right` or not, as the schedule above says:
// its streak, learned and due updated in place.
export function answered(entry, right, day = today()) {
  if (right) {
    entry.streak = Math.min(entry.streak + 1, INTERVALS.length);
    if (entry.streak >= LEARNED_AFTER) entry.learned = true;
    entry.due = addDays(day, INTERVALS[entry.streak - 1]);
  } else {
    entry.streak = 0;
    entry.learned = false;
    entry.due = "";
  }
}

// Which of a round's missed words to keep: common, then standard, then those of no known
// level, then obscure ones (each group in the order given: the server's best first), at most
// KEEP_PER_ROUND, leaving out those already kept. `missed` is [{ word, points, level? }].
export function wordsToKeep(missed, list, kept) {
  const have = new Set(kept.map((entry) => `${entry.list ?? ""}:${entry.word}`));
  const ranked = missed
    .map((entry, index) => ({ entry, index, rank: LEVEL_ORDER[entry.level] ?? 2 }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ entry }) => entry);
  const chosen = [];
  for (const entry of ranked) {
    const key = `${list ?? ""}:${entry.word}`;
    if (have.has(key)) continue;
    have.add(key);
    chosen.push(entry);
    if (chosen.length === KEEP_PER_ROUND) break;
  }
  return chosen;
}

// Keeps the best of `missed` (see wordsToKeep) from the board `board` and the list `list`;
// says what it did as a line ("Kept 10 words to learn." and so on), and whether that is done:
// { line, done }, done false when the words could not be kept (a full list, storage refused),
// so the player may try again once there is room.
export function keepMissed(missed, list, board) {
  const { words, problem } = loadWords();
  const chosen = wordsToKeep(missed, list, words);
  if (!missed.length) return { line: "No missed words to keep.", done: true };
  if (!chosen.length) return { line: "These words are kept already.", done: true };
  const room = MOST_KEPT - words.length;
  if (room <= 0) return { line: `Your list is full (${MOST_KEPT} words): remove some first.`, done: false };
  const date = today();
  const added = chosen.slice(0, room).map((entry) => cleanEntry({
    word: entry.word, list, points: entry.points, level: entry.level, board, date,
    learned: false, streak: 0, due: "",
  })).filter(Boolean);
  if (!saveWords([...added, ...words])) {
    return { line: "This browser refused to keep the words (storage is off or full).", done: false };
  }
  const left = chosen.length - added.length;  // those past MOST_KEPT: said, and may be kept later
  const full = left ? `; ${left} more did not fit: your list is full (${MOST_KEPT} words)` : "";
  const line = `Kept ${counted(added.length, "word")} to learn${full}` + (problem ? " (the old list could not be read)." : ".");
  return { line, done: !left };
}

// Whether `word` of the list `list` is kept already (learned or not).
export function isKept(word, list) {
  return loadWords().words.some((entry) => entry.word === word && (entry.list ?? null) === (list ?? null));
}

// Keeps the one missed word `entry` ({ word, points }) of the list `list` from the board
// `board`, first in the list; says what it did as a line: "Kept FAME to learn." and so on.
export function keepOne(entry, list, board) {
  const { words, problem } = loadWords();
  const name = entry.word.toUpperCase();
  if (words.some((other) => other.word === entry.word && (other.list ?? null) === (list ?? null))) {
    return `${name} is kept already.`;
  }
  if (words.length >= MOST_KEPT) return `Your list is full (${MOST_KEPT} words): remove some first.`;
  const added = cleanEntry({
    word: entry.word, list, points: entry.points, level: entry.level, board, date: today(),
    learned: false, streak: 0, due: "",
  });
  if (!added) return `${name} cannot be kept.`;
  if (!saveWords([added, ...words])) return "This browser refused to keep the word (storage is off or full).";
  return `Kept ${name} to learn` + (problem ? " (the old list could not be read)." : ".");
}

// The look of a word's own keep button: "+ learn" (its name "Learn FAME"), or, once kept,
// "✓ kept" (its name "Kept FAME", aria-disabled: it stays focusable but does nothing). The
// name says the word as its chip shows it: "learn PÁGINA" for the Spanish list's `pagina`
// (button.dataset.written keeps the spellings, joined by "|", for a later refresh).
function markLearnButton(button, word, kept) {
  const written = button.dataset.written ? button.dataset.written.split("|") : null;
  const mark = document.createElement("span");
  mark.setAttribute("aria-hidden", "true");
  mark.textContent = kept ? "✓ " : "+ ";
  const hidden = document.createElement("span");
  hidden.className = "visually-hidden";
  hidden.textContent = ` ${writtenWord(word, written).toUpperCase()}`;
  button.replaceChildren(mark, kept ? "kept" : "learn", hidden);
  button.classList.toggle("kept", kept);
  if (kept) button.setAttribute("aria-disabled", "true");
  else button.removeAttribute("aria-disabled");
}

// A "+ learn" button after each chip (button.word) in `chips` whose word is one of `missed`,
// the first chip of a word shown twice (a challenge's table and its words you did not find):
// the chip and its button go together into a span.learn-pair; a press keeps that one word
// and says so in the element `status`.
function addLearnButtons(chips, missed, list, board, status) {
  if (!chips) return;
  const byWord = new Map(missed.map((entry) => [entry.word, entry]));
  const kept = new Set(loadWords().words.filter((e) => (e.list ?? null) === (list ?? null)).map((e) => e.word));
  const paired = new Set([...chips.querySelectorAll(".learn-pair button.word")].map((chip) => chip.dataset.word));
  for (const chip of chips.querySelectorAll("button.word")) {
    const entry = byWord.get(chip.dataset.word);
    if (!entry || paired.has(entry.word)) continue;
    paired.add(entry.word);
    markLevel(chip, entry.level);  // said in its title and in its meaning's box
    const pair = document.createElement("span");
    pair.className = "learn-pair";
    chip.replaceWith(pair);
    const button = document.createElement("button");
    button.type = "button";
    button.className = "learn-one secondary";
    button.dataset.word = entry.word;
    if (Array.isArray(entry.written) && entry.written.length) button.dataset.written = entry.written.join("|");
    markLearnButton(button, entry.word, kept.has(entry.word));
    button.addEventListener("click", () => {
      if (button.getAttribute("aria-disabled") === "true") {
        status.replaceChildren(`${entry.word.toUpperCase()} is kept already. `, myWordsLink());
        return;
      }
      status.replaceChildren(keepOne(entry, list, board), " ", myWordsLink());
      markLearnButton(button, entry.word, isKept(entry.word, list));
    });
    pair.append(chip, button);
  }
}

// Every "+ learn" button in `chips` shown as kept or not, as stored now (read once).
function refreshLearnButtons(chips, list) {
  if (!chips) return;
  const kept = new Set(loadWords().words.map((entry) => `${entry.list ?? ""}:${entry.word}`));
  for (const button of chips.querySelectorAll("button.learn-one")) {
    markLearnButton(button, button.dataset.word, kept.has(`${list ?? ""}:${button.dataset.word}`));
  }
}

function myWordsLink() {
  const link = document.createElement("a");
  link.href = "/words";
  link.textContent = "See My words";
  return link;
}

// "Keep missed words to learn" at the end of `container` for a round's `missed` words
// ([{ word, points, level? }], best first), of the list `list` (null: the server's default)
// on the board shown in #board: a button, then a line saying how many were kept and a link
// to /words; put before the element `before` (the end of `container` without it). Each chip
// of a missed word in `chips` (the element showing them; `before` without it) gets its own
// "+ learn" button. With no missed words the line says `none`.
export function offerKeep(
  container, missed, list, before = null, chips = before, none = "No missed words to keep.",
) {
  let offer = container.querySelector(".keep-offer");
  if (!offer) {
    offer = document.createElement("div");
    offer.className = "keep-offer";
    container.insertBefore(offer, before);
  }
  const button = document.createElement("button");
  button.type = "button";
  button.className = "keep-button secondary";
  button.textContent = "Keep missed words to learn";
  const status = document.createElement("p");
  status.className = "help keep-status";
  status.setAttribute("role", "status");
  offer.replaceChildren(button, status);
  button.disabled = !missed.length;
  if (!missed.length) status.textContent = none;
  const board = document.getElementById("board")?.dataset.board ?? "";
  addLearnButtons(chips, missed, list, board, status);
  button.addEventListener("click", () => {
    const { line, done } = keepMissed(missed, list, board);
    const link = myWordsLink();
    status.replaceChildren(line, " ", link);
    const pressed = document.activeElement === button;
    button.disabled = done;  // words not kept (a full list): the button stays, to try again
    refreshLearnButtons(chips, list);
    // the button, disabled, lets the focus go (to the page's body): the keyboard goes on at
    // the link to My words, after the line that said what was kept
    if (pressed && done) link.focus();
  });
}
