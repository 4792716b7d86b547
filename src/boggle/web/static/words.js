// My words (/words): the missed words kept in this browser (learn.js), each with its meaning
// (GET /api/define; for other languages than English a link to Wiktionary) and a Remove
// button (a learned word: also Learn again); a Practise mode (a clue, the player types the
// word: the words due today, reviews first, each group in a shuffled order, each word once a
// pass; a word answered right comes back days later, as learn.js's schedule says: right twice
// in a row and it is learned); a Find a word filter over the cards; Clear all, after a
// question. Nothing is sent to the server but the look-ups.
import { announce, api, counted, hasOwn, levelName, lowerLetters, markLanguage, namedWord, notListed, wordListTitles } from "/static/board.js";
import {
  ANSWERS_KEY, INTERVALS, LEARN_KEY, MEANINGS_KEY, MOST_KEPT, addDays, answered, foldAnswers, isDue,
  keepStorage, keptAlready, keptEntry, learnLists, loadWords, progressLine, readAnswers, readWords,
  saveAnswer, saveWords, today, withAnswers, withLanguages, wordsText,
} from "/static/learn.js";

const $ = (id) => document.getElementById(id);
const state = {
  words: [],
  practising: null,  // the word asked now (an entry of state.words), or null
  queue: [],         // the words still to ask in this pass, in their shuffled order
  listNames: new Map(),  // a word list's name -> its title (from /api/dictionaries)
  persisted: null,   // whether the browser keeps this site's storage for good; null: not known yet
  listed: { "to-learn": 0, learned: 0 },  // how many cards each section lists now (renderLists)
  showHeld: null,        // the timer that gives Show the word back after a press (showWord)
  movedAt: -Infinity,    // when (performance.now()) a Remove or Learn again last moved a card
  toastTimer: null,      // the timer that fades the status toast (say)
};

// The second tap of a double tap lands on what the first put under the finger: Show the word's
// on the next word's clue (shown at once from a kept meaning), a card's Remove or Learn again
// on the next card's. Show the word is disabled for TAP_GAP_MS after it is pressed, and a
// Remove or Learn again within TAP_GAP_MS of a card taken out of its list does nothing: no one
// reads a new clue, or the next card, and acts that fast. (Remove and Learn again are not
// disabled: the focus goes to a card's Remove. Show the word was disabled after every new
// clue, also one asked after an answer typed with Enter or Check, whose second press is a
// Check of an empty box, which does nothing: greyed for nothing under the eyes of a player
// who knew they did not know the next word.)
const TAP_GAP_MS = 400;

// A section lists its first PAGE_CARDS cards (of those the filter matches), and a "Show more"
// button lists PAGE_CARDS more each press: a list of thousands of words is not thousands of
// cards made anew at each answer (measured at 390x844: 5,000 cards took 2.8 s an answer).
const PAGE_CARDS = 100;
const shownNames = new Map();  // "list:word" -> the name its card shows once its meaning came

