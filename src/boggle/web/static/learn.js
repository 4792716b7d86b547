// Words to learn: the missed words a player keeps at the end of a round, in this browser's
// localStorage only (the server never sees nor keeps them), and read back by /words.
// The stored value (key "boggle-learn") is {"version": 1, "words": [entry, ...]}, an entry
// { word, list, language, points, level, board, date, learned, streak, due, practised,
// learned_on } (list: the word list's name or null for the server's default; language: the
// list's language code, "en", or null when not known yet; level: "common", "standard",
// "obscure" or null when the server gave none; board: the board's text; date: YYYY-MM-DD, the
// day it was kept; streak: right answers in a row when practised; due: YYYY-MM-DD, the day it
// is next asked, "" for at once; practised: YYYY-MM-DD, the day it was last answered in
// practice, "" never; learned_on: YYYY-MM-DD, the day it was learned, "" while to learn or when
// not known; an entry stored before there were due days has none: such entries are spread over
// the days to come, SPREAD_PER_DAY a day, see readWords); an entry's fields this page does not
// know (a later version's) are kept as read and stored again (cleanEntry).
// A word is one card per language: FAME kept from en-70 and from en-80 is one word to learn
// (cardKey), so two such entries, stored before this rule, become one (mergedCards).
// A practice answer does not store the whole list again (5,000 words are about 1 MB): it stores
// the word's progress alone in a second value, one a page (key "boggle-learn-answers-ID", ID
// the page's own, {"version": 1, "answers": [record, ...]}, a record { word, list, language,
// learned, streak, due, practised, learned_on, at }, the latest of each card the page answered,
// `at` when it was given; "boggle-learn-answers" alone from a page of the version before), read
// over the list by loadWords (of one day, the later given last: it is the one kept); the list
// stored whole (any other change: a word kept, removed, a file added; My words left,
// foldAnswers) takes them in and removes this page's, and marks another page's as taken in
// (the list's "taken"; see saveWords); a value it cannot read (a later version's) it leaves
// alone. Each page writes its own value only, so two tabs
// answering at once never store over each other's answers, and a change stored whole removes
// no answer another tab gives meanwhile.
import {
  announce, counted, fetchWordLists, hasOwn, keepOneTabStop, markLevel, oneTabStop, writtenWord,
} from "/static/board.js";

export const LEARN_KEY = "boggle-learn";
export const MEANINGS_KEY = "boggle-learn-meanings";  // My words' kept meanings (words.js)
export const KEEP_PER_ROUND = 10;
export const MOST_KEPT = 5000;  // boggle.game.kept_words.MOST_KEPT too (a test holds them equal)
const LEVEL_ORDER = { common: 0, standard: 1, obscure: 3 };  // no level known: 2

// The language of the word list named `list` (null: the server's default list), from the
// server's lists (`lists`, the answer of /api/dictionaries, when known), else from the name of a
// bundled or system list ("en-70" is "en", "es" is "es"); null when it cannot be told.
export function listLanguage(list, lists = knownLists) {
  const name = list ?? lists?.default ?? null;
  const found = lists?.dictionaries?.find((entry) => entry.name === name)?.language;
  if (typeof found === "string" && /^[a-z]{2,3}$/.test(found)) return found;
  return typeof name === "string" ? (/^([a-z]{2,3})(?:-\d+)?$/.exec(name)?.[1] ?? null) : null;
}

let knownLists = null;  // the server's lists once fetched (learnLists), for listLanguage

// The server's word lists fetched (once a page) for the languages of the words kept; resolves
// to them, or null when they cannot be had.
export function learnLists() {
  return fetchWordLists().then((lists) => {
    knownLists = lists;
    return lists;
  }, () => null);
}

// What makes two kept entries one card: the word in one language ("en:fame"); an entry whose
// language is not known yet is its list's ("list en-70:fame").
export function cardKey(entry) {
  return entry.language ? `${entry.language}:${entry.word}` : listKey(entry);
}

function listKey(entry) {
  return `list ${entry.list ?? ""}:${entry.word}`;
}

// A test of whether a word ({ word, list, language }) is one of `words` already: the same word
// of the same language, or of the same list (an entry whose language is not known yet).
export function keptAlready(words) {
  const have = new Set(words.flatMap((entry) => [cardKey(entry), listKey(entry)]));
  return (entry) => have.has(cardKey(entry)) || have.has(listKey(entry));
}

