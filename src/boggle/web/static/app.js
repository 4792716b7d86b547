// The boggle page: solve or roll a board, show every word and its path, play a timed round.
// Plain JavaScript over the JSON API (/api/...); no build step. An ES module: the board, its
// paths, the clock and the API calls are board.js's, shared with the room and daily pages.
"use strict";

import {
  announce, api, checkSeedRange, chosenLanguage, clearPath, copyText, counted, drawPath, fillWordLists,
  focusResults, formatClock, hideTapToType, holdKeyboard, keepChoice, keepRound as keepInTab, keptRound as keptInTab,
  hasOwn, lowerLetters, markClock,
  keepOneTabStop, markLanguage, namedWord, oneTabStop, placeRoundSetup, readyDefinitionBox, renderBoard, sayVerdict, serverOptions, showLevelCounts,
  releaseKeyboard, roundClock, showDefinition, showDiceFor, showInView, showRoundLength, sound, typeInto, typedNumber,
  verdictNote, wordInLanguage, writtenWord,
} from "/static/board.js";
import { offerChallenge } from "/static/challenge-link.js";
import { offerKeep } from "/static/learn.js";
import {
  judgeKept, keepAhead, keptCount, keptForOthers, keptLine, keptList, takeKept,
} from "/static/offline.js";
import { traceWords, wordFeedback } from "/static/trace.js";

const $ = (id) => document.getElementById(id);

const state = {
  board: "",          // the board as the server formats it
  solution: null,     // the /api/solve answer for the board shown
  list: null,         // the word list it was solved with (null: the server's default)
  pinned: null,       // the word whose path stays drawn
  round: null,        // the play round under way, or null
  solveTicket: 0,     // numbers the solves asked for, so a late answer cannot overwrite a newer
  pageLoad: null,     // settles once the lists and the link's list, rules and board are set
  starting: false,    // a round is being started (its board asked for): another tap waits
  hinting: null,      // the round whose hint is being asked for: another tap waits
};

// The page's error line, brought onto the screen with `inView` (Start, far down a phone's
// page, said a refused round length below the screen). During a round the line is hidden
// with the controls around it (the round's screen is the board, the clock and the word box):
// an error then is said in the round's feedback line, under the word box.
function showError(message, inView = false) {
  if (message && state.round) {
    setFeedback(message, false);
    return;
  }
  const box = $("error");
  announce(box, message || "");  // the same error twice said twice
  box.hidden = !message;
  if (message && inView) showInView(box);
}

// The hint under a board with letters no word of the list uses (`foreign`): another
// language's board? A letter the list's language writes as others (`written`: a German
// board's {"ß": "ss"}) is said so, not taken for another language's.
function foreignHint(foreign, written) {
  const respelled = foreign.filter((letter) => hasOwn(written, letter));
  const notes = [];
  if (respelled.length) notes.push(`its words write ${respelled.map((l) => `${l} as ${written[l]}`).join(", ")}`);
  if (respelled.length < foreign.length) notes.push("is the board in another language?");
  return `No word of this list uses ${foreign.join(" ")}: ${notes.join("; ")}`;
}

function chosenOptions() {
  const options = {};
  const dictionary = $("dict-select").value;
  const rules = $("rules-select").value;
  if (dictionary) options.dictionary = dictionary;
  if (rules) options.rules = rules;
  return options;
}

// ------------------------------------------------------------------ board and paths

function restorePinned() {
  if (state.pinned) drawPath(state.pinned.word, state.pinned.path);
  else clearPath();
}

// ------------------------------------------------------------------ word lists

function wordButton(entry, extraClass) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "word" + (extraClass ? " " + extraClass : "");
  button.textContent = writtenWord(entry.word, entry.written);  // aérea for the list's aerea
  markLanguage(button, state.list);  // a Spanish list's word said as Spanish
  button.dataset.word = entry.word;
  button.dataset.points = String(entry.points);
  button.title = `${entry.points} point${entry.points === 1 ? "" : "s"}`;
  const show = () => {
    drawPath(entry.word, entry.path);
    showDefinition(button, entry.word, state.list, entry.path);  // in the words' own list
  };
  button.addEventListener("mouseenter", show);
  button.addEventListener("focus", show);
  button.addEventListener("mouseleave", restorePinned);
  button.addEventListener("blur", restorePinned);
  button.addEventListener("click", () => {
    const same = state.pinned && state.pinned.word === entry.word;
    for (const b of document.querySelectorAll(".word.pinned")) b.classList.remove("pinned");
    state.pinned = same ? null : entry;
    if (!same) button.classList.add("pinned");
    button.setAttribute("aria-pressed", same ? "false" : "true");
    restorePinned();
  });
  return button;
}

// Words in groups by points or length, A to Z in each; "ranked" keeps the order given
// (the server's: best first) and groups by points.
function grouped(words, sort) {
  if (sort === "ranked") {
    const groups = new Map();
    for (const w of words) {
      if (!groups.has(w.points)) groups.set(w.points, []);
      groups.get(w.points).push(w);
    }
    return [...groups.entries()].map(([k, list]) => [`${k} point${k === 1 ? "" : "s"}`, list]);
  }
  if (sort === "alpha") {
    return [["A to Z", [...words].sort((a, b) => a.word.localeCompare(b.word))]];
  }
  const key = sort === "length" ? (w) => w.word.length : (w) => w.points;
  const unit = sort === "length" ? "letters" : "points";
  const groups = new Map();
  for (const w of words) {
    if (!groups.has(key(w))) groups.set(key(w), []);
    groups.get(key(w)).push(w);
  }
  return [...groups.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([k, list]) => [
      `${k} ${k === 1 && unit === "points" ? "point" : unit}`,
      list.sort((a, b) => a.word.localeCompare(b.word)),
    ]);
}