// The random numbers practise shuffles with: Math.random, or, with ?seed=N in the page's
// address (for tests), a seeded generator, so the order is the same each time:
// `seeded(1)()` is a number in [0, 1), the same for the same seed.
function seeded(seed) {
  let value = seed >>> 0;
  return () => {  // mulberry32
    value = (value + 0x6d2b79f5) >>> 0;
    let t = value;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const seedParam = new URLSearchParams(location.search).get("seed");
const random = seedParam !== null && /^\d{1,9}$/.test(seedParam) ? seeded(Number(seedParam)) : Math.random;

// `items` in a shuffled order (Fisher-Yates, with `random`), as a new array.
function shuffled(items) {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
const meanings = new Map();  // "list:word" -> a promise of { definitions, url } or { error }

const keyOf = (entry) => `${entry.list ?? ""}:${entry.word}`;

// At most LOOK_UPS look-ups at a time: a long list does not flood the server.
const LOOK_UPS = 4;
let running = 0;
const waiting = [];  // { key, go }: the look-ups waiting for their turn, in turn

// A finished look-up hands its place to the next one waiting (`running` stays the same), so
// no new look-up can slip in between and make it LOOK_UPS + 1. `key`: the word's (keyOf), for
// hurry.
async function inTurn(task, key) {
  if (running >= LOOK_UPS) await new Promise((go) => waiting.push({ key, go }));
  else running += 1;
  try {
    return await task();
  } finally {
    const next = waiting.shift();
    if (next) next.go();
    else running -= 1;
  }
}

// The look-up of the word `key` waiting, if it is, made the next one asked: a practise clue
// waits for its meaning, while the cards' can wait (a first visit's practise, on a slow
// network, showed no clue for seconds, its look-up behind those of the cards on the screen).
function hurry(key) {
  const at = waiting.findIndex((turn) => turn.key === key);
  if (at > 0) waiting.unshift(...waiting.splice(at, 1));
}

// The meanings looked up before, kept in this browser (key "boggle-learn-meanings": "list:word"
// -> the answer's fields the page shows, and `on`, the day it was looked up): shown without
// asking the server again while younger than MEANING_DAYS days (an older one, or one stored
// without its day, is shown at once and looked up again when its card comes into view), and
// when the server cannot be reached: My words on a phone offline still shows them and
// practises with them. Only the kept words' are kept.
const SHOWN_FIELDS = [
  "definitions", "source", "base", "forms", "url", "written", "word_list", "in_word_list", "did_you_mean",
  "did_you_mean_written",
];
const MEANING_DAYS = 28;
let keptMeanings = null;  // read once, when first needed
let storeMeanings = null;  // the pending write (one for many look-ups)

function storedMeanings() {
  if (keptMeanings === null) {
    try {
      const data = JSON.parse(localStorage.getItem(MEANINGS_KEY) ?? "{}");
      keptMeanings = data && typeof data === "object" && !Array.isArray(data) ? data : {};
    } catch (error) {
      keptMeanings = {};
    }
  }
  return keptMeanings;
}

// `found` (an answer of /api/define) kept for the word `key`, its first meaning only, stored
// a moment later with the others looked up meanwhile; the words no longer kept dropped.
function keepMeaning(key, found) {
  const shown = {};
  for (const field of SHOWN_FIELDS) shown[field] = found[field];
  if (Array.isArray(shown.definitions)) shown.definitions = shown.definitions.slice(0, 1);
  shown.on = today();
  storedMeanings()[key] = shown;
  clearTimeout(storeMeanings);
  storeMeanings = setTimeout(writeMeanings, 300);
}

// The kept meanings stored, those of words no longer kept dropped (after a removal, Clear all).
function writeMeanings() {
  const kept = new Set(state.words.map(keyOf));
  const all = storedMeanings();
  for (const name of Object.keys(all)) if (!kept.has(name)) delete all[name];
  try {
    if (Object.keys(all).length) localStorage.setItem(MEANINGS_KEY, JSON.stringify(all));
    else localStorage.removeItem(MEANINGS_KEY);
  } catch (error) {
    // storage off or full: the meanings are looked up again next time
  }
}

// A kept meaning as showMeaning reads it, or null for one this page did not write.
function keptMeaning(key) {
  const kept = hasOwn(storedMeanings(), key) ? storedMeanings()[key] : null;
  if (!kept || typeof kept !== "object") return null;
  const texts = (value) => Array.isArray(value) && value.every((text) => typeof text === "string");
  const url = kept.url === null || (typeof kept.url === "string" && kept.url.startsWith("https://"));
  return texts(kept.definitions) && texts(kept.forms) && texts(kept.written) && url ? kept : null;
}

// A kept meaning looked up less than MEANING_DAYS days ago (shown without asking), or null.
function freshMeaning(key) {
  const kept = keptMeaning(key);
  const on = typeof kept?.on === "string" && /^\d{4}-\d{2}-\d{2}$/.test(kept.on) ? kept.on : null;
  return on && on <= today() && addDays(on, MEANING_DAYS) > today() ? kept : null;
}

// The meaning of the kept word `entry`: a promise of the answer of /api/define (at most
// LOOK_UPS at a time), or of the meaning kept from a look-up less than MEANING_DAYS days ago,
// without asking.
function meaningOf(entry) {
  const key = keyOf(entry);
  const fresh = meanings.has(key) ? null : freshMeaning(key);
  if (fresh) meanings.set(key, Promise.resolve(fresh));
  if (!meanings.has(key)) {
    const params = new URLSearchParams({ word: entry.word });
    if (entry.list) params.set("dict", entry.list);
    // a look-up that failed is not kept: the word is looked up again when next shown; the
    // server not reached, the meaning kept from an earlier look-up is shown meanwhile. A list
    // the server does not have is its answer, kept: the word is not looked up again.
    meanings.set(key, inTurn(() => api(`/api/define?${params}`), key).then((found) => {
      keepMeaning(key, found);
      return found;
    }, (error) => {
      const noList = error.status === 400 && entry.list && error.message.startsWith("unknown word list");
      if (!noList) meanings.delete(key);
      return keptMeaning(key) ?? { error: error.message, noList };
    }));
  }
  return meanings.get(key);
}

// The meaning boxes whose words are looked up once they come near the screen (a list of
// thousands asks for the few a learner sees, not for all of them at each visit); without
// IntersectionObserver (an old browser) each is looked up at once.
const lookUpLater = new WeakMap();  // a box -> its look-up
const nearScreen = typeof IntersectionObserver === "function"
  ? new IntersectionObserver((seen) => {
    for (const { target, isIntersecting } of seen) {
      if (!isIntersecting || !lookUpLater.has(target)) continue;
      nearScreen.unobserve(target);
      const lookUp = lookUpLater.get(target);
      lookUpLater.delete(target);
      lookUp();
    }
  }, { rootMargin: "100% 0px" })
  : null;

// What the kept word `entry` means, into its card's element `box`: a meaning looked up on this
// visit, or kept from one less than MEANING_DAYS days ago, at once; else the kept one, if
// any, at once, and the word looked up when the card comes near the screen.
function showMeaning(entry, box) {
  const key = keyOf(entry);
  if (meanings.has(key) || freshMeaning(key) || !nearScreen) {
    lookUpMeaning(entry, box);
    return;
  }
  const kept = keptMeaning(key);
  if (kept) fillMeaning(entry, box, kept);
  lookUpLater.set(box, () => lookUpMeaning(entry, box));
  nearScreen.observe(box);
}

// What a word card and the practise clue say while a meaning is looked up: one wording for both
// (the card said "looking it up...", the clue "Loading the meaning…").
const LOADING_MEANING = "Loading the meaning…";

async function lookUpMeaning(entry, box) {
  if (!box.childNodes.length) box.textContent = LOADING_MEANING;
  fillMeaning(entry, box, await meaningOf(entry));
}

function fillMeaning(entry, box, found) {
  box.replaceChildren();
  box.classList.remove("missing");
  const name = box.closest(".kept-word")?.querySelector(".kept-name");
  if (Array.isArray(found.written) && found.written.length) {
    shownNames.set(keyOf(entry), namedWord(entry.word, found.written));  // AEREA (aérea)
    if (name) name.textContent = shownNames.get(keyOf(entry));
  }
  if (found.noList) {
    box.textContent = `no definition: this server does not have the word list “${entry.list}”`;
    box.classList.add("missing");
  } else if (found.error) {
    box.textContent = "no definition: it could not be looked up now";
    box.classList.add("missing");
  } else if (notListed(found)) {  // a kept word its list lacks: no link that says it is one
    box.textContent = `no definition: ${notListed(found)}`;
    box.classList.add("missing");
  } else if (found.url) {
    const link = document.createElement("a");
    link.href = found.url;
    link.target = "_blank";
    link.rel = "noopener";
    // as the language writes the word, where its list folds it: "aérea on Wiktionary"
    const written = Array.isArray(found.written) && found.written.length ? found.written.join(" / ") : "";
    link.textContent = `${written || entry.word.toUpperCase()} on Wiktionary`;
    box.append(link);
  } else if (found.definitions && found.definitions.length) {
    // what form it is first: "(plural of lapse) a mistake resulting from inattention"
    const forms = Array.isArray(found.forms) && found.forms.length ? `(${found.forms.join("; ")}) ` : "";
    box.textContent = forms + found.definitions[0];
  } else {
    // say why: the word is in the game's list but not in the dictionary the meanings come from
    const source = found.source ? ` (${found.source})` : "";
    box.textContent = `no definition: not in the dictionary${source}`;
    box.classList.add("missing");
  }
}

// The words as stored now, into state.words: another tab (a round's "+ learn", My words open
// twice) may have changed them since this page read them. The entries this page holds stay the
// same objects (practise and the buttons refer to them), their fields brought up to date; a
// stored value that cannot be read leaves the list as it is.
function reloadWords() {
  const { words, problem } = loadWords();
  if (problem) return;
  const held = new Map(state.words.map((entry) => [keyOf(entry), entry]));
  state.words = words.map((entry) => {
    const same = held.get(keyOf(entry));
    return same ? Object.assign(same, entry) : entry;
  });
}

// Another tab changed the kept words: shown here at once; a word being practised that is gone
// or answered there (no longer due) makes way for the next.
function storedElsewhere(event) {
  if (event.key === ANSWERS_KEY || event.key?.startsWith(`${ANSWERS_KEY}-`)) {  // an answer there: its word's progress alone
    if (!withAnswers(state.words, readAnswers())) return;
  } else if (event.key === LEARN_KEY || event.key === null) {
    reloadWords();
  } else {
    return;
  }
  render();
  if (state.practising && !state.words.some((entry) => entry === state.practising && isDue(entry))) {
    nextClue();
  }
}

// Each change is one change to the list as stored now (reloadWords first), then kept whole;
// false (and said) when the browser refused it: the line saying what was done is not shown
// over that. (A practice answer stores its word's progress alone: saveAnswer.)
function save() {
  const saved = saveWords(state.words);
  if (!saved) sayError("This browser refused to keep the change (storage is off or full).");
  writeMeanings();
  return saved;
}

// What an action did, in the page's status line: a toast at the foot of the screen (a polite
// live region, so a screen reader says it too), shown for a while, a long line longer; the
// line under the lists it was before was off a phone's screen after a Remove or a file added.
// Its text stays once faded (the last thing done, for a screen reader's reading of the page).
// An error (a change the browser refused to keep, a file not read) does not fade: it stays
// until the next message or a tap on it, so a learner who looked away still reads it.
const TOAST_MS = 6000;
const TOAST_MS_A_CHARACTER = 60;

function say(text, { error = false } = {}) {
  const line = $("words-status");
  announce(line, text);  // said again when it is the message shown (Save to a file twice)
  line.classList.toggle("toast-shown", Boolean(text));
  line.classList.toggle("toast-error", Boolean(text) && error);
  clearTimeout(state.toastTimer);
  if (text && !error) {
    state.toastTimer = setTimeout(() => line.classList.remove("toast-shown"),
      Math.max(TOAST_MS, text.length * TOAST_MS_A_CHARACTER));
  }
}

function sayError(text) {
  say(text, { error: true });
}

// A tap on an error's toast puts it away (its text stays, as a faded toast's does).
function dismissToast() {
  const line = $("words-status");
  line.classList.remove("toast-shown", "toast-error");
}

// ------------------------------------------------------------------ the lists

// A list's title in a span that fetchListNames names again once the titles come.
function listSpan(name) {
  const span = document.createElement("span");
  span.className = "kept-list";
  span.dataset.list = name;
  span.textContent = listName(name);
  return span;
}

// The kept words' one list, named once above them; null when they come from several (each
// card names its own) or from none named.
function oneList() {
  const lists = new Set(state.words.map((entry) => entry.list ?? ""));
  return lists.size === 1 && !lists.has("") ? [...lists][0] : null;
}

function keptItem(entry, namedAbove) {
  const item = document.createElement("li");
  item.className = "kept-word";
  item.dataset.word = entry.word;
  item.dataset.key = keyOf(entry);
  const head = document.createElement("p");
  head.className = "kept-head";
  const word = document.createElement("strong");
  word.className = "kept-name";
  word.textContent = shownNames.get(keyOf(entry)) ?? entry.word.toUpperCase();
  if (entry.list) markLanguage(word, entry.list);  // a Spanish list's word said as Spanish
  const about = document.createElement("span");
  about.className = "help";
  if (entry.list && !namedAbove) about.append(listSpan(entry.list), " · ");
  // each part whole on its line ("2026-11-28" is not cut at its hyphen): lines break at " · "
  const kept = entry.date ? `kept ${entry.date}` : "";
  const parts = [levelName(entry.level), counted(entry.points, "point"), kept, practisedText(entry), dueText(entry)]
    .filter(Boolean);
  parts.forEach((text, index) => {
    const part = document.createElement("span");
    part.className = "kept-about";
    part.textContent = text;
    about.append(...(index ? [" · ", part] : [part]));
  });
  head.append(word, about);
  const meaning = document.createElement("p");
  meaning.className = "kept-meaning";
  showMeaning(entry, meaning);
  const actions = document.createElement("div");
  actions.className = "kept-actions";
  if (entry.learned) actions.append(wordAction("Learn again", "again", entry, learnAgain));
  actions.append(wordAction("Remove", "remove", entry, removeWord));
  item.append(head, meaning, actions);
  return item;
}

// When the kept word `entry` was learned (a learned word whose day is known) or last practised,
// for its card: "learned 2026-11-20", "practised 2026-11-28", or null (never practised).
function practisedText(entry) {
  if (entry.learned && entry.learned_on) return `learned ${entry.learned_on}`;
  return entry.practised ? `practised ${entry.practised}` : null;
}

// When the kept word `entry` is next asked, for its card: "due 2026-12-02", "due today" (a
// learned word's review), or null (a word to learn, asked at once).
function dueText(entry) {
  if (!isDue(entry)) return `due ${entry.due}`;
  return entry.learned ? "due today" : null;
}

// A button acting on one kept word: "Remove", named "Remove LIMBO" to a screen reader.
function wordAction(label, className, entry, act) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = `secondary ${className}`;
  const name = document.createElement("span");
  name.className = "visually-hidden";
  name.textContent = ` ${entry.word.toUpperCase()}`;
  button.append(label, name);
  button.addEventListener("click", () => act(entry));
  return button;
}

// `shown`: an entry whose card is to be listed (the one just moved), however far down.
function render(shown = null) {
  const learning = state.words.filter((entry) => !entry.learned);
  const learned = state.words.filter((entry) => entry.learned);
  const list = oneList();  // one list: named once, not on every card (noise on a phone)
  $("words-list-line").replaceChildren(...(list ? ["Words of ", listSpan(list), "."] : []));
  $("words-list-line").hidden = !list;
  renderLists(shown);
  $("words-empty").hidden = state.words.length > 0;
  $("clear").hidden = !state.words.length;
  $("practise").hidden = !state.words.length;
  $("export-words").hidden = !state.words.length;
  if (!state.words.length) $("move-words").open = true;  // a new browser's way to its words
  const due = state.words.filter((entry) => isDue(entry));
  $("practise-due").textContent = dueLine(due.length);
  $("practise-start").disabled = !due.length;
  $("words-progress").textContent = state.words.length ? progressLine(state.words) : "";
  $("words-progress").hidden = !state.words.length;
  $("words-find").hidden = !state.words.length;
  showBackupNote();
  document.body.dataset.words = String(learning.length);
  document.body.dataset.learned = String(learned.length);
  document.body.dataset.due = String(due.length);
}

// The letters typed in the filter box as a word is compared with them: trimmed, NFKC (as
// practise reads typing), lowercase.
function filterText() {
  return $("words-filter").value.trim().normalize("NFKC").toLowerCase();
}

// `text` without its accents, as the filter compares: "aérea" and "aerea" are "aerea", "ñ" is
// "n" (a list that folds its words keeps "aerea": typed "aé" finds it before its meaning came).
function unaccented(text) {
  return text.normalize("NFD").replace(/\p{M}/gu, "");
}

// The cards of the words whose word holds the filter's letters, accents or not, as kept
// (aerea) or as shown once its meaning came (AEREA (aérea)), the first PAGE_CARDS of each
// section (or as many as listed before: `state.listed`) and a button for more; a line says
// how many match, and each section's title how many of its words: "To learn (2 of 15)". An
// empty filter lists them all. `shown`: an entry whose card is listed, however far down.
function renderLists(shown = null) {
  nearScreen?.disconnect();  // the cards are made anew: their boxes are observed again
  const filter = filterText();
  const plain = unaccented(filter);
  const matches = (entry) => !filter || [entry.word, (shownNames.get(keyOf(entry)) ?? "").toLowerCase()]
    .some((text) => text.includes(filter) || unaccented(text).includes(plain));
  const one = oneList() !== null;
  let found = 0;
  for (const [id, title, learned] of [["to-learn", "To learn", false], ["learned", "Learned", true]]) {
    const all = state.words.filter((entry) => entry.learned === learned);
    const matching = all.filter(matches);
    found += matching.length;
    const at = shown ? matching.indexOf(shown) : -1;
    state.listed[id] = Math.max(state.listed[id] || PAGE_CARDS, at + 1);
    const listed = Math.min(matching.length, state.listed[id]);
    $(`${id}-list`).replaceChildren(...matching.slice(0, listed).map((entry) => keptItem(entry, one)));
    const more = $(`${id}-more`);
    const left = matching.length - listed;
    more.hidden = left <= 0;
    more.textContent = `Show ${Math.min(left, PAGE_CARDS)} more (${left.toLocaleString("en")} not shown)`;
    $(id).hidden = !all.length || !matching.length;
    const text = filter ? `${title} (${matching.length} of ${all.length})` : `${title} (${all.length})`;
    if ($(`${id}-title`).textContent !== text) $(`${id}-title`).textContent = text;
  }
  const total = state.words.length;
  const line = $("words-found");
  const text = !filter ? "" : found
    ? `${found} of ${counted(total, "word")} ${found === 1 ? "matches" : "match"} “${filter}”.`
    : `No kept word matches “${filter}”.`;
  if (line.textContent !== text) line.textContent = text;
  document.body.dataset.shown = String(found);
}

// The filter changed: the cards it matches listed from the top, PAGE_CARDS a section.
function showFiltered() {
  state.listed = { "to-learn": PAGE_CARDS, learned: PAGE_CARDS };
  renderLists();
}

// PAGE_CARDS more cards of the section `id` listed; the focus goes to the first of them.
function showMore(id) {
  const before = $(`${id}-list`).children.length;
  state.listed[id] += PAGE_CARDS;
  renderLists();
  const first = $(`${id}-list`).children[before];
  (first?.querySelector("button.remove") ?? $(`${id}-title`)).focus();
}

// How many words are due today, or, with none, when the next one is: "3 words due today.",
// "No word is due today; the next on 2026-12-02.".
function dueLine(count) {
  if (count) return `${counted(count, "word")} due today.`;
  return nextDay() ? `No word is due today; the next on ${nextDay()}.` : "";
}

// The first day a kept word is due on after today's (YYYY-MM-DD), or undefined.
function nextDay() {
  return state.words.filter((entry) => !isDue(entry)).map((entry) => entry.due).sort()[0];
}

// A word list's title, as every page names it: "English (111,817 words)" for en-70 (the
// server's, GET /api/dictionaries); the name itself for a list the server does not offer (or
// before the titles came).
function listName(name) {
  return state.listNames.get(name) ?? name;
}

// The titles of the server's lists, then shown on the words already listed; without them the
// lists' names stay.
async function fetchListNames() {
  try {
    state.listNames = await wordListTitles();
  } catch (error) {
    return;
  }
  for (const span of document.querySelectorAll(".kept-list")) span.textContent = listName(span.dataset.list);
}

// A learned word back among those to learn (its streak from 0, due at once); the focus goes to
// it there.
function learnAgain(entry) {
  if (performance.now() - state.movedAt < TAP_GAP_MS) return;  // a double tap's second
  state.movedAt = performance.now();
  reloadWords();
  const practised = entry.practised;
  answered(entry, false);
  entry.practised = practised;  // moved back, not practised
  const saved = save();
  render(entry);
  if (saved) say(`${entry.word.toUpperCase()} is back in To learn.`);
  const item = [...$("to-learn-list").children].find((li) => li.dataset.key === keyOf(entry));
  (item?.querySelector("button.remove") ?? $("words-title")).focus();
}

function removeWord(entry) {
  if (performance.now() - state.movedAt < TAP_GAP_MS) return;  // a double tap's second
  state.movedAt = performance.now();
  const list = entry.learned ? $("learned-list") : $("to-learn-list");
  const items = [...list.children];
  const at = items.findIndex((item) => item.dataset.key === keyOf(entry));
  reloadWords();
  state.words = state.words.filter((other) => other !== entry);
  const saved = save();
  if (state.practising === entry) nextClue();
  render();
  if (saved) say(`${entry.word.toUpperCase()} removed.`);
  // the focus stays in the list: on the word now in its place, else on the page's title
  const next = list.children[Math.min(at, list.children.length - 1)];
  (next?.querySelector("button.remove") ?? $("words-title")).focus();
}

// ------------------------------------------------------------------ practise

// The other kept words a letters clue for `entry` could fit: its length, on its board.
function clueRivals(entry) {
  return state.words.filter(
    (other) =>
      other.word !== entry.word &&
      other.word.length === entry.word.length &&
      (other.board ?? "") === (entry.board ?? ""),
  );
}

// The first letters of `entry` a clue gives: enough that no other kept word of its length on
// its board starts the same way, so the clue fits one kept word. For example CASA beside
// CAMA and CAPA on one board starts "CAS"; FAME alone starts "F".
function cluePrefix(entry) {
  const rivals = clueRivals(entry);
  let length = 1;
  while (
    length < entry.word.length - 1 &&
    rivals.some((other) => other.word.startsWith(entry.word.slice(0, length)))
  ) {
    length += 1;
  }
  return entry.word.slice(0, length);
}

// Endings after which a word in a meaning is still the word, as boggle.game.hints.INFLECTIONS.
const INFLECTIONS = ["s", "es", "d", "ed", "ing", "er", "ers", "est", "ly", "'s"];

// `text` with `word` (any case, alone or with an ending of INFLECTIONS, its last letter maybe
// doubled before a vowel's) written as blanks, as boggle.game.hints.masked does: a longer word
// that merely holds it is left whole (SOL in "a solid", ARE in "area"). The character before
// the word is matched and put back, not looked behind at: Safari before 16.4 (an iPhone on
// iOS 15) throws on a lookbehind, and practise stopped at its first clue there.
//   masked("domestic cats; a Cat show", "cat") -> "domestic ___s; a ___ show"
function masked(text, word) {
  if (!word) return text;
  const escape = (value) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const doubled = `${escape(word.slice(-1))}?`;
  const endings = INFLECTIONS.map((ending) => ("aeiou".includes(ending[0]) ? doubled : "") + escape(ending));
  const letter = "[\\p{L}\\p{N}_]";
  const pattern = new RegExp(`(^|[^\\p{L}\\p{N}_])${escape(word)}(?=(?:${endings.join("|")})?(?!${letter}))`, "giu");
  return text.replace(pattern, (_, before) => before + "_".repeat(word.length));
}

// The clue for `entry`, into #practise-clue: its meaning with the word blanked out, or,
// without one, its length, first letters (as many as tell it from the other kept words) and
// the board it was on. While the meaning is looked up the clue says so (it was blank: on a
// slow network a learner saw nothing to answer, for seconds); a look-up that failed is said
// under the clue (#practise-clue-note), where a letters clue stands in for the meaning.
async function showClue(entry) {
  const clue = $("practise-clue");
  const loading = document.createElement("span");
  loading.className = "clue-loading";
  loading.textContent = LOADING_MEANING;
  clue.replaceChildren(loading);  // not painted when the meaning is at hand (kept, or fetched)
  clue.setAttribute("aria-busy", "true");
  delete clue.dataset.word;
  delete clue.dataset.prefix;
  delete clue.dataset.written;
  const note = $("practise-clue-note");
  note.hidden = true;
  note.textContent = "";
  const meaning = meaningOf(entry);
  hurry(keyOf(entry));
  const found = await meaning;
  if (state.practising !== entry) return;
  clue.replaceChildren();
  clue.removeAttribute("aria-busy");
  if (found.error) {
    note.textContent = found.noList
      ? `No meaning: this server does not have the word list “${entry.list}”. A clue from its letters instead.`
      : "No meaning: it could not be looked up now. A clue from its letters instead.";
    note.hidden = false;
  }
  if (Array.isArray(found.written) && found.written.length) clue.dataset.written = found.written.join("\n");
  const letters = `${entry.word.length} letters`;
  const definition = !found.error && !found.url && found.definitions?.[0];
  if (definition) {
    // its base form, then the word, blanked, as boggle.game.hints.hint_definition does:
    // PERFORMS's "carry out or perform an action" would give it away, and CATS's "domestic
    // cats" is "domestic ___s" (a base of several words, status_quo for QUO, is the clue itself)
    const base = typeof found.base === "string" && /^\p{L}+$/u.test(found.base) ? found.base : "";
    clue.append(`${masked(masked(definition, base), entry.word)} (${letters})`);
  } else {
    clue.dataset.prefix = cluePrefix(entry);
    clue.append(`${letters}, starting with ${clue.dataset.prefix.toUpperCase()}`);
    if (entry.board) {
      clue.append(", on the board ");
      const board = document.createElement("span");
      board.className = "clue-board";
      board.textContent = entry.board.toUpperCase();
      clue.append(board);
    }
  }
  clue.dataset.word = entry.word;
  if (document.activeElement === $("practise-input")) showClueAndBox();  // its new height
}

// The next word to practise, or the end of practise: the words due today, the learned ones'
// reviews first, each group in a shuffled order, each word once a pass; a new pass does not
// start with the word just asked. A word answered right is due days later, so it leaves.
function nextClue() {
  const due = state.words.filter((entry) => isDue(entry));
  if (!due.length) {
    stopPractise();
    return;
  }
  const last = state.practising;
  state.queue = state.queue.filter((entry) => due.includes(entry) && entry !== last);
  if (!state.queue.length) {
    const reviews = due.filter((entry) => entry.learned);
    state.queue = [...shuffled(reviews), ...shuffled(due.filter((entry) => !entry.learned))];
    if (state.queue.length > 1 && state.queue[0] === last) state.queue.push(state.queue.shift());
  }
  state.practising = state.queue.shift();
  showClue(state.practising);
  $("practise-input").value = "";
}

function startPractise() {
  state.queue = [];
  state.practising = null;
  $("practise-form").hidden = false;
  $("practise-start").hidden = true;
  $("practise-verdict").textContent = "";
  nextClue();
  $("practise-input").focus({ preventScroll: true });
  showClueAndBox();
}

// The clue and the word box both on the screen: the box focused came just into view at the
// foot of a small phone's screen (320x568), the clue above it out of sight. Scrolled the least
// that shows the box, a margin under it, but never so far that the clue's top goes off. The
// screen is the visual viewport where there is one (what an iPhone's keyboard leaves).
function showClueAndBox() {
  const margin = 8;
  const visual = window.visualViewport;
  const shown = visual ? visual.offsetTop : 0;
  const height = visual ? visual.height : window.innerHeight;
  const top = $("practise-clue").getBoundingClientRect().top;
  const bottom = $("practise-input").getBoundingClientRect().bottom;
  let by = 0;
  if (bottom > shown + height - margin) by = bottom - (shown + height - margin);
  if (top - by < shown + margin) by = top - shown - margin;
  if (by) window.scrollBy({ top: by, behavior: "instant" });
}

// A phone's keyboard opens after the tap on Practise (and opens, closes or changes height as
// the player goes on): the box focused at once was brought into view for the whole screen, and
// the keyboard then covered it. While practise has the focus the clue and the box follow the
// visual viewport's resizes (an iPhone's keyboard; Android's resizes the page's viewport too),
// not a pinch zoom's (its scale changes: the player reading closer).
let practiseScale = window.visualViewport ? window.visualViewport.scale : 1;

function followKeyboard() {
  const visual = window.visualViewport;
  if (visual) {
    const zoomed = visual.scale !== practiseScale;
    practiseScale = visual.scale;
    if (zoomed) return;
  }
  if (state.practising !== null && document.activeElement === $("practise-input")) showClueAndBox();
}

if (window.visualViewport && typeof window.visualViewport.addEventListener === "function") {
  window.visualViewport.addEventListener("resize", followKeyboard);
} else {
  window.addEventListener("resize", followKeyboard);
}

// The end of practise; the focus, when it was in the practise form (the last word just
// learned), goes to the verdict rather than dropping to the page's body.
function stopPractise() {
  const wasOn = state.practising !== null;
  const hadFocus = $("practise-form").contains(document.activeElement);
  state.practising = null;
  $("practise-form").hidden = true;
  $("practise-start").hidden = false;
  render();
  if (wasOn && !state.words.some((entry) => isDue(entry))) {
    say(nextDay() ? `Nothing more to practise today: the next word is due on ${nextDay()}.` : "");
  }
  if (hadFocus) $("practise-verdict").focus();
}

// Whether `typed` is another kept word that fits the letters clue shown for `entry` (same
// length, board and first letters): right for the clue, though not the word asked.
function fitsClueToo(typed, entry) {
  const prefix = $("practise-clue").dataset.prefix;
  return (
    prefix !== undefined &&
    typed.startsWith(prefix) &&
    clueRivals(entry).some((other) => other.word === typed)
  );
}

// How the language writes the word asked (aérea for the Spanish list's aerea), as its clue
// was given it: typed so, the word is right.
function writtenForms() {
  const written = $("practise-clue").dataset.written;
  return written ? written.split("\n") : [];
}

// Whether `typed` (read as a round reads typing) is the word asked, as a round of its language
// reads it (boggle.game.kept_words.typed_is): as the list holds it, as the language writes it
// (aérea for the Spanish list's aerea), or, an English word, with accents its lists have no
// letter for (naïve for naive, as a round counts it).
function typedIs(entry, typed) {
  if (typed === entry.word || writtenForms().some((form) => form.toLowerCase() === typed)) return true;
  const english = !entry.language || entry.language === "en";
  return english && /^[a-z]+$/.test(entry.word) && unaccented(typed) === entry.word;
}

// The word asked as a verdict names it: "AEREA (aérea)".
function shownWord(entry) {
  return namedWord(entry.word, writtenForms());
}

function answer(event) {
  event.preventDefault();
  const entry = state.practising;
  if (!entry) return;
  // read as a round reads typing (NFKC): fullwidth ＦＡＭＥ is FAME, Dutch's one-character ĳ is IJ,
  // and a letter for a letter: GĘSİ is gęsi (toLowerCase wrote İ as i and a combining dot)
  const typed = lowerLetters($("practise-input").value.trim());
  if (!typed) return;
  const verdict = $("practise-verdict");
  const word = shownWord(entry);
  if (fitsClueToo(typed, entry)) {
    announce(verdict, `${typed.toUpperCase()} fits too, but it is another kept word: try the other one.`);
    verdict.className = "feedback";
    $("practise-input").value = "";
    $("practise-input").focus();
    return;
  }
  const wasLearned = entry.learned;
  if (typedIs(entry, typed)) {
    answered(entry, true);
    announce(verdict, `Right: ${word}. ${rightNext(entry, wasLearned)}`);
    verdict.className = "feedback good";
  } else {
    answered(entry, false);
    announce(verdict, `Not quite: the word is ${word}.` + (wasLearned ? " Back to To learn." : ""));
    verdict.className = "feedback bad";
  }
  storeAnswer(entry);
  render();
  nextClue();
  if (state.practising) $("practise-input").focus();
}

// The answer just given to `entry` stored (its progress alone: the list as another tab stored
// it stays, and its changes come here by the storage event); when the browser refuses, the
// verdict (where a player practising looks: the page's status line is below the lists, off a
// phone's screen) says so.
function storeAnswer(entry) {
  if (saveAnswer(entry)) return;
  $("practise-verdict").textContent += " This browser refused to keep the answer (storage is off or full).";
}

// What comes next for `entry` just answered right: "Again tomorrow: right then too and it is
// learned.", "Twice in a row: learned. Review in 3 days.", "Next review in 7 days.".
function rightNext(entry, wasLearned) {
  const days = INTERVALS[entry.streak - 1];
  const when = days === 1 ? "tomorrow" : `in ${days} days`;
  if (!entry.learned) return `Again ${when}: right then too and it is learned.`;
  if (!wasLearned) return `Twice in a row: learned. Review ${when}.`;
  return `Next review ${when}.`;
}

function showWord() {
  const entry = state.practising;
  if (!entry) return;
  holdShow();  // a double tap's second lands on nothing
  const wasLearned = entry.learned;
  answered(entry, false);
  const verdict = $("practise-verdict");
  announce(verdict, `The word is ${shownWord(entry)}.` + (wasLearned ? " Back to To learn." : ""));
  verdict.className = "feedback bad";
  storeAnswer(entry);
  render();
  nextClue();
  $("practise-input").focus();
}

// Show the word disabled for TAP_GAP_MS.
function holdShow() {
  const button = $("practise-show");
  button.disabled = true;
  clearTimeout(state.showHeld);
  state.showHeld = setTimeout(() => {
    button.disabled = false;
  }, TAP_GAP_MS);
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
    const saved = save();
    render();
    if (saved) say("All words removed.");
    $("words-title").focus();
  } else {
    $("clear-all").focus();
  }
}

// ------------------------------------------------------------------ another browser

// A browser that may delete the kept words (Safari: after 7 days without a visit, unless the
// page is on the home screen; any, to free space) while their reviews are 21 and 60 days
// apart: where the storage is not kept for good (navigator.storage.persisted false, or no way
// to ask), a short note suggests Save to a file, once the list has changed since it was last
// saved (or never was) and BACKUP_EVERY days have passed since that save (or since the
// first word was kept). Saving hides it; nothing else does, and it is one line.
const SAVED_KEY = "boggle-learn-saved";  // { day, sum } of the last Save to a file
const BACKUP_EVERY = 7;

// A short checksum of `text` (FNV-1a, 32 bits, as hex): whether the list changed since saved.
function checksum(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16);
}

