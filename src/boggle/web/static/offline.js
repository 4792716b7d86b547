// Solo rounds with no connection (a phone on a train, a plane). While online, the play page
// keeps a few boards ahead in localStorage (POST /api/offline: the server rolls them and says
// how many to keep and how much room they may take), each with what judging a round on it
// needs (boggle.game.offline): the words that count, with points, paths and levels; the
// listed words the game's level leaves out; the shortest word; the faces as the list spells
// them; how the list reads a typed word. Offline, Start takes the next kept board and the
// round is judged here, as POST /api/play judges it: a typed word not among the board's words
// is "not a word" when it has a path on the board, else "not on the board". The boards are
// kept for the settings they were rolled with (list, rules, dice, size, which words count):
// other settings drop them and fetch new ones.
"use strict";

import { api, lowerLetters, namedWord, upperLetters } from "/static/board.js";

export const OFFLINE_KEY = "boggle-offline-rounds";
const VERSION = 1;

function readKept() {
  try {
    const kept = JSON.parse(localStorage.getItem(OFFLINE_KEY));
    if (kept && kept.version === VERSION && Array.isArray(kept.rounds) && kept.settings
      && typeof kept.settings === "object") return kept;
  } catch (error) {
    // no storage, or a value this page cannot read: nothing kept
  }
  return null;
}

// Whether the boards were written: false with no storage, or storage full (My words shares
// it: a QuotaExceededError), which `full` then says.
let full = false;