function renderWordGroups(container, words, sort, extraClass) {
  container.replaceChildren();
  for (const [title, list] of grouped(words, sort)) {
    const group = document.createElement("section");
    group.className = "group";
    const heading = document.createElement("h3");
    const count = document.createElement("span");
    count.textContent = ` (${list.length} word${list.length === 1 ? "" : "s"})`;
    heading.append(title, count);
    const ul = document.createElement("ul");
    ul.className = "word-list";
    for (const entry of list) {
      const li = document.createElement("li");
      li.append(wordButton(entry, extraClass));
      ul.append(li);
    }
    group.append(heading, ul);
    container.append(group);
  }
  if (words.length) readyDefinitionBox(container);
}

function renderWords() {
  const solution = state.solution;
  if (!solution) return;
  const filter = lowerLetters($("word-filter").value.trim());  // tía typed composed or not
  const words = solution.words.filter(
    (w) => w.word.includes(filter) || (w.written ?? []).some((form) => form.toLowerCase().includes(filter)),
  );
  const summary = $("summary");
  summary.dataset.count = String(solution.count);
  summary.dataset.score = String(solution.score);
  let text = `${counted(solution.count, "word")}, ${counted(solution.score, "point")}`;
  if (filter) text += ` (showing ${words.length})`;
  summary.textContent = text;
  $("word-tools").hidden = solution.count === 0;
  renderWordGroups($("words"), words, $("word-sort").value, "");
  keepOneTabStop($("words"));
}

// ------------------------------------------------------------------ solve, roll, share

function shareURL(board = state.board) {
  const params = new URLSearchParams();
  if (board) params.set("board", board);
  const options = chosenOptions();
  if (options.dictionary) params.set("dict", options.dictionary);
  if (options.rules) params.set("rules", options.rules);
  return `${$("play-panel").hidden ? "/solve" : "/play"}?${params}`;
}

function updateShare() {
  const url = shareURL();
  history.replaceState(null, "", url);
  const link = $("share-link");
  link.href = url;
  link.hidden = false;
  $("copy-link").hidden = false;
}

async function solveBoard(text) {
  const ticket = ++state.solveTicket;
  showError("");
  const options = chosenOptions();
  let answer;
  try {
    answer = await api("/api/solve", { board: text, ...options });
  } catch (error) {
    if (ticket === state.solveTicket) forgetSolution(text);
    throw error;
  }
  if (ticket !== state.solveTicket) return answer;  // a later solve owns the page now
  state.board = answer.board;
  state.list = options.dictionary ?? null;
  state.solution = answer;
  state.pinned = null;
  const foreign = answer.foreign_letters || [];
  $("foreign-hint").textContent = foreign.length === 0 ? "" : foreignHint(foreign, answer.foreign_written ?? {});
  $("foreign-hint").hidden = foreign.length === 0;
  $("board-input").value = answer.board;
  offerBoardShown();
  renderBoard(answer.faces);
  renderWords();
  updateShare();
  return answer;
}

// A board refused (or not solved): the last board, its words and its link go, so that none
// of them seems to belong to the board typed. The box keeps what was typed, and so does the
// page's address: a reload gives it back, with the same error line.
function forgetSolution(typed) {
  state.board = "";
  state.solution = null;
  state.pinned = null;
  renderBoard([]);
  const summary = $("summary");
  summary.textContent = "";
  delete summary.dataset.count;
  delete summary.dataset.score;
  $("word-tools").hidden = true;
  $("words").replaceChildren();
  const meaning = $("solve-panel").querySelector(".word-definition");
  meaning.hidden = true;
  meaning.textContent = "";
  delete meaning.dataset.word;
  $("foreign-hint").hidden = true;
  $("share-link").hidden = true;
  $("copy-link").hidden = true;
  history.replaceState(null, "", shareURL(typed.trim()));
}

async function rollBoard() {
  showError("");
  const dice = $("dice-select").value;
  const request = {};
  const dictionary = $("dict-select").value;  // the list's language decides the letters
  if (dictionary) request.dictionary = dictionary;
  // the dice roll English boards; another language's draw its list's letters (the API
  // refuses dice beside its list), at the size asked for, as uniform letters are
  const english = showDiceChoice();
  if (english) request.dice = dice;
  const seed = $("seed-input").value.trim();
  // its digits as typed: a Number past 2^53 is another seed (the API says the range)
  if (seed !== "") request.seed = typedNumber(seed);
  if (dice === "uniform" || !english) {
    const size = Number($("size-input").value);
    request.rows = size;
    request.cols = size;
  }
  const rolled = await api("/api/roll", request);
  $("board-input").value = rolled.board;
  offerBoardShown();
  // the last seed on a line of its own (in the box's placeholder a phone cut its 20 digits off)
  const last = $("seed-last");
  last.textContent = `Last seed: ${seed || rolled.seed}`;
  last.hidden = false;
  $("seed-input").setAttribute("aria-describedby", "seed-last");
  return rolled.board;
}

// A board typed (or pasted) in the box is not the last seed's: the seed's line goes, which
// kept "Last seed: 42" beside the player's own board as if it came from that seed; the next
// roll says its seed again.
function forgetSeed() {
  $("seed-last").hidden = true;
  $("seed-last").textContent = "";
  $("seed-input").removeAttribute("aria-describedby");
}

// "play the board shown" only when a board is in the box: with none, the box is off and says
// that Start rolls a new one, rather than being ticked for nothing.
function offerBoardShown() {
  const shown = $("board-input").value.trim() !== "";
  $("play-this-board").disabled = !shown;
  if (!shown) $("play-this-board").checked = false;
  $("play-this-board-said").textContent = shown
    ? "(otherwise a new roll)" : "(no board shown yet: Start rolls a new one)";
}

function reportErrors(work, inView = false) {
  return async (event) => {
    if (event) event.preventDefault();
    try {
      await work();
    } catch (error) {
      showError(error.message, inView);
    }
  };
}