function lastSaved() {
  try {
    const saved = JSON.parse(localStorage.getItem(SAVED_KEY) ?? "null");
    const day = /^\d{4}-\d{2}-\d{2}$/;
    return saved && day.test(saved.day) && typeof saved.sum === "string" ? saved : null;
  } catch (error) {
    return null;
  }
}

async function checkPersisted() {
  try {
    const storage = navigator.storage;
    state.persisted = typeof storage?.persisted === "function" ? Boolean(await storage.persisted()) : false;
  } catch (error) {
    state.persisted = false;
  }
  showBackupNote();
}

function showBackupNote() {
  const saved = lastSaved();
  const dates = state.words.map((entry) => entry.date).filter(Boolean).sort();
  const since = saved?.day ?? dates[0];
  const due = Boolean(since) && addDays(since, BACKUP_EVERY) <= today();
  // the checksum last: the list written out whole (1 MB at 5,000 words) only where it tells
  const changed = () => !saved || saved.sum !== checksum(wordsText(state.words));
  $("words-backup").hidden = state.persisted !== false || !state.words.length || !due || !changed();
  $("words-backup-when").textContent = saved ? ` Last saved ${saved.day}.` : "";
}

// Save to a file: the kept words as this browser stores them, in boggle-words-DATE.json, for
// "Add from a file" in another browser (or this one, once cleared).
function exportWords() {
  reloadWords();
  const name = `boggle-words-${today()}.json`;
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([wordsText(state.words)], { type: "application/json" }));
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60000);
  try {
    localStorage.setItem(SAVED_KEY, JSON.stringify({ day: today(), sum: checksum(wordsText(state.words)) }));
  } catch (error) {
    // storage off: the note stays
  }
  showBackupNote();
  say(`Saved ${counted(Math.min(state.words.length, MOST_KEPT), "word")} to ${name}.`);
}