// A look-up of the entry of `words` that a word ({ word, list, language }) is kept as: the first
// that keptAlready([word]) finds, or undefined; built once, so a file of 5,000 words kept
// already is matched in one pass, not a search of the list a word (seconds of a frozen page).
export function keptEntry(words) {
  const first = new Map();  // each key of an entry: the index of the first entry with it
  words.forEach((entry, at) => {
    for (const key of [cardKey(entry), listKey(entry)]) if (!first.has(key)) first.set(key, at);
  });
  return (entry) => {
    const found = [cardKey(entry), listKey(entry)].filter((key) => first.has(key)).map((key) => first.get(key));
    return found.length ? words[Math.min(...found)] : undefined;
  };
}

// Two entries of one card as one: the progress of the one further on (learned, then more right
// answers in a row; the first on a tie; with its day learned), the day first kept, the day last
// practised, the most points and the best level.
function combined(first, second) {
  const ahead = (entry) => (entry.learned ? 100 : 0) + entry.streak;
  const card = ahead(second) > ahead(first) ? second : first;
  const dates = [first.date, second.date].filter(Boolean).sort();
  const levels = [first.level, second.level].filter(Boolean)
    .sort((a, b) => LEVEL_ORDER[a] - LEVEL_ORDER[b]);
  return {
    ...card,
    language: first.language ?? second.language,
    points: Math.max(first.points, second.points),
    level: levels[0] ?? null,
    date: dates[0] ?? "",
    practised: [first.practised, second.practised].sort().pop(),
  };
}

// `words` with the entries of one card (cardKey) made one, in place of the first of them; the
// others' order kept. `mergedCards([fame of en-70, fame of en-80])` is one FAME.
export function mergedCards(words) {
  const at = new Map();
  const out = [];
  for (const entry of words) {
    const key = cardKey(entry);
    if (at.has(key)) out[at.get(key)] = combined(out[at.get(key)], entry);
    else {
      at.set(key, out.length);
      out.push(entry);
    }
  }
  return out;
}

// `words` with each language not known yet told by the server's lists `lists` (null when there
// are none), then merged (mergedCards); `changed` whether anything was.
// (each entry told its language in place: the page's references to it stay good).
export function withLanguages(words, lists) {
  let changed = false;
  for (const entry of words) {
    const language = entry.language || !lists ? null : listLanguage(entry.list, lists);
    if (language) {
      entry.language = language;
      changed = true;
    }
  }
  const merged = mergedCards(words);
  return { words: merged, changed: changed || merged.length !== words.length };
}