// ------------------------------------------------------------------ play

// The round's line (a live region): said again when it is the message shown (announce).
function setFeedback(text, good) {
  const box = $("play-feedback");
  announce(box, text);
  box.className = text ? "feedback " + (good ? "good" : "bad") : "feedback";
}

// A word's verdict in the round's line: `named` (the word, said in the language of its list
// `dictionary`: sayVerdict) then `rest` (": +2"); the same verdict twice is said twice.
function sayWord(named, rest, good, dictionary) {
  $("play-feedback").className = "feedback " + (good ? "good" : "bad");
  sayVerdict($("play-feedback"), named, rest, dictionary);
}

async function startRound() {
  showError("");
  const seconds = Number($("play-time").value);
  if (!Number.isFinite(seconds) || seconds < 5 || seconds > 3600) {
    showError("a round lasts from 5 seconds to 60 minutes (3600 seconds)", true);
    return;
  }
  if (navigator.onLine === false) {
    await startKeptRound(seconds);
    return;
  }
  let solution;
  try {
    const text = $("play-this-board").checked && $("board-input").value.trim()
      ? $("board-input").value : await rollBoard();
    $("play-this-board").checked = false;
    solution = await solveBoard(text);
  } catch (error) {
    if (!error.unreachable) throw error;
    await startKeptRound(seconds, error);  // the server out of reach: a kept board, if there is one
    return;
  }
  state.round = {
    board: solution.board,
    entries: [],        // every entry typed, in order: the server judges the round from them
    told: 0,            // how many of them the page has answered
    ends: Date.now() + seconds * 1000,
    seconds,
    timer: null,
    found: [],          // the words found so far (a hint never names one)
    hints: [],          // the hints given: [target, level] each, as the server asks them back
    choices: roundChoices(),
  };
  keepRound(state.round);
  // from the top: "Play again" and "Play another round" are in the last round's results
  window.scrollTo(0, 0);
  showRound(state.round);
  keepRoundForOffline(state.round);
}

// A round started online keeps its board's words (POST /api/offline with the board), so it
// goes on judged on this device should the connection drop before it ends.
async function keepRoundForOffline(round) {
  if (await offlineOff()) return;  // none kept: the round needs the server, as it always did
  const chosen = round.choices;
  const body = {
    board: round.board, ...roundOptions(round),
    word_level: chosen["play-words-level"], other_words: chosen["play-words-others"],
  };
  try {
    const answer = await api("/api/offline", body);
    round.fallback = { kept: answer.rounds[0], labels: answer.labels };
    if (state.round === round) keepRound(round);
  } catch (error) {
    // none kept: the round needs the server, as it always did
  }
}

// The round judged (playRound); the browser offline or the server out of reach, a round with
// its board's words kept goes on judged on this device, and says so once (without them the
// failure is said, and the word judged with the next one the server answers).
async function judged(round, finished) {
  try {
    return await playRound(round, finished);
  } catch (error) {
    if (!error.unreachable || !round.fallback || round.offline) throw error;
    round.offline = { ...round.fallback, left: keptCount(aheadSettings()), ...lostWhy(error) };
    if (state.round === round) {
      keepRound(round);
      $("play-hint").disabled = true;
      $("play-hint-text").textContent = offlineNote(round);
    }
    return playRound(round, finished);
  }
}

// ------------------------------------------------------------------ offline rounds

// The settings boards are kept for (the /api/offline body): those a roll and a round use now.
function aheadSettings() {
  const settings = {};
  const dictionary = $("dict-select").value;
  if (dictionary) settings.dictionary = dictionary;
  const english = showDiceChoice();
  const dice = $("dice-select").value;
  if (english) settings.dice = dice;
  if (dice === "uniform" || !english) {
    const size = Number($("size-input").value);
    settings.rows = size;
    settings.cols = size;
  }
  const rules = $("rules-select").value;
  if (rules) settings.rules = rules;
  settings.word_level = $("play-words-level").value;
  settings.other_words = $("play-words-others").value;
  return settings;
}

// The chosen word list as kept with the boards: a page opened offline offers it by its title.
function chosenList() {
  const option = $("dict-select").selectedOptions[0];
  if (!option) return null;
  const [language, languageName] = chosenLanguage($("dict-select"));
  return { name: option.value, title: option.textContent, language, languageName };
}

// The line of boards kept for offline rounds (a status): its text set only when it changes,
// so the same count back after a round is not said again (it was emptied for the round and
// set again, and "3 boards kept for offline play." came after each round's "Time!").
function showKept(text) {
  const line = $("play-offline");
  if (line.textContent !== text) line.textContent = text;
  line.hidden = !text;
}

// A server started with `boggle serve --offline-boards 0` keeps no board for offline play
// (GET /api/options says 0): the page asks for none and says so. A server out of reach is
// not "off": the boards kept are played.
const OFFLINE_OFF = "Offline play is off on this server.";

async function offlineOff() {
  try {
    return (await serverOptions()).limits.offline_boards === 0;
  } catch (error) {
    return false;
  }
}

// While online and between rounds: boards kept ahead for the settings chosen (fetched when
// fewer are kept than the server says; other settings' boards dropped), and the count said.
let aheadTimer = null;

// A fetch of boards the server did not answer (no answer at all, or its proxy's 502, 503 or
// 504: down or restarting) is asked again by the page itself, not only at the next round,
// tab or reload: after about 5 s, then twice as long each time up to 5 minutes (each wait a
// fifth more or less, so the pages a restart cut off do not all ask at once), and at once
// when the browser says it is online again (the "online" event). A fetch answered, or a
// refusal (a 4xx: asking again changes nothing), asks no more; a change of settings asks at
// once, its backoff kept. The server's own answer that it could not do it now (a 408: the
// work or the request past its time limit, a loaded machine; a 503: its round workers busy;
// a 502 or 504 in JSON) is asked again the same way, but at most BUSY_RETRIES times in a row
// (about 5 minutes in all): a server that keeps answering so is not asked every 5 minutes for
// ever, the next round, tab, settings or reload asking again.
const RETRY_FIRST_MS = 5000;
const RETRY_MOST_MS = 300000;
const TRY_AGAIN_LATER = new Set([408, 502, 503, 504]);
const BUSY_RETRIES = 6;
let aheadRetries = 0;
let busyRetries = 0;  // those in a row of a TRY_AGAIN_LATER answer