function store(kept) {
  try {
    localStorage.setItem(OFFLINE_KEY, JSON.stringify(kept));
    full = false;
    return true;
  } catch (error) {
    full = error instanceof DOMException && (error.name === "QuotaExceededError" || error.code === 22);
    return false;
  }
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// How many boards are kept for rounds with `settings` (the /api/offline body).
export function keptCount(settings) {
  const kept = readKept();
  return kept && same(kept.settings, settings) ? kept.rounds.length : 0;
}

// Whether boards are kept, but for other settings than `settings`.
export function keptForOthers(settings) {
  const kept = readKept();
  return Boolean(kept && kept.rounds.length && !same(kept.settings, settings));
}

// The word list the kept boards are of ({name, title, language, languageName}), or null: a
// page opened offline, without the server's lists, offers it.
export function keptList() {
  const kept = readKept();
  return kept && kept.list ? kept.list : null;
}

// "3 boards kept for offline play." (or "No board is kept for offline play.").
export function keptLine(count) {
  if (!count) return "No board is kept for offline play.";
  return `${count} board${count === 1 ? "" : "s"} kept for offline play.`;
}

// The kept boards are shared by the tabs of the page: taking one (and a fill's merge) is
// done by one tab at a time, so two tabs never play the same board. A Web Lock where the
// browser has them (navigator.locks: a secure context, as the service worker needs); else
// a claim written in localStorage, read back after a moment, and taken only if still ours.
//
// A claim left by a tab closed mid-take is stale: one this tab has seen unchanged for
// STALE_MS of its own monotonic clock (performance.now()), while the tab holding a claim
// writes it again every BEAT_MS. Its age was the device's clock (Date.now() less the time
// written in it), which a clock set forward (a phone syncing its time) made stale while
// held, so two tabs took at once, and set back made a closed tab's claim look fresh. Tabs
// share no monotonic clock (each performance.now() counts from its own start), so no tab
// reads another's times: each times only the changes it sees. `at` is still written, for a
// page of the version before, which reads it.
const LOCK = "boggle-offline-rounds";
const CLAIM_KEY = "boggle-offline-claim";
const STALE_MS = 2000;
const BEAT_MS = 500;
const pause = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

function claimText() {
  try {
    return localStorage.getItem(CLAIM_KEY);
  } catch (error) {
    return null;
  }
}

function readClaim() {
  try {
    return JSON.parse(claimText());
  } catch (error) {
    return null;
  }
}

async function claimed(work) {
  const me = `${Math.random()}-${Math.random()}`;
  let seen = null;  // the claim as last read, and since when (this tab's monotonic clock)
  let seenSince = performance.now();
  for (let tries = 0; tries < 40; tries++) {
    const text = claimText();
    if (text !== seen) {
      seen = text;
      seenSince = performance.now();
    }
    if (readClaim() === null || performance.now() - seenSince > STALE_MS) {  // none, or stale
      let beats = 0;
      const write = () => localStorage.setItem(CLAIM_KEY, JSON.stringify({ by: me, at: Date.now(), beat: beats++ }));
      try {
        write();
      } catch (error) {
        return work();  // no storage: nothing kept to share either
      }
      await pause(50);
      if (readClaim()?.by === me) {
        const beat = setInterval(() => {
          try {
            if (readClaim()?.by === me) write();
          } catch (error) {
            // storage refused since: the claim stays as written, stale after STALE_MS
          }
        }, BEAT_MS);
        try {
          return await work();
        } finally {
          clearInterval(beat);
          if (readClaim()?.by === me) localStorage.removeItem(CLAIM_KEY);
        }
      }
    }
    await pause(30 + Math.random() * 70);
  }
  return work();  // another tab holds it for seconds: take rather than wait on
}

function exclusively(work) {
  if (navigator.locks && navigator.locks.request) return navigator.locks.request(LOCK, async () => work());
  return claimed(work);
}

let filling = null;  // one fill at a time: a second waits for the first

// Boards kept up to the server's number for `settings` (boards of other settings dropped);
// `list` describes the word list for a page opened offline. Resolves to the count kept.
export function keepAhead(settings, list) {
  const fill = async () => {
    let kept = readKept();
    if (!kept || !same(kept.settings, settings)) {
      kept = { version: VERSION, settings, list, rounds: [], keep: 1 };
      store(kept);  // the old settings' boards go at once: they are not this player's
    }
    if (kept.rounds.length >= kept.keep && kept.labels) return kept.rounds.length;
    // a page missing some (a board played) asks for those alone, not a whole new set
    const count = kept.labels ? Math.min(kept.keep - kept.rounds.length, kept.keep) : null;
    let answer;
    try {
      answer = await api("/api/offline", count ? { ...settings, count } : settings);
    } catch (error) {
      // refused: the server restarted keeping fewer (--offline-boards) than the count asked
      // for from its old number; its own number asked instead (the answer says it)
      if (!count || error.status !== 400) throw error;
      answer = await api("/api/offline", settings);
    }
    return exclusively(() => merge(settings, list, answer));
  };
  // the boards fetched added to those kept now (a round may have been taken meanwhile, in
  // this tab or another)
  const merge = (settings, list, answer) => {
    const now = readKept();
    const rounds = now && same(now.settings, settings) ? now.rounds : [];
    const kept = { version: VERSION, settings, list, rounds, keep: answer.keep, labels: answer.labels };
    let tooLarge = 0;
    for (const round of answer.rounds) {
      if (kept.rounds.length >= answer.keep) break;
      kept.rounds.push(round);
      if (JSON.stringify(kept).length > answer.max_bytes) {  // too large to keep
        kept.rounds.pop();
        tooLarge += 1;
      }
    }
    if (!store(kept)) {
      throw new Error(full ? "the browser's storage is full" : "the browser's storage is off");
    }
    if (!kept.rounds.length && tooLarge) {
      throw new Error("the boards of these settings are too large to keep");
    }
    return kept.rounds.length;
  };
  const run = (filling ?? Promise.resolve()).then(fill);
  const settled = run.then(() => {}, () => {});  // never rejects: the caller has the error
  filling = settled;
  settled.then(() => { if (filling === settled) filling = null; });
  return run;
}

// The next kept board for `settings`, taken out of the kept ones (by one tab at a time:
// another tab takes the next): resolves to { round, labels, left, unsaved }, or null when
// none is kept for them. `keep(taken)` is called before another tab may take (the tab keeps
// its round with it: a tab closed right after the take loses no board). `unsaved`: storage
// full or off, the board could not be written as taken (it stays kept, and may come again).
export function takeKept(settings, keep = () => {}) {
  return exclusively(() => {
    const kept = readKept();
    if (!kept || !same(kept.settings, settings) || !kept.rounds.length || !kept.labels) return null;
    const round = kept.rounds.shift();
    const unsaved = !store(kept);
    const taken = { round, labels: kept.labels, left: kept.rounds.length, unsaved };
    keep(taken);
    return taken;
  });
}

// ------------------------------------------------------------------ judging

const ASCII = /^[\x00-\x7f]*$/;
const bare = (letter) => letter.normalize("NFD").replace(/\p{M}/gu, "").normalize("NFC");

// A typed entry as the list reads it, and the note a verdict adds when accents the list has
// no letter for were dropped (boggle.game.words.typed_word and reading_note).
export function readTyped(entry, reading) {
  let word = lowerLetters(entry.trim());
  if (reading.fold) {
    for (const [written, becomes] of reading.replace) word = word.split(written).join(becomes);
    if (reading.fold_accents && !ASCII.test(word)) {
      word = [...word].map((l) => (ASCII.test(l) || reading.keep.includes(l) ? l : bare(l))).join("");
    }
  }
  if (ASCII.test(word)) return [word, ""];
  const folded = [...word].map((letter) => {
    if (ASCII.test(letter) || reading.alphabet.includes(letter)) return letter;
    if (/\p{M}/u.test(letter)) return "";
    const base = bare(letter);
    return /^\p{L}+$/u.test(base) ? base : letter;
  }).join("");
  if (folded === word) return [word, ""];
  return [folded, `read as ${upperLetters(folded)}, without accents`];
}

const notes = (...parts) => parts.filter((part) => part).join("; ");

// A word typed without the diacritics of a word of the board (or with others): which words
// they are and the letters to type, "ŻABA is on the board: type ż" (boggle.game.words
// diacritics_note, of the board's words that count, named as the server names them: with how
// their language writes them, "CORAÇAO (coração)"; the first three of them).
function diacritics(word, kept) {
  const strip = (text) => [...bare(text)].map((l) => kept.reading.stroked[l] || l).join("");
  const wanted = strip(word);
  const spellings = kept.words
    .filter((entry) => entry.word !== word && strip(entry.word) === wanted)
    .sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0)).slice(0, 3);
  return spellings.map(({ word: spelling, written }) => {
    const typed = [...word];
    const differ = [];
    [...spelling].forEach((letter, at) => {
      if (at < typed.length && typed[at] !== letter && !differ.includes(letter)) differ.push(letter);
    });
    return `${namedWord(spelling, written)} is on the board: type ${differ.join(", ")}`;
  }).join("; ");
}