const MOST_FILE_BYTES = 4000000;  // as boggle.game.kept_words's: 5,000 words take about 1.1 MB

// An entry's fields that say how far it is learned: taken from a file's entry practised later.
const PROGRESS = ["learned", "streak", "due", "practised", "learned_on"];

// Add from a file saved by "Save to a file": its words not kept here already, after those kept
// (a word kept in both keeps this browser's count and whether it is learned, unless the file's
// was practised later: then it takes the file's, as boggle.game.kept_words.with_progress does,
// so a word practised in the terminal, or on another phone, after this browser is where it was
// left), as many as fit; those of an old file, without due days, spread over the days after the
// words due here.
async function importWords(file) {
  let words = null;
  if (file.size <= MOST_FILE_BYTES) {
    try {
      reloadWords();  // its words without due days spread after those due here already
      words = readWords(await file.text(), today(), state.words);
    } catch (error) {
      words = null;
    }
  }
  if (!words) {
    sayError(`${file.name} is not a file of words saved by My words.`);
    return;
  }
  const lists = await learnLists();
  reloadWords();  // after the wait: an answer another tab gave meanwhile is taken in, not marked so alone
  const isKept = keptAlready(state.words);
  const read = withLanguages(words, lists).words;
  const fresh = read.filter((entry) => !isKept(entry));
  const added = fresh.slice(0, Math.max(0, MOST_KEPT - state.words.length));
  // the entries brought up to date (entry -> the file's progress) are changed once the list is
  // stored so: refused, the list here stays exactly as it was, as stored
  const updates = new Map();
  const keptAs = keptEntry(state.words);
  for (const other of read.filter((entry) => isKept(entry))) {
    const entry = keptAs(other);
    if (entry && (other.practised ?? "") > ((updates.get(entry) ?? entry).practised ?? "")) {
      updates.set(entry, Object.fromEntries(PROGRESS.map((name) => [name, other[name]])));
    }
  }
  const updated = [...updates.keys()];
  const parts = [];
  if (updated.length || added.length) {
    const now = state.words.map((entry) => (updates.has(entry) ? { ...entry, ...updates.get(entry) } : entry));
    if (!saveWords([...now, ...added])) {
      sayError("This browser refused to keep the words (storage is off or full).");
      return;
    }
    for (const [entry, progress] of updates) Object.assign(entry, progress);
    state.words = [...state.words, ...added];
  }
  if (added.length) {
    keepStorage();
    parts.push(`Added ${counted(added.length, "word")} from ${file.name}`);
  } else {
    parts.push(words.length ? `No word added from ${file.name}` : `${file.name} holds no words`);
  }
  if (fresh.length > added.length) parts.push(`${fresh.length - added.length} did not fit: your list is full (${MOST_KEPT.toLocaleString("en")} words)`);
  if (words.length > fresh.length) {
    const taken = updated.length ? `, ${updated.length} of them brought up to date (practised later in the file)` : "";
    parts.push(`${words.length - fresh.length} kept already${taken}`);
  }
  render();
  say(`${parts.join("; ")}.`);
}