// The line of boards kept while the server is out of reach (`error` api()'s): the browser
// offline, or online with the server out of reach (its proxy's 502, 503 or 504: the server
// down or restarting behind it; no answer at all), said as it is.
function outOfReach(error, count) {
  const why = navigator.onLine === false ? "You are offline"
    : error.gateway ? `The server is not answering (its proxy said ${error.gateway})`
      : "The server cannot be reached";
  return count ? `${why}: ${keptLine(count)}` : `${why}, and no board is kept for offline play.`;
}

function retryAhead() {
  const wait = Math.min(RETRY_FIRST_MS * 2 ** aheadRetries, RETRY_MOST_MS);
  aheadRetries += 1;
  keepBoardsAhead(Math.round(wait * (0.8 + Math.random() * 0.4)), true);
}

// `retry`: asked again by retryAhead, not by a player's round, tab or settings.
function keepBoardsAhead(delay = 0, retry = false) {
  clearTimeout(aheadTimer);
  if (!retry) busyRetries = 0;
  aheadTimer = setTimeout(async () => {
    // not asked in a round, offline, or on the Solve tab (a retry's chain ends there: the
    // next round, the Play tab or the "online" event asks again)
    if (state.round || navigator.onLine === false || !$("dict-select").value || $("play-panel").hidden) return;
    if (await offlineOff()) {
      if (!state.round) showKept(OFFLINE_OFF);
      return;
    }
    const settings = aheadSettings();
    try {
      const count = await keepAhead(settings, chosenList());
      if (!state.round) showKept(keptLine(count));
      busyRetries = 0;
      if (await optionsAgain()) aheadRetries = 0;
      else retryAhead();
    } catch (error) {
      if (!state.round) {
        showKept(error.unreachable ? outOfReach(error, keptCount(settings))
          : `${keptLine(keptCount(settings))} (${error.message})`);
      }
      if (error.unreachable) retryAhead();
      else if (TRY_AGAIN_LATER.has(error.status) && busyRetries < BUSY_RETRIES) {
        busyRetries += 1;
        retryAhead();
      }
    }
  }, delay);
}

// A round on the next kept board, judged on this device (offline, or the server out of reach,
// `unreachable` its error); with none kept for these settings, one line says so.
async function startKeptRound(seconds, unreachable = null) {
  const settings = aheadSettings();
  let round = null;
  // by one tab at a time (two never take the same), and the round kept for the tab before
  // the next tab may take: a tab closed in between loses no board
  const taken = await takeKept(settings, (took) => {
    round = {
      board: took.round.board,
      entries: [],
      told: 0,
      ends: Date.now() + seconds * 1000,
      seconds,
      timer: null,
      found: [],
      hints: [],
      choices: roundChoices(),
      offline: { kept: took.round, labels: took.labels, left: took.left, unsaved: took.unsaved },
    };
    keepRound(round);
  });
  if (!taken) {
    const why = !unreachable || navigator.onLine === false ? "you are offline"
      : unreachable.gateway ? `the server is not answering (its proxy said ${unreachable.gateway})`
        : "the server cannot be reached";
    const other = keptForOthers(settings) ? " (those kept are for another word list, rules, dice or size)" : "";
    throw new Error(`${why}, and no board is kept for offline play with these settings${other}: ` +
      "the play page keeps some while connected");
  }
  const kept = taken.round;
  $("play-this-board").checked = false;
  forgetSolution(kept.board);
  state.list = settings.dictionary ?? null;
  $("board-input").value = kept.board;
  offerBoardShown();
  renderBoard(kept.faces);
  state.round = round;
  window.scrollTo(0, 0);
  showRound(state.round);
}

// Why a round started online goes on judged here (`error` api()'s): the browser offline, or
// the server out of reach while the browser says it is online (`gateway`: its proxy
// answered 502, 503 or 504 for it, the server down or restarting behind it).
const lostWhy = (error) => (navigator.onLine === false ? { dropped: "offline" }
  : { dropped: "unreachable", gateway: error?.gateway ?? null });

// An offline round's line, where hints are said online: what it is and how many are left.
function offlineNote(round) {
  if (round.offline.dropped === "unreachable" && round.offline.gateway) {
    return `The server is not answering (its proxy said ${round.offline.gateway}): ` +
      "the round goes on, judged on this device (no hints).";
  }
  if (round.offline.dropped === "unreachable") {
    return "The server cannot be reached: the round goes on, judged on this device (no hints).";
  }
  if (round.offline.dropped) return "The connection is lost: the round goes on, judged on this device (no hints).";
  if (round.offline.unsaved) {
    return "Offline round: judged on this device, no hints. The browser's storage is full, " +
      "so this board could not be marked as played: it may come again.";
  }
  return `Offline round: judged on this device, no hints. ${keptLine(round.offline.left)}`;
}

// Start or Play again tapped: the keyboard opened at once, in the tap (an iPhone opens it for
// no focus made later, once the board has come), and kept for the round's word box.
// A tap landing once the round has begun (the second of a double tap, on a loaded phone run
// after the first's round came) meets a hidden button: it started a second round, a new board.
function startTapped(event) {
  if (state.starting) return;  // a double tap: the first tap's start holds the keyboard
  if (state.round) return;
  const button = event.currentTarget;
  holdKeyboard();
  reportErrors(startWhenLoaded, true)(event).finally(() => releaseKeyboard(button));
}