// What Python's str.strip() takes off a word's ends (its str.isspace(): JavaScript's trim()
// leaves the separators U+001C to U+001F and U+0085, and takes U+FEFF).
const ENDS = /^[\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g;

// The entry's fields this page reads; any other (a later version's) is kept as read and
// stored again, so an older page (or `boggle words`) does not drop what a newer one keeps.
const KNOWN_FIELDS = new Set([
  "word", "list", "language", "points", "level", "board", "date", "learned", "streak", "due",
  "practised", "learned_on",
]);

// A stored entry as this page can use it, or null: `cleanEntry({ word: "fame" })` has the
// other fields filled in; an entry without a word of letters is dropped: 1 to 64 letters
// (characters, not UTF-16 units), none a digit, a hyphen, an apostrophe or a space, as the
// library reads a kept word (boggle.game.kept_words: strip, lower, isalpha; a test holds the
// two to one table, tests/kept_word_cases.py WORD_CASES); the fields this page does not know
// come after its own, as they were (`__proto__` left out: it is no field).
function cleanEntry(entry) {
  if (!entry || typeof entry !== "object" || typeof entry.word !== "string") return null;
  const word = entry.word.replace(ENDS, "").toLowerCase();
  if (!word || [...word].length > 64 || !/^\p{L}+$/u.test(word)) return null;
  const text = (value, most) => (typeof value === "string" ? value.slice(0, most) : null);
  const list = text(entry.list, 64);
  const language = typeof entry.language === "string" && /^[a-z]{2,3}$/.test(entry.language)
    ? entry.language : listLanguage(list, null);
  const known = {
    word,
    list,
    language,
    points: Number.isInteger(entry.points) && entry.points >= 0 ? entry.points : 0,
    level: hasOwn(LEVEL_ORDER, entry.level) ? entry.level : null,
    board: text(entry.board, 200) ?? "",
    date: /^\d{4}-\d{2}-\d{2}$/.test(entry.date ?? "") ? entry.date : "",
    learned: entry.learned === true,
    streak: Number.isInteger(entry.streak) && entry.streak > 0 ? Math.min(entry.streak, INTERVALS.length) : 0,
    due: /^\d{4}-\d{2}-\d{2}$/.test(entry.due ?? "") ? entry.due : "",
    practised: /^\d{4}-\d{2}-\d{2}$/.test(entry.practised ?? "") ? entry.practised : "",
    learned_on: entry.learned === true && /^\d{4}-\d{2}-\d{2}$/.test(entry.learned_on ?? "") ? entry.learned_on : "",
  };
  for (const name of Object.keys(entry)) {
    if (!KNOWN_FIELDS.has(name) && name !== "__proto__") known[name] = entry[name];
  }
  return known;
}

// The kept words and, when the stored value could not be read, a line saying so:
// `loadWords()` is { words: [...], problem: null, changed: false } normally, { words: [],
// problem: "..." } for a value that is not this page's (broken JSON, another shape); `changed`
// says the words read differ from those stored (entries of one card merged, words from before
// due days given theirs), to be stored so (My words does).
export function loadWords() {
  let raw;
  try {
    raw = localStorage.getItem(LEARN_KEY);
  } catch (error) {
    return { words: [], problem: "This browser keeps no data for this site (storage is off), so no words can be kept.", changed: false };
  }
  if (raw === null) return { words: [], problem: null, changed: false };
  const words = readWords(raw);
  if (!words) return { words: [], problem: "The words kept in this browser could not be read, so the list starts empty.", changed: false };
  takenMarks = takenIn(raw);
  const changed = listText(words, takenMarks) !== raw;
  withAnswers(words, readAnswers());
  return { words, problem: null, changed };
}

// Words stored before there were due days (all due at once: up to MOST_KEPT reviews on the
// first visit) are spread over the days from the day they are read: SPREAD_PER_DAY due at once,
// as many the next day, and so on, the words to learn first, then the learned ones, each group
// in its stored order (300 such words: the last 20 are due 14 days later).
export const SPREAD_PER_DAY = 20;

// The entries of a stored value (or a file saved by My words: the same text), each as this page
// can use it, at most MOST_KEPT, each word of a language once (mergedCards); the words without a
// due day spread from the day `day` (today when not given), after the words `kept` already
// (a file added to a list: its words fill each day up to SPREAD_PER_DAY with those due then,
// those due by `day` counted on it, so 15 due today leave room for 5 more today); null for a
// text that is not such a value (broken JSON, another shape or version).
export function readWords(raw, day = today(), kept = []) {
  let data;
  try {
    data = JSON.parse(raw);
  } catch (error) {
    data = null;
  }
  if (!data || typeof data !== "object" || data.version !== 1 || !Array.isArray(data.words)) return null;
  const words = [];
  for (const entry of data.words.slice(0, MOST_KEPT)) {
    const clean = cleanEntry(entry);
    if (!clean) continue;
    if (typeof entry.due !== "string") clean.due = null;  // stored before there were due days
    words.push(clean);
  }
  const cards = mergedCards(words);  // a card takes the due day of the entry it keeps
  const spread = [...cards.filter((entry) => !entry.learned), ...cards.filter((entry) => entry.learned)]
    .filter((entry) => entry.due === null);
  const load = new Map();  // YYYY-MM-DD -> the words due that day
  const count = (on) => load.set(on, (load.get(on) ?? 0) + 1);
  for (const entry of kept) count(isDue(entry, day) ? day : entry.due);
  const isKept = keptAlready(kept);
  let days = 0;
  for (const entry of spread) {  // the first day's at once, as before
    if (isKept(entry)) {  // left out when added (the list's own entry stays): takes no room
      entry.due = "";
      continue;
    }
    while ((load.get(addDays(day, days)) ?? 0) >= SPREAD_PER_DAY) days += 1;
    count(addDays(day, days));
    entry.due = days ? addDays(day, days) : "";
  }
  return cards;
}

// The kept words `words` as the text stored (and saved to a file by My words).
export function wordsText(words) {
  return JSON.stringify({ version: 1, words: words.slice(0, MOST_KEPT) });
}

// Stores `words` (the whole list, the answers stored apart read now taken in already: see
// saveAnswer); false when the browser refuses. Storage full, the meanings My words keeps (key
// "boggle-learn-meanings", looked up again when needed) make room first. It removes this
// page's answers, those of the version before and those of a page that answered nothing since
// the day before yesterday (a tab closed without leaving), and none it cannot read (a later
// version's: storedRecords); another page's it keeps, marked in
// the list as taken in (its "taken": the key -> the time of its latest record read here), so
// an answer that page gives meanwhile (while this page writes the list, 100 to 300 ms for
// 5,000 words) is read over the list, not lost, while those taken in (or overruled: a word
// learned again, removed) are not read again.
export function saveWords(words) {
  // a value this page cannot read (another version's: a later page's answers) is neither
  // taken in nor removed (it was removed as "answered nothing since the day before
  // yesterday", none of its answers read, and a later page's answers were lost)
  const keys = answerKeys().filter((key) => storedRecords(key) !== null);
  const before = addDays(today(), -2);
  const kept = keys.filter((key) => key !== OWN_ANSWERS_KEY && key !== ANSWERS_KEY
    && !recordsAt(key).every((record) => record.practised <= before));
  const taken = {};  // not a value of records without times (a page of the version before): read again
  for (const key of kept) {
    const records = recordsAt(key);
    if (records.every((record) => answeredAt(record) > 0)) taken[key] = Math.max(0, ...records.map(answeredAt));
  }
  if (!stored(LEARN_KEY, listText(words, taken))) return false;
  takenMarks = taken;
  for (const key of keys) if (!kept.includes(key)) forget(key);  // storage off since: read over the list still
  return true;
}

// The list as stored: wordsText, with the marks of the answers taken in from pages still
// answering ("taken", when there are any: a file saved has none).
function listText(words, taken) {
  if (!Object.keys(taken).length) return wordsText(words);
  return JSON.stringify({ version: 1, words: words.slice(0, MOST_KEPT), taken });
}

// The marks of the answers taken in of the stored list `raw` ({} when none or not readable).
function takenIn(raw) {
  let data;
  try {
    data = JSON.parse(raw);
  } catch (error) {
    return {};
  }
  const taken = data?.taken;
  if (!taken || typeof taken !== "object" || Array.isArray(taken)) return {};
  return Object.fromEntries(Object.entries(taken).filter(([, at]) => Number.isFinite(at)));
}

let takenMarks = {};  // the marks of the list last read or stored by this page

// When an answer's record was given (ms since 1970; 0 for a record of the version before).
function answeredAt(record) {
  return Number.isFinite(record.at) ? record.at : 0;
}

function forget(key) {
  try {
    localStorage.removeItem(key);
  } catch (error) {
    // storage off since: the answers, read over the list, say what it says
  }
}

// `text` stored under `key`; false when the browser refuses. Storage full, the meanings My
// words keeps make room first.
function stored(key, text) {
  try {
    localStorage.setItem(key, text);
    return true;
  } catch (error) {
    try {
      if (localStorage.getItem(MEANINGS_KEY) === null) return false;
      localStorage.removeItem(MEANINGS_KEY);
      localStorage.setItem(key, text);
      return true;
    } catch (again) {
      return false;
    }
  }
}

// The answers stored apart from the list (key "boggle-learn-answers"): a practice answer
// stores the one word's progress, a record of about 160 characters, where storing the list
// whole wrote all of it (1 MB at 5,000 words) at each answer. Once COMPACT_AT words have
// records the list is stored whole with them, and the records go.
export const ANSWERS_KEY = "boggle-learn-answers";
const OWN_ANSWERS_KEY = `${ANSWERS_KEY}-${Math.random().toString(36).slice(2, 10)}`;
const COMPACT_AT = 100;
const PROGRESS_FIELDS = ["learned", "streak", "due", "practised", "learned_on"];

// The keys of the answers stored apart: every page's, and the one value of the version before.
export function answerKeys() {
  const keys = [];
  try {
    for (let at = 0; at < localStorage.length; at++) {
      const key = localStorage.key(at);
      if (key === ANSWERS_KEY || key?.startsWith(`${ANSWERS_KEY}-`)) keys.push(key);
    }
  } catch (error) {
    // no storage: none
  }
  return keys;
}

// The records of one stored value, each as cleanEntry reads an entry; null for a value that is
// not such records (broken, gone, or of another version: a later page's, whose answers this
// page cannot read nor take in), which is left alone (saveWords removes none of them; this
// page's own is replaced at its next answer).
function storedRecords(key) {
  let data;
  try {
    data = JSON.parse(localStorage.getItem(key) ?? "null");
  } catch (error) {
    return null;
  }
  if (!data || typeof data !== "object" || data.version !== 1 || !Array.isArray(data.answers)) return null;
  return data.answers.slice(0, MOST_KEPT).map(cleanEntry).filter((record) => record && record.practised);
}

// The records of one stored value (none, for a value that is not such records: storedRecords).
function recordsAt(key) {
  return storedRecords(key) ?? [];
}

// Every record stored apart, of every page, but those the list took in already (its marks,
// `taken`), the earliest practised first, and of one day the earliest given first (its `at`),
// so that a card's latest answer is the one read last: a word answered in two tabs the same
// day has the progress of the answer given later.
export function readAnswers(taken = takenMarks) {
  const records = answerKeys().flatMap((key) => {
    const mark = Number.isFinite(taken[key]) ? taken[key] : -1;
    return recordsAt(key).filter((record) => answeredAt(record) > mark);
  });
  const order = (record) => [record.practised, answeredAt(record)];
  return records.sort((a, b) => {
    const [dayA, atA] = order(a);
    const [dayB, atB] = order(b);
    return dayA < dayB ? -1 : dayA > dayB ? 1 : atA - atB;
  });
}

// `words` with each record of `answers` whose card they keep (keptEntry) and that was practised
// on its entry's day or later taken in place: its progress fields; how many were.
export function withAnswers(words, answers) {
  if (!answers.length) return 0;
  const entryOf = keptEntry(words);
  let taken = 0;
  for (const record of answers) {
    const entry = entryOf(record);
    if (!entry || record.practised < entry.practised) continue;
    for (const name of PROGRESS_FIELDS) entry[name] = record[name];
    taken += 1;
  }
  return taken;
}

// The practice answer just given to the kept word `entry` (answered: its progress changed in
// place) stored: its record alone, in this page's value, in place of the card's earlier one;
// false when the browser refuses. With COMPACT_AT records, the list is stored whole with them.
export function saveAnswer(entry) {
  const record = answerRecord(entry);
  const same = keptAlready([record]);
  const answers = [
    ...recordsAt(OWN_ANSWERS_KEY).filter((other) => !same(other)).map((other) => answerRecord(other, answeredAt(other))),
    record,
  ];
  if (!stored(OWN_ANSWERS_KEY, JSON.stringify({ version: 1, answers }))) return false;
  if (readAnswers().length >= COMPACT_AT) foldAnswers();  // refused: the records stay, read over the list
  return true;
}

// The answers stored apart taken into the list, stored whole, when there are any; false when
// the browser refuses (the records stay, read over the list). My words does it when it is left
// (hidden: another tab or app, the page closed): a page of an older version, from before the
// answers were stored apart (a tab open since, a copy its service worker still serves), reads
// the list alone, and showed, practised and stored each word as it was before the answers given
// since (a same day's answer there then lost to the record here, read over it). It removes this
// page's records and those of the version before, and another page's only when it answered
// nothing since the day before yesterday (a tab closed without leaving): another tab answering
// now keeps its records, read over the list (removed, its answer given while this page read
// and wrote the list, 100 to 300 ms for 5,000 words, was lost).
export function foldAnswers() {
  if (!readAnswers().length) return true;
  const { words, problem } = loadWords();
  return !problem && saveWords(words);
}

// Now, for an answer's record: Date.now(), after this page's last answer at least 1 ms (a
// page's records in the order given, though the clock is set back or gives one time twice).
let lastAnswerAt = 0;
function answerTime() {
  lastAnswerAt = Math.max(Date.now(), lastAnswerAt + 1);
  return lastAnswerAt;
}

// The fields of the kept word `entry` an answer's record keeps: which word, its progress, and
// when it was given (`at`, ms since 1970: now, for an answer just given).
function answerRecord(entry, at = answerTime()) {
  const record = { word: entry.word, list: entry.list, language: entry.language };
  for (const name of PROGRESS_FIELDS) record[name] = entry[name];
  record.at = at;
  return record;
}

// Asks the browser to keep this site's storage (navigator.storage.persist, where there is one)
// once words are kept: Safari deletes a site's localStorage after 7 days without a visit
// (unless the page is on the home screen), while a learned word's reviews are weeks apart.
// Asked at most once every PERSIST_EVERY days (key "boggle-learn-persist": the day last asked),
// and not once granted: a browser that asks its player (Firefox) is not asked each round.
const PERSIST_KEY = "boggle-learn-persist";
const PERSIST_EVERY = 7;

export async function keepStorage() {
  try {
    const storage = navigator.storage;
    if (typeof storage?.persist !== "function") return;
    if (typeof storage.persisted === "function" && (await storage.persisted())) return;
    const asked = localStorage.getItem(PERSIST_KEY);
    if (asked && /^\d{4}-\d{2}-\d{2}$/.test(asked) && addDays(asked, PERSIST_EVERY) > today()) return;
    localStorage.setItem(PERSIST_KEY, today());
    await storage.persist();
  } catch (error) {
    // refused or storage off: My words suggests saving to a file instead
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
// its streak, learned, due, day practised (`day`) and day learned updated in place.
export function answered(entry, right, day = today()) {
  if (right) {
    entry.streak = Math.min(entry.streak + 1, INTERVALS.length);
    if (entry.streak >= LEARNED_AFTER && !entry.learned) {
      entry.learned = true;
      entry.learned_on = day;
    }
    entry.due = addDays(day, INTERVALS[entry.streak - 1]);
  } else {
    entry.streak = 0;
    entry.learned = false;
    entry.learned_on = "";
    entry.due = "";
  }
  entry.practised = day;
}

// How far the learner is, as boggle.game.kept_words.progress_line says it: "2 of 3 words
// learned, 1 this month." (learned in the month of `day`), "3 words to learn, none learned yet.".
export function progressLine(words, day = today()) {
  const learned = words.filter((entry) => entry.learned);
  if (!learned.length) return `${counted(words.length, "word")} to learn, none learned yet.`;
  const month = learned.filter((entry) => (entry.learned_on ?? "").slice(0, 7) === day.slice(0, 7)).length;
  return `${learned.length} of ${counted(words.length, "word")} learned, ${month || "none"} this month.`;
}

// Which of a round's missed words to keep: common, then standard, then those of no known
// level, then obscure ones (each group in the order given: the server's best first), at most
// KEEP_PER_ROUND, leaving out those already kept. `missed` is [{ word, points, level? }].
export function wordsToKeep(missed, list, kept, language = listLanguage(list)) {
  const keptNow = keptAlready(kept);
  const ranked = missed
    .map((entry, index) => ({ entry, index, rank: LEVEL_ORDER[entry.level] ?? 2 }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ entry }) => entry);
  const chosen = [];
  const have = new Set();
  for (const entry of ranked) {
    const key = cardKey({ word: entry.word, list, language });
    if (have.has(key) || keptNow({ word: entry.word, list, language })) continue;
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
  if (room <= 0) return { line: `Your list is full (${MOST_KEPT.toLocaleString("en")} words): remove some first.`, done: false };
  const date = today();
  const language = listLanguage(list);
  const added = chosen.slice(0, room).map((entry) => cleanEntry({
    word: entry.word, list, language, points: entry.points, level: entry.level, board, date,
    learned: false, streak: 0, due: "",
  })).filter(Boolean);
  if (!saveWords([...added, ...words])) {
    return { line: "This browser refused to keep the words (storage is off or full).", done: false };
  }
  keepStorage();
  const left = chosen.length - added.length;  // those past MOST_KEPT: said, and may be kept later
  const full = left ? `; ${left} more did not fit: your list is full (${MOST_KEPT.toLocaleString("en")} words)` : "";
  const line = `Kept ${counted(added.length, "word")} to learn${full}` + (problem ? " (the old list could not be read)." : ".");
  return { line, done: !left };
}

// Whether `word` of the list `list` is kept already (learned or not), from this list or
// another of its language.
export function isKept(word, list) {
  return keptAlready(loadWords().words)({ word, list, language: listLanguage(list) });
}

// Keeps the one missed word `entry` ({ word, points }) of the list `list` from the board
// `board`, first in the list; says what it did as a line: "Kept FAME to learn." and so on.
export function keepOne(entry, list, board) {
  const { words, problem } = loadWords();
  const name = entry.word.toUpperCase();
  const language = listLanguage(list);
  if (keptAlready(words)({ word: entry.word, list, language })) return `${name} is kept already.`;
  if (words.length >= MOST_KEPT) return `Your list is full (${MOST_KEPT.toLocaleString("en")} words): remove some first.`;
  const added = cleanEntry({
    word: entry.word, list, language, points: entry.points, level: entry.level, board, date: today(),
    learned: false, streak: 0, due: "",
  });
  if (!added) return `${name} cannot be kept.`;
  if (!saveWords([added, ...words])) return "This browser refused to keep the word (storage is off or full).";
  keepStorage();
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
  const label = document.createElement("span");
  label.className = "learn-label";  // on a phone's challenge table only the mark is shown
  label.textContent = kept ? "kept" : "learn";
  button.replaceChildren(mark, label, hidden);
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
  const keptNow = keptAlready(loadWords().words);
  const language = listLanguage(list);
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
    markLearnButton(button, entry.word, keptNow({ word: entry.word, list, language }));
    button.addEventListener("click", () => {
      if (button.getAttribute("aria-disabled") === "true") {
        announce(status, `${entry.word.toUpperCase()} is kept already. `, myWordsLink());
        return;
      }
      announce(status, keepOne(entry, list, board), " ", myWordsLink());
      markLearnButton(button, entry.word, isKept(entry.word, list));
    });
    pair.append(chip, button);
  }
}

// The lists of `chips` holding "+ learn" buttons, each one Tab stop (board.js oneTabStop),
// where a word and its button were two each (56 words not found, 100 stops and more to Tab
// through): a round's words missed, by points (its .group's parent), or a list of words (a
// .word-list: the daily board's or a room's words not found, a challenge's, and a row's
// words only that player found). A tap or a click does as before.
const MISSED_KEYS = "Up and Down move to the word above and below, Right to a word's “+ learn” and on, Left back, Home and End to the ends.";

function oneStopLists(chips) {
  const lists = new Set();
  for (const pair of chips.querySelectorAll(".learn-pair")) {
    const group = pair.closest(".group");
    lists.add(group ? group.parentElement : pair.closest(".word-list"));
  }
  for (const list of lists) {
    if (!list) continue;
    const row = list.closest("tr[data-name]");
    const heading = row ? null : headingBefore(list);
    const name = row ? `Words only ${row.dataset.name} found` : heading?.textContent ?? "Missed words";
    const groups = list.querySelector(".group") ? " Page Down and Page Up between their groups." : "";
    oneTabStop(list, name, MISSED_KEYS + groups);
    if (heading) {  // named by what its heading says, as it says it now (a room's count)
      heading.id ||= `${list.id || "missed"}-title`;
      list.setAttribute("aria-labelledby", heading.id);
      list.removeAttribute("aria-label");
    }
    keepOneTabStop(list);
  }
}

// The heading a list of missed words is under ("Words nobody found (12, common first)" in a
// room, "Words you did not find" on the daily board): its group's name, where each was
// "Missed words", which said neither whose nor which.
function headingBefore(list) {
  for (let at = list.previousElementSibling; at; at = at.previousElementSibling) {
    if (/^H[1-6]$/.test(at.tagName)) return at;
  }
  return null;
}

// Every "+ learn" button in `chips` shown as kept or not, as stored now (read once).
function refreshLearnButtons(chips, list) {
  if (!chips) return;
  const keptNow = keptAlready(loadWords().words);
  const language = listLanguage(list);
  for (const button of chips.querySelectorAll("button.learn-one")) {
    markLearnButton(button, button.dataset.word, keptNow({ word: button.dataset.word, list, language }));
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
  if (chips) oneStopLists(chips);
  // the list's language, for the words kept (a word kept from another list of it is kept
  // already): the lists are fetched by the page already, so this is at once
  learnLists().then(() => refreshLearnButtons(chips, list));
  button.addEventListener("click", () => {
    const { line, done } = keepMissed(missed, list, board);
    const link = myWordsLink();
    announce(status, line, " ", link);
    const pressed = document.activeElement === button;
    button.disabled = done;  // words not kept (a full list): the button stays, to try again
    refreshLearnButtons(chips, list);
    // the button, disabled, lets the focus go (to the page's body): the keyboard goes on at
    // the link to My words, after the line that said what was kept
    if (pressed && done) link.focus();
  });
}