// The path search of boggle.game.words.find_path, step for step (where it gives up on a word
// of the list, kept.given_up names it, as the server knows from the board's solution), so that a search gives up
// where the server's does (PATH_STEP_BUDGET) and a verdict is the server's: a word needing
// more of a letter than the board has is refused at once; otherwise the cells that can still
// finish the word are found first, from its end, and only those are tried, from the word's
// start and, if that runs long, from its end. Words and faces are taken letter by letter.
const PATH_STEP_BUDGET = 2000000;

class GaveUp extends Error {}

function gaveUp(word, budget) {
  const letters = [...word];
  const shown = letters.length <= 40 ? word : letters.slice(0, 37).join("") + "...";
  return new GaveUp(`gave up looking for a path of '${shown}' after ${budget.toLocaleString("en-US")} steps`);
}

function neighbourTable(rows, cols) {
  const table = [];
  for (let cell = 0; cell < rows * cols; cell++) {
    const row = Math.floor(cell / cols);
    const col = cell % cols;
    const near = [];
    for (let r = row - 1; r <= row + 1; r++) {
      for (let c = col - 1; c <= col + 1; c++) {
        if ((r !== row || c !== col) && r >= 0 && c >= 0 && r < rows && c < cols) near.push(r * cols + c);
      }
    }
    table.push(near);
  }
  return table;
}

const startsAt = (word, face, at) => face.every((letter, i) => word[at + i] === letter);

// For each position of `word`, the cells from which the rest of it can be spelled (dice may
// repeat), or null when none can start it (_finishing_cells).
function finishingCells(faces, table, word, budget) {
  const length = word.length;
  const at = new Map();
  faces.forEach((face, cell) => {
    if (!at.has(face[0])) at.set(face[0], []);
    at.get(face[0]).push(cell);
  });
  const finishing = new Map();
  let steps = 0;
  for (let position = length - 1; position >= 0; position--) {
    const cells = [];
    for (const cell of at.get(word[position]) ?? []) {
      const face = faces[cell];
      if (!startsAt(word, face, position)) continue;
      const end = position + face.length;
      steps += 8;
      const next = finishing.get(end);
      if (end === length || (next && table[cell].some((near) => next.has(near)))) cells.push(cell);
    }
    if (cells.length) finishing.set(position, new Set(cells));
    if (steps > budget) throw new GaveUp();
  }
  return finishing.has(0) ? finishing : null;
}

function search(faces, table, word, budget) {
  const finishing = finishingCells(faces, table, word, budget);
  if (!finishing) return null;
  const length = word.length;
  let steps = 0;
  for (const cells of finishing.values()) steps += cells.size;
  for (const start of [...finishing.get(0)].sort((a, b) => a - b)) {
    const used = new Set([start]);
    const trail = [start];
    const ends = [faces[start].length];
    const tries = [0];  // the next neighbour to try, for each cell of the trail
    while (tries.length) {
      const top = trail.length - 1;
      if (ends[top] === length) return trail;
      const allowed = finishing.get(ends[top]);
      const near = table[trail[top]];
      let moved = false;
      while (tries[top] < near.length) {
        const cell = near[tries[top]++];
        steps += 1;
        if (allowed && allowed.has(cell) && !used.has(cell)) {
          used.add(cell);
          trail.push(cell);
          ends.push(ends[top] + faces[cell].length);
          tries.push(0);
          moved = true;
          break;
        }
      }
      if (!moved) {
        used.delete(trail.pop());
        ends.pop();
        tries.pop();
      }
      if (steps > budget) throw new GaveUp();
    }
  }
  return null;
}