// Start pressed while the page still loads the round its link promises (/play?dict=es&board=…):
// the button says it is busy and the round starts once the link's list and board are set
// (or, should they fail to load, with the defaults, the failure said in the error line).
// A second tap while a round is being started (a double tap on Start or Play again) starts
// nothing: one round, one clock.
async function startWhenLoaded() {
  if (state.starting) return;
  state.starting = true;
  try {
    const button = $("play-start");
    const label = button.textContent;
    button.setAttribute("aria-busy", "true");
    button.setAttribute("aria-disabled", "true");
    button.textContent = "Loading the link's round…";
    try {
      await state.pageLoad;
    } finally {
      button.removeAttribute("aria-busy");
      button.removeAttribute("aria-disabled");
      button.textContent = label;
    }
    await startRound();
  } finally {
    state.starting = false;
  }
}

// The round's board, word box and clock on the page (a round just started, or taken up again
// after a reload).
function showRound(round) {
  showHintsLeft(round, null);
  lockBoardControls(true);
  document.body.classList.add("in-round");
  // style.css's dice leave room for the round bar's second line on a narrow phone: a class of
  // the page's root, not :has(), which Safari before 15.4 does not read
  document.documentElement.classList.add("solo-round");
  placeSetup(false);
  placeFound(false);
  $("play-results").hidden = true;
  $("play-found").replaceChildren();
  $("play-form").hidden = false;
  $("play-start").hidden = true;
  $("play-end").hidden = false;
  setFeedback("", true);
  showHint(round);
  if (round.offline) {
    $("play-hint").disabled = true;
    $("play-hint-text").textContent = offlineNote(round);
  }
  $("play-offline").hidden = true;  // hidden for the round, its text kept (showKept)
  showRoundScore(0, 0);
  tick();
  if (state.round !== round) return;  // a kept round whose time ran out: ended by tick()
  round.timer = setInterval(tick, 250);
  $("play-input").value = "";
  typeInto($("play-input"));  // the keyboard the start tap opened (holdKeyboard) kept open
  traceWords((word) => reportErrors(() => submitWord(word))());
}

// The choices a round is played with (list, rules, which words count), as the controls hold
// them, so a round taken up after a reload is judged as it started.
const CHOICES = ["dict-select", "rules-select", "play-words-level", "play-words-others"];

function roundChoices() {
  return Object.fromEntries(CHOICES.map((id) => [id, $(id).value]));
}

// The round under way, kept in the tab's sessionStorage: a reload (or a phone's browser
// dropping the tab while another app is in front) comes back to it, its words and its clock.
const ROUND_KEY = "boggle-play-round";

function keepRound(round) {
  keepInTab(ROUND_KEY, round && { ...round, timer: null });
}

function keptRound() {
  const kept = keptInTab(ROUND_KEY);
  return kept && typeof kept.board === "string" && Array.isArray(kept.entries) ? kept : null;
}

// A kept round taken up again: its choices, its board, its words so far; a round whose time
// ran out meanwhile ends at once, with its results.
async function resumeRound(kept) {
  for (const [id, value] of Object.entries(kept.choices || {})) {
    if ([...$(id).options].some((option) => option.value === value)) $(id).value = value;
    if (id === "dict-select") showDiceChoice();
  }
  if (kept.offline) {  // a kept board's round: its board and words are with it
    forgetSolution(kept.board);
    state.list = kept.choices?.["dict-select"] || null;
    $("board-input").value = kept.board;
    renderBoard(kept.offline.kept.faces);
  } else {
    try {
      await solveBoard(kept.board);
    } catch (error) {
      if (!error.unreachable || !kept.fallback) {
        keepRound(null);  // a board or list the server no longer takes: the round is dropped
        throw error;
      }
      // taken up with no connection or no server: its board's words were kept, it goes on here
      kept.offline = { ...kept.fallback, left: keptCount(aheadSettings()), ...lostWhy(error) };
      forgetSolution(kept.board);
      $("board-input").value = kept.board;
      renderBoard(kept.fallback.kept.faces);
    }
  }
  const round = { ...kept, told: 0, timer: null };
  state.round = round;
  showRound(round);
  if (state.round === round && round.entries.length) {
    const answer = await judged(round, false);
    if (state.round !== round) return;
    round.told = answer.feedback.length;
    showFound(round, answer);
  }
}

// While a round runs, the board, list and rules stay as they are.
function lockBoardControls(locked) {
  for (const id of ["board-input", "solve-button", "roll-button", "dice-select", "seed-input",
    "size-input", "dict-select", "rules-select", "tab-solve"]) {
    $(id).disabled = locked;
  }
}

// A round's time is measured with the page's monotonic clock (roundClock): a device clock
// change neither ends nor stretches it, a sleep counts, and the round keeps `ends` in the
// device's time for a reload, set again as the device's clock changes.
const roundClocks = new WeakMap();  // round -> its roundClock

function clockOf(round) {
  if (!roundClocks.has(round)) {
    const clock = roundClock(round.ends, (ends) => {
      round.ends = ends;
      keepRound(round);
    });
    roundClocks.set(round, clock);
  }
  return roundClocks.get(round);
}

// Hidden and shown again (a phone locked mid-round and woken): its sleep counted at once.
document.addEventListener("visibilitychange", () => {
  if (!state.round) return;
  clockOf(state.round).seen();
  if (!document.hidden) tick();
});

function tick() {
  const round = state.round;
  if (!round) return;
  const left = clockOf(round).left() / 1000;
  const timer = $("play-timer");
  timer.textContent = formatClock(left);
  markClock(timer, left);
  if (left <= 0) reportErrors(() => endRound(true))();
}

function showRoundScore(words, points) {
  const score = $("play-score");
  score.dataset.score = String(points);
  score.textContent = `${counted(points, "point")}, ${counted(words, "word")}`;
}