// ------------------------------------------------------------------ start-up

function start() {
  const { words, problem, changed } = loadWords();
  state.words = words;
  // kept as read: one card a word and language, words from before due days spread over days
  if (changed) saveWords(words);
  $("words-problem").hidden = !problem;
  $("words-problem").textContent = problem ?? "";
  $("practise-start").addEventListener("click", startPractise);
  $("practise-form").addEventListener("submit", answer);
  $("practise-show").addEventListener("click", showWord);
  $("practise-stop").addEventListener("click", () => {
    stopPractise();
    $("practise-start").focus();
  });
  $("words-filter").addEventListener("input", showFiltered);
  $("words-status").addEventListener("click", dismissToast);
  $("to-learn-more").addEventListener("click", () => showMore("to-learn"));
  $("learned-more").addEventListener("click", () => showMore("learned"));
  $("clear-all").addEventListener("click", askClear);
  $("clear-yes").addEventListener("click", () => closeClear(true));
  $("clear-no").addEventListener("click", () => closeClear(false));
  $("export-words").addEventListener("click", exportWords);
  $("words-backup-save").addEventListener("click", exportWords);
  $("import-words").addEventListener("click", () => $("import-file").click());
  $("import-file").addEventListener("change", () => {
    const file = $("import-file").files[0];
    $("import-file").value = "";  // the same file chosen again is read again
    if (file) importWords(file);
  });
  window.addEventListener("storage", storedElsewhere);
  // back from the browser's back-forward cache: the storage events of meanwhile were not heard
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) storedElsewhere({ key: null });
  });
  // left (another tab or app, the page closed): the practice answers stored apart taken into
  // the list, which a page of an older version reads alone (foldAnswers)
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") foldAnswers();
  });
  window.addEventListener("pagehide", () => foldAnswers());
  render();
  document.body.dataset.ready = "true";
  fetchListNames();
  tellLanguages();
  checkPersisted();
}

// The languages of the words whose list's language was not known (the server's default list,
// an operator's own file) told by the server's lists: the words then kept from two lists of
// one language are one card, stored so.
async function tellLanguages() {
  const lists = await learnLists();
  if (!lists || !state.words.some((entry) => !entry.language)) return;
  reloadWords();
  const { words, changed } = withLanguages(state.words, lists);
  if (!changed) return;
  const merged = words.length !== state.words.length;
  state.words = words;
  save();
  if (!merged) return;  // the languages alone change nothing shown
  if (state.practising && !words.includes(state.practising)) nextClue();
  render();
}

start();