function lettersSuffice(faces, word) {
  const held = new Map();
  for (const face of faces) for (const letter of face) held.set(letter, (held.get(letter) ?? 0) + 1);
  const needed = new Map();
  for (const letter of word) needed.set(letter, (needed.get(letter) ?? 0) + 1);
  return [...needed].every(([letter, count]) => (held.get(letter) ?? 0) >= count);
}

// A path of cells spelling `word` on faces `spelled` (row by row), each die once, or null;
// past PATH_STEP_BUDGET steps it throws "gave up looking for a path of ...", as the server says.
export function findPath(spelled, rows, cols, word, budget = PATH_STEP_BUDGET) {
  const letters = [...word];
  const faces = spelled.map((face) => [...face]);
  if (!letters.length || !lettersSuffice(faces, letters)) return null;
  const table = neighbourTable(rows, cols);
  const half = Math.floor(budget / 2);
  let trail;
  try {
    trail = search(faces, table, letters, half);
  } catch (error) {
    if (!(error instanceof GaveUp)) throw error;
    const backwards = faces.map((face) => [...face].reverse());
    try {
      trail = search(backwards, table, [...letters].reverse(), budget - half);
    } catch (again) {
      if (!(again instanceof GaveUp)) throw again;
      throw gaveUp(word, budget);
    }
    if (trail) trail.reverse();
  }
  return trail ? trail.map((i) => [Math.floor(i / cols), i % cols]) : null;
}

const letters = (word) => [...word].length;

// One player's round on a kept board, as POST /api/play answers it: every entry typed so far
// told in order, the words found, the score and, once `finished`, the words missed, best first.
export function judgeKept(kept, labels, entries, finished) {
  const byWord = new Map(kept.words.map((entry) => [entry.word, entry]));
  const other = new Set(kept.other);
  const setting = kept.setting;
  const found = [];
  const setApart = [];
  const feedback = entries.map((entry) => {
    const [word, read] = readTyped(entry, kept.reading);
    const said = (status, message, points = 0) => ({ word, status, label: labels[status] || status, points, message });
    if (!word) return said("invalid", entry.trim() ? "no letters" : "empty line");
    if (!/^\p{L}+$/u.test(word)) return said("invalid", `'${entry.trim()}' has characters that are not letters`);
    if (found.includes(word)) return said("already_found", read);
    if (letters(word) < kept.min_length) return said("too_short", notes(`shorter than ${kept.min_length} letters`, read));
    const counted = byWord.get(word);
    if (counted) {
      found.push(word);
      return said("accepted", read, counted.points);
    }
    if (other.has(word)) {
      const status = setting.other_words === "zero" ? "set_apart" : "other_level";
      if (status === "set_apart" && !setApart.includes(word)) setApart.push(word);
      return said(status, notes(`not a ${setting.word_level} word`, diacritics(word, kept), read));
    }
    try {
      const path = findPath(kept.spelled, kept.rows, kept.cols, word);
      return said(path ? "not_a_word" : "not_on_board", notes(diacritics(word, kept), read));
    } catch (error) {
      // a word of the list (not on the board) the search gives up on: the server, with the
      // board's solution, says it is not on the board without a search (kept.given_up)
      if (Array.isArray(kept.given_up) && kept.given_up.includes(word)) {
        return said("not_on_board", notes(diacritics(word, kept), read));
      }
      if (!Array.isArray(kept.given_up)) {
        // too many words of the list could run as long to name them all (a large board of
        // letters repeated): the server may say "not on the board"; say what is not known
        return said("not_a_word", `${error.message}; judged on this device, which cannot tell `
          + "whether the word list has it");
      }
      return said("not_a_word", error.message);  // as the server says it: how it was read left out
    }
  });
  const foundSet = new Set(found);
  const missed = finished ? kept.words.filter((entry) => !foundSet.has(entry.word)).sort((a, b) =>
    b.points - a.points || letters(b.word) - letters(a.word) || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0)) : null;
  return {
    feedback,
    found: found.map((word) => {
      const entry = byWord.get(word);
      return { word, points: entry.points, path: entry.path, written: entry.written || [] };
    }),
    score: found.reduce((sum, word) => sum + byWord.get(word).points, 0),
    maximum: kept.maximum,
    total: kept.total,
    missed,
    set_apart: setApart,
    levels: kept.levels,
  };
}