// The round as the server's PlaySession tells it: feedback for each entry, the words found,
// the score and, once finished, the words missed (best first).
// The list and rules `round` started with, as chosenOptions() gives them, whatever the
// controls say now (a /play?dict=es link still loading when Start was pressed sets the
// list afterwards): the round is judged and hinted in its own list.
function roundOptions(round) {
  const chosen = round.choices ?? roundChoices();
  const options = {};
  if (chosen["dict-select"]) options.dictionary = chosen["dict-select"];
  if (chosen["rules-select"]) options.rules = chosen["rules-select"];
  return options;
}

function playRound(round, finished) {
  if (round.offline) return Promise.resolve(judgeKept(round.offline.kept, round.offline.labels, round.entries, finished));
  const chosen = round.choices ?? roundChoices();
  const words = { word_level: chosen["play-words-level"], other_words: chosen["play-words-others"] };
  return api("/api/play", { board: round.board, words: round.entries, finished, ...roundOptions(round), ...words });
}

// A word typed in the word box, or `traced` on the board (the box keeps what is typed).
async function submitWord(traced) {
  const round = state.round;
  const input = $("play-input");
  let typed = traced;
  if (typeof typed !== "string") {
    typed = input.value.trim();
    input.value = "";
  }
  if (!round || !typed) return;
  round.entries.push(typed);
  keepRound(round);
  let answer;
  try {
    answer = await judged(round, false);
  } catch (error) {
    // the server's failure (a 500, its proxy's 502 with no board kept): the word is not lost
    // but not judged either, and the player is told when it will be
    if (state.round === round && error instanceof Error) {
      error.message += "; your word is kept and judged with your next one";
    }
    throw error;
  }
  // the round may have ended, or a later entry's answer come first, while the server answered
  if (state.round !== round || answer.feedback.length <= round.told) return;
  round.told = answer.feedback.length;
  const said = answer.feedback[answer.feedback.length - 1];
  const found = answer.found.find((entry) => entry.word === said.word);
  const word = namedWord(said.word, found?.written);
  if (said.status === "accepted") {
    sayWord(word, `: +${said.points}${verdictNote(said.message)}`, true, roundOptions(round).dictionary);
    if (found) drawPath(found.word, found.path);
    wordFeedback(said.word, { result: "accepted", text: `+${said.points}`, points: said.points, path: found?.path });
  } else {
    sayWord(word, `: ${said.label}${verdictNote(said.message)}`, false, roundOptions(round).dictionary);
    const again = said.status === "already_found";
    wordFeedback(said.word, { result: again ? "again" : "rejected", text: said.label, path: again ? found?.path : null });
  }
  showFound(round, answer);
}

// The words found so far, the latest first, and the score.
function showFound(round, answer) {
  $("play-found").replaceChildren(...answer.found.map((entry) => {
    const item = document.createElement("li");
    item.append(wordInLanguage(writtenWord(entry.word, entry.written), roundOptions(round).dictionary), ` (${entry.points})`);
    return item;
  }).reverse());
  round.found = answer.found.map((entry) => entry.word);
  showRoundScore(answer.found.length, answer.score);
}

// Hints (POST /api/hint): the length and first letter of an unfound word, then its
// definition, then where it starts; limited per round by the server. The count left is said
// in the hint's line, not on the button: a button that grew to "Hint (4 left)" narrowed the
// word box beside it on a phone (and cut its placeholder) the moment it was tapped.
function showHintsLeft(round, limit) {
  if (limit !== null) round.hintLimit = limit;
  const left = round.hintLimit === undefined ? null : round.hintLimit - round.hints.length;
  const pressed = document.activeElement === $("play-hint");
  $("play-hint").disabled = left === 0;
  // the last hint taken by the keyboard: it goes on in the word box, where the hinted word is
  // typed, not on the page's body (where a disabled button leaves it)
  if (pressed && left === 0) $("play-input").focus();
  return left;
}

// A double tap on Hint asks once: two asks of the same hints given had the same answer, the
// hint shown once and counted twice (a hint of the round's few lost).
async function askHint() {
  const round = state.round;
  if (!round || state.hinting === round || round.offline) return;
  state.hinting = round;
  let answer;
  try {
    answer = await api("/api/hint", {
      board: round.board, found: round.found, given: round.hints, ...roundOptions(round),
    });
  } finally {
    if (state.hinting === round) state.hinting = null;
  }
  if (state.round !== round) return;
  if (answer.hint) round.hints.push([answer.hint.target, answer.hint.level]);
  const left = showHintsLeft(round, answer.limit);
  round.hintText = answer.hint
    ? `Hint: ${hintWords(answer.hint)} (${counted(left, "hint")} left)` : answer.message;
  round.hintCell = answer.hint?.first_cell ?? null;
  keepRound(round);
  showHint(round);
}

// A hint in the page's words, from its parts (the server's `message` is the command line's):
// where the word starts is the die marked on the board, and its row and column counted from 1
// as the board's label counts them for a screen reader ("Row 3: E, W, B, X."), not the cell as
// the command line writes it ("it starts at [(2,1)]": rows and columns counted from 0).
function hintWords(hint) {
  let text = `${hint.length} letters, starting with ${hint.first_letter}`;
  if (hint.level >= 2) text += hint.definition ? `: "${hint.definition}"` : " (no definition known)";
  if (hint.first_cell) {
    const [row, col] = hint.first_cell;
    text += `; it starts on the die marked on the board: row ${row + 1}, column ${col + 1}`;
  }
  return text;
}

// The last hint's line, and the die its word starts on marked: kept with the round, so a
// reload, which keeps the hints used, shows the hint it took too.
function showHint(round) {
  announce($("play-hint-text"), round.hintText || "");  // "no hints left" asked twice: said twice
  if (round.hintCell) drawPath("hint", [round.hintCell]);
}

// The round's Start, clock and switches with its settings (#play-setup): first before a
// round and during one, after its results once a round is over (board.js placeRoundSetup).
function placeSetup(over) {
  placeRoundSetup($("play-setup"), over ? $("play-results") : null);
}

// The words found: under the word box during a round, in its results once it is over, after
// the score and "Play again" and before the words missed, so the results read down from
// their heading (where the focus lands) in order: the score, the words found, those missed.
const foundHome = document.createComment(" the words found, during a round ");
function placeFound(over) {
  const found = $("play-found");
  if (!foundHome.parentNode) found.before(foundHome);
  if (over) $("play-results").querySelector(".play-again-bar").after(found);
  else foundHome.after(found);
}

// "Change settings" under a round's result: the screen at the round's settings, after the
// results and the words missed, and the keyboard at the first of them, the round's length.
function showSettings() {
  $("play-setup").scrollIntoView({ block: "start" });
  $("play-time").focus({ preventScroll: true });
}

// The round's end: `ranOut` when its time ran out, not when the player ended it.
async function endRound(ranOut = false) {
  const round = state.round;
  if (!round) return;
  clearInterval(round.timer);
  state.round = null;
  keepRound(null);
  traceWords(null);
  clearPath();  // the last word's path is not a missed word's: the board is bare again
  sound("end");
  document.body.classList.remove("in-round");
  document.documentElement.classList.remove("solo-round");
  placeSetup(true);
  placeFound(true);
  $("play-timer").textContent = formatClock(0);
  $("play-hint-text").textContent = "";  // the results say how many hints there were
  $("play-form").hidden = true;
  hideTapToType();  // asked for again at the next round that starts with no tap (a reload's)
  $("play-start").hidden = false;
  $("play-start").textContent = "Play another round";
  $("play-end").hidden = true;
  lockBoardControls(false);
  const answer = await judged(round, true);
  showFound(round, answer);  // every word's answer in, a word sent just before the end too
  const line = $("play-result-line");
  line.dataset.score = String(answer.score);
  line.dataset.maximum = String(answer.maximum);
  line.textContent = `You scored ${answer.score} of ${counted(answer.maximum, "point")}: ` +
    `${answer.found.length} of ${counted(answer.total, "word")}` +
    (round.hints.length ? `, with ${counted(round.hints.length, "hint")}.` : ".") +
    (round.offline ? " (An offline round, judged on this device.)" : "");
  renderWordGroups($("play-missed"), answer.missed, "ranked", "missed");
  // kept in the round's own list, whatever the list control says now
  offerKeep($("play-results"), answer.missed, round.choices["dict-select"] || null, $("play-missed"));
  showLevelCounts($("play-levels"), answer.levels);  // the key to the missed words' looks
  $("play-set-apart").hidden = !answer.set_apart.length;
  $("play-set-apart").textContent = `Set apart (0 points): ${answer.set_apart.join(", ")}`;
  $("play-results").hidden = false;
  if (!round.offline) {  // a challenge is made on the server
    offerChallenge($("play-results"), {
      board: round.board, ...chosenOptions(), seconds: round.seconds, words: answer.found.map((w) => w.word),
    });
  }
  if (round.offline) showKept(keptLine(keptCount(aheadSettings())));
  keepBoardsAhead();
  // said to every player: the missed words are buttons, chosen by a tap, a click or the
  // keyboard (a focused one shows its path too); "Hover over" meant nothing to a screen reader
  setFeedback(`${ranOut ? "Time!" : "Round over."} Select a missed word to see its path.`, true);
  // the results from their first line (the score, the words found), and the keyboard there:
  // Tab goes on to "Play again" under the score, then the words found, those missed, the settings
  focusResults($("play-feedback"), $("play-results-title"));
}

// ------------------------------------------------------------------ tabs and start-up

function showMode(mode) {
  const play = mode === "play";
  $("tab-solve").setAttribute("aria-selected", String(!play));
  $("tab-play").setAttribute("aria-selected", String(play));
  $("tab-solve").tabIndex = play ? -1 : 0;  // one tab stop for the tab list: the chosen tab
  $("tab-play").tabIndex = play ? 0 : -1;
  $("solve-panel").hidden = play;
  $("play-panel").hidden = !play;
  // Playing, the round's Start and settings come first and the board's choices after them
  // (on a phone the solver's controls pushed Start below the first screen); moved, not only
  // drawn elsewhere, so the order read aloud and tabbed through is the order seen.
  const main = document.querySelector("div.solver");
  const controls = main.querySelector(".controls");
  main.dataset.mode = mode;
  if (play) main.append(controls);
  else main.prepend(controls);
  if (state.board) updateShare();
}

// The ARIA tabs pattern: Left and Right move to the previous and next tab (round the ends),
// Home and End to the first and last; the tab moved to is chosen at once.
function moveBetweenTabs(event) {
  const tabs = [...event.currentTarget.querySelectorAll("[role=tab]")].filter((tab) => !tab.disabled);
  const at = tabs.indexOf(document.activeElement);
  if (at < 0) return;
  const moves = {
    ArrowRight: at + 1, ArrowLeft: at - 1 + tabs.length, Home: 0, End: tabs.length - 1,
  };
  if (!(event.key in moves)) return;
  event.preventDefault();
  const tab = tabs[moves[event.key] % tabs.length];
  tab.focus();
  tab.click();
}

// The dice shown beside an English list only (another language's boards use its letters).
function showDiceChoice() {
  const list = $("dict-select");
  return showDiceFor($("dice-select"), $("size-label"), ...chosenLanguage(list), list);
}

// A page opened with no server: the word list of the boards kept for offline play as the one
// choice (the server's lists did not come); false when none is kept.
function offerKeptList() {
  const list = keptList();
  if (!list) return false;
  const option = document.createElement("option");
  option.value = list.name;
  option.dataset.language = list.language || "";
  option.dataset.languageName = list.languageName || "";
  option.textContent = list.title || list.name;
  $("dict-select").replaceChildren(option);
  return true;
}

async function loadOptions() {
  const [, options] = await Promise.all([fillWordLists($("dict-select")), serverOptions()]);
  $("version").textContent = `boggle ${options.version}`;
}

// Whether the server's lists and options did not come as the page opened, the server out of
// reach (the kept boards' list offered alone, offerKeptList).
let optionsMissing = false;

// The server answering again (a fetch of kept boards answered: a retry, the "online" event,
// the Play tab), a page opened without its lists and options asks for them again: the menu
// offered every list only after a reload. The list chosen (the kept boards') stays chosen.
// False while they are still out of reach (asked again as the boards would be).
async function optionsAgain() {
  if (!optionsMissing) return true;
  const chosen = $("dict-select").value;
  try {
    await loadOptions();
    optionsMissing = false;
  } catch (error) {
    optionsMissing = Boolean(error.unreachable);  // else refused: asking again changes nothing
  }
  // the lists may have come without the options: the list chosen stays chosen either way
  if ([...$("dict-select").options].some((option) => option.value === chosen)) $("dict-select").value = chosen;
  showDiceChoice();
  return !optionsMissing;
}

async function start() {
  // a board refused is said in view: on a phone the error line is under the dice, seed and
  // list choices, below the screen, and Solve seemed to do nothing
  $("board-form").addEventListener("submit", reportErrors(() => solveBoard($("board-input").value), true));
  $("roll-form").addEventListener("submit", reportErrors(async () => solveBoard(await rollBoard()), true));
  checkSeedRange($("seed-input"));
  $("dice-select").addEventListener("change", showDiceChoice);
  $("dict-select").addEventListener("change", showDiceChoice);
  for (const id of ["dict-select", "rules-select"]) {
    $(id).addEventListener("change", reportErrors(async () => {
      if (state.board && !state.round) await solveBoard(state.board);
    }));
  }
  for (const id of ["dict-select", "rules-select", "dice-select", "size-input", "play-words-level", "play-words-others"]) {
    $(id).addEventListener("change", () => { if (!$("play-panel").hidden) keepBoardsAhead(300); });
  }
  $("tab-play").addEventListener("click", () => keepBoardsAhead());
  window.addEventListener("online", () => { if (!$("play-panel").hidden) keepBoardsAhead(); });
  $("board-input").addEventListener("input", () => {
    forgetSeed();
    offerBoardShown();
  });
  offerBoardShown();
  oneTabStop($("words"), "Words");  // one Tab stop, not one a word: the arrow keys go on
  $("word-filter").addEventListener("input", renderWords);
  $("word-sort").addEventListener("change", renderWords);
  $("copy-link").addEventListener("click", reportErrors(() => copyText(
    new URL(shareURL(), location.href).href, $("copy-link"), $("share-link"))));
  $("tab-solve").addEventListener("click", () => showMode("solve"));
  $("tab-play").addEventListener("click", () => showMode("play"));
  $("tab-solve").closest("[role=tablist]").addEventListener("keydown", moveBetweenTabs);
  $("play-start").addEventListener("click", startTapped);
  $("play-again").addEventListener("click", startTapped);
  $("play-change-settings").addEventListener("click", showSettings);
  showRoundLength($("play-time"), $("play-time-said"));
  keepChoice($("play-time"), "boggle-play-time");
  $("play-end").addEventListener("click", reportErrors(() => endRound(false)));
  $("play-form").addEventListener("submit", reportErrors(() => submitWord()));
  $("play-hint").addEventListener("click", reportErrors(askHint));
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && state.pinned) {
      state.pinned = null;
      for (const b of document.querySelectorAll(".word.pinned")) b.classList.remove("pinned");
      clearPath();
    }
  });
  window.addEventListener("resize", restorePinned);

  const params = new URLSearchParams(location.search);
  const play = params.get("mode") === "play" || location.pathname === "/play";
  if (play) showMode("play");
  let loaded;
  state.pageLoad = new Promise((resolve) => { loaded = resolve; });
  let offline = false;
  try {
    try {
      await loadOptions();
    } catch (error) {
      if (!error.unreachable || !offerKeptList()) throw error;
      offline = error;  // no server, but boards kept: the list they are of is offered
      optionsMissing = true;
    }
    keepChoice($("dict-select"), "boggle-list");  // before the link's: a link's list wins
    keepChoice($("dice-select"), "boggle-dice");
    const unknown = [];
    for (const [key, id] of [["dict", "dict-select"], ["rules", "rules-select"]]) {
      const wanted = params.get(key);
      if (!wanted) continue;
      if ([...$(id).options].some((option) => option.value === wanted)) $(id).value = wanted;
      else unknown.push(`${key} '${wanted}'`);
    }
    showDiceChoice();
    const kept = play ? keptRound() : null;
    if (kept) {
      await resumeRound(kept);
    } else if (params.get("board") && play) {
      $("board-input").value = params.get("board");  // a shared challenge: not solved yet
      offerBoardShown();
      $("play-this-board").checked = true;
    } else if (params.get("board")) {
      $("board-input").value = params.get("board");  // kept as given should it not parse
      await solveBoard(params.get("board"));
    } else if (!play) {
      await solveBoard(await rollBoard());
    }
    if (unknown.length) {
      showError(`this link names an unknown ${unknown.join(" and ")}; the defaults are used`);
    }
  } catch (error) {
    showError(error.message);
  }
  loaded();
  document.body.dataset.ready = "true";
  if (offline) showKept(outOfReach(offline, keptCount(aheadSettings())));
  if (play && !offline) keepBoardsAhead();
  // the server out of reach: its line stays until it answers again (asked as a fetch of
  // boards the server did not answer is, with backoff)
  if (play && offline) retryAhead();
}

start();
