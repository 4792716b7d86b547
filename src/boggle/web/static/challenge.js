// The challenge page (/challenge/CODE): play the round a friend kept (same board, word list,
// rules and time), post the words (judged on the server) under a name, see everyone's results.
import {
  GATEWAY_DOWN, announce, api, clearPath, copyText, roundCountdown, drawPath, focusResults, hideTapToType, holdKeyboard, keepRound, placeError, keptRound,
  limitName, lowerLetters, nameList,
  keepOneTabStop, levelName, listedWord, markLevel, namedWord, oneTabStop, readyDefinitionBox, renderBoard, roundLength, sayLocalOnly, sayVerdict, shareOrigin, shareURLs, showAddress, showInView, showLevelKey,
  sayTies, shownName, shownRank, sound, typeInto, verdictNote, wordButton, wordListTitles, writtenWord,
} from "/static/board.js";
import { traceWords, wordFeedback } from "/static/trace.js";
import { offerKeep } from "/static/learn.js";
import { PendingWords, keptWords } from "/static/pending.js";

const $ = (id) => document.getElementById(id);
const code = (location.pathname.split("/").pop() || "").toUpperCase();
const storageKey = `boggle-challenge-${code}`;
const state = {
  challenge: null,
  name: "",
  words: [],      // the good words found, as the server read them
  points: [],     // their points, in the same order
  written: [],    // how their language writes them where the list folds them ([] if as held)
  ends: 0,        // when the round ends (Date.now() milliseconds, set again as the device's clock changes)
  over: true,
  judged: false,  // the round's result being posted: an answer that comes after it changes nothing
  stopTimer: () => {},
  posting: false,  // the round's result on its way to the server: another post waits for it
  listTitles: new Map(),  // a word list's name -> its title ("en-70" -> "English (111,817 words)")
};
// the words sent and not answered yet: kept with the round, a reload sends them again
const pending = new PendingWords(() => {
  if (!state.over) keep();
});
// The round under way, kept in the tab until its result is posted: a reload comes back to it.
const roundKey = `boggle-challenge-round-${code}`;

const points = (n) => `${n} point${n === 1 ? "" : "s"}`;
const words = (n) => `${n} word${n === 1 ? "" : "s"}`;

// The page's error line, where the player looks (board.js placeError): under the word box
// during a round, under the results' heading after it, brought onto the screen but in a round
// (the board does not move).
function showError(message) {
  announce($("error"), message);  // the same error twice (the server out of reach) said twice
  $("error").hidden = !message;
  if (message) placeErrorNow();
}

// The error line said now put where the player looks now: the results just shown took the
// screen from where it was said.
function placeErrorNow() {
  if ($("error").hidden) return;
  placeError($("error"), $("challenge-info"));
  if (!document.body.classList.contains("in-round")) showInView($("error"));
}

// The challenge in a line: "A 2 min round on a 4x4 board: English (111,817 words), classic
// rules (words of 3+ letters). Nobody has played it yet." (the list's title from
// /api/dictionaries: a newcomer does not know "en-70"; the bare name when it is not known).
// With `toBeat` (a friend who opened the link, before their round) it names who played and
// the best score: "Ann played it: 12 points, 8 words. Your turn to beat that."
function describe(challenge, toBeat = false) {
  const rules = challenge.rules;
  const played = challenge.results.length;
  const list = state.listTitles.get(challenge.dictionary) || `word list ${challenge.dictionary}`;
  const an = [8, 11, 18].includes(challenge.rows) ? "an" : "a";  // as read aloud: an eight by eight
  const about = `A ${roundLength(challenge.seconds)} round on ${an} ${challenge.rows}x${challenge.cols} board: ${list}, ` +
    `${rules.preset} rules (words of ${rules.min_length}+ letters). `;
  if (!played) return about + "Nobody has played it yet.";
  if (!toBeat) return about + `${played} ${played === 1 ? "person has" : "people have"} played it.`;
  // a tie for the top names everyone in it ("the best are Ann and Bob: 2 points, 1 word"):
  // equal points share a place, and naming one of them read as though they had won alone
  const first = challenge.results.filter((row) => row.rank === 1);
  const bests = first.length ? first : [challenge.results[0]];
  const best = bests[0];
  const names = bests.map((row) => row.name);
  const sameCount = bests.every((row) => row.count === best.count);
  const score = sameCount ? `${points(best.score)}, ${words(best.count)}` : `${points(best.score)} each`;
  const who = names.length === 1 ? `the best is ${names[0]}`
    : `the best are ${nameList(names)}`;
  return about + (played === 1 ? `${best.name} played it: ${score}.`
    : `${played} people have played it; ${who}: ${score}.`) + " Your turn to beat that.";
}

// boggle.rooms.limits.LOOK_ALIKES: the Cyrillic and Greek small letters that read as a Latin one
const LOOK_ALIKES = new Map([..."\u0430\u0432\u0435\u0455\u0456\u0458\u043a\u043c\u043d\u043e\u0440\u0441" +
  "\u0442\u0443\u0445\u04bb\u0501\u051b\u051d\u04af\u04cf\u03b1\u03b2\u03b3\u03b5\u03b6\u03b7\u03b9" +
  "\u03ba\u03bc\u03bd\u03bf\u03c1\u03c4\u03c5\u03c7\u03f2\u03f3"].map((char, at) =>
  [char, "abesijkmhopctyxhdqwylabyezhikmnoptyxcj"[at]]));

// ------------------------------------------------------------------ the round

// A tap on Play landing once the round has begun (a double tap on a loaded phone, Enter then
// a click) meets a hidden form: it started the round again, its words and clock anew.
function startRound(event) {
  event.preventDefault();
  if ($("challenge-entry").hidden) return;
  const name = shownName($("challenge-name").value);  // as the server keeps it
  if (!name) {
    showError("choose a name to play under");
    $("challenge-name").focus();
    return;
  }
  // a name with a result already (one a name, any case) is said now, not after the round
  // (posting it would be refused then; the words are kept for another name all the same)
  // compared as the server compares names (boggle.rooms.limits.name_key): case and the
  // letters' compatibility forms aside, so a fullwidth ＡＮＮ is Ann's name, and a Cyrillic
  // or Greek letter that reads as a Latin one is that letter (Cyrillic "аnn" is "ann")
  const key = (text) => [...text.normalize("NFKC").toLowerCase().normalize("NFD")]
    .map((char) => LOOK_ALIKES.get(char) ?? char).join("").normalize("NFKC");
  const taken = state.challenge.results.find((row) => key(row.name) === key(name));
  if (taken) {
    showError(`${taken.name} has played this challenge already: choose another name`);
    $("challenge-name").focus();
    return;
  }
  showError("");
  holdKeyboard();  // in the tap, so an iPhone opens its keyboard (typeInto passes it on)
  playRound({ name, words: [], points: [], written: [], ends: Date.now() + state.challenge.seconds * 1000 });
}

function keep() {
  keepRound(roundKey, {
    name: state.name, words: state.words, points: state.points, written: state.written, ends: state.ends,
    pending: pending.words,
  });
}

// A round begun, or taken up again after a reload with its words and clock (one whose time
// ran out meanwhile ends at once, and its result is posted).
function playRound(round) {
  state.name = round.name;
  state.words = round.words;
  state.points = round.points;
  // one entry a word, whatever was kept (a round kept before the forms were: none)
  state.written = round.words.map((_, at) => (Array.isArray(round.written) && round.written[at]) || []);
  state.ends = round.ends;
  state.over = false;
  state.judged = false;
  pending.clear();
  keep();
  document.body.dataset.phase = "playing";
  $("challenge-entry").hidden = true;
  renderBoard(state.challenge.faces);
  $("my-words").replaceChildren(
    ...state.words.map((word, at) => listedWord(word, state.points[at], state.written[at], state.challenge.dictionary)),
  );
  $("feedback").textContent = "";
  $("round").hidden = false;
  $("word-input").disabled = false;
  $("word-button").disabled = false;
  document.body.classList.add("in-round");
  typeInto($("word-input"));
  traceWords((word) => enterWord(word));
  // the words whose check a reload cut short: checked now, as if entered again, before the
  // clock (a round whose time ran out meanwhile ends at once, and waits for their answers)
  for (const word of keptWords(round)) enterWord(word);
  // measured with the monotonic clock (a device clock change neither ends nor stretches the
  // round; a sleep counts), its end kept again for a reload as the device's clock changes
  state.stopTimer = roundCountdown($("timer"), state.ends, () => finish(true), (ends) => {
    state.ends = ends;
    keep();
  });
}

// The round's line (a live region): said again when it is the message shown (announce).
function say(text, good) {
  const box = $("feedback");
  announce(box, text);
  box.className = `feedback ${good ? "good" : "bad"}`;
}

// A word's verdict: `named` (the word, in its list's language) then `rest` (": +2"); the
// same verdict twice is said twice (it was emptied first, then set: the same text).
function sayWord(named, rest, good) {
  $("feedback").className = `feedback ${good ? "good" : "bad"}`;
  sayVerdict($("feedback"), named, rest, state.challenge?.dictionary);
}

// A word found, named as when it was found (AEREA (aérea)), for "already found".
function namedFound(word) {
  return namedWord(word, state.written?.[state.words.indexOf(word)] ?? []);
}

// A word entered (typed, or traced on the board): checked against the board, list and rules.
export async function enterWord(word) {
  if (!word || state.over) return;
  if (state.words.includes(word)) {
    sayWord(namedFound(word), ": already found", false);
    wordFeedback(word, { result: "again", text: "already found" });
    return;
  }
  const challenge = state.challenge;
  pending.sent(word);  // a reload before the answer sends the word again
  try {
    const check = await api("/api/check", {
      board: challenge.board, word, dictionary: challenge.dictionary,
      rules: challenge.rules.preset, min_length: challenge.rules.min_length,
    });
    pending.answered(word);
    if (state.judged) return;  // answered after the result was posted: too late
    showError("");  // the server answers again: an error said before is over
    const found = check.word || word;  // as the server reads it: fullwidth letters are letters
    if (found !== word && state.words.includes(found)) {
      sayWord(namedFound(found), `: already found${verdictNote(check.message)}`, false);
      wordFeedback(word, { result: "again", text: "already found" });
      return;
    }
    const good = check.status === "counted";
    const named = namedWord(found, check.written);  // AEREA (aérea)
    sayWord(named, (good ? `: +${check.points}` : `: ${check.label}`) + verdictNote(check.message), good);
    wordFeedback(word, good ? { result: "accepted", text: `+${check.points}`, points: check.points, path: check.path }
      : { result: "rejected", text: check.label });
    if (good && !state.words.includes(found)) {  // entered in time: counted after the end too
      state.words.push(found);
      state.points.push(check.points);
      state.written.push(check.written);
      keep();
      if (!state.over) drawPath(found, check.path);  // the round over: the board stays bare
      $("my-words").append(listedWord(found, check.points, check.written, challenge.dictionary));
    }
  } catch (error) {
    // no answer (a reload may have cut it short): the word stays kept until the page is known
    // to stay; a page being left goes on no further, and the reload sends the word again
    await pending.pageStays(error);
    pending.answered(word);
    if (state.judged) return;
    if (state.over) {  // entered in time, its check failed after the end: said, not dropped
      showError(`${word.toUpperCase()} could not be checked (${error.message}), so it does not count`);
      return;
    }
    showError(error.message);
    // the word stays in the box (it was emptied as it was sent): Enter sends it again
    if (!state.over && !$("word-input").value) $("word-input").value = word;
  }
}

function submitWord(event) {
  event.preventDefault();
  const word = lowerLetters($("word-input").value.trim());  // GĘSİ is gęsi, as the server reads it
  $("word-input").value = "";
  enterWord(word);
}

async function finish(timeUp) {
  if (state.over) return;
  state.over = true;
  state.stopTimer();
  traceWords(null);
  clearPath();  // the last word's path is not a missed word's: the board is bare again
  sound("end");
  document.body.classList.remove("in-round");
  $("word-input").disabled = true;
  $("word-button").disabled = true;
  hideTapToType();
  say(timeUp ? "Time!" : "Round over.", true);
  // the words entered in time whose answers have not come (sent again after a reload, say)
  // are waited for: they count
  const unanswered = await pending.settled() ? [] : [...pending.words];
  state.judged = true;
  await postResult(state.name);
  if (unanswered.length) {
    showError(`The server did not answer for ${unanswered.map((w) => w.toUpperCase()).join(", ")} `
      + "before the round ended, so they do not count");
  }
}

// ------------------------------------------------------------------ results

// One post at a time: a double tap on Post sent the result twice, and the second's "the name
// is taken" (by the first) put the form back over the results just shown.
async function postResult(name) {
  if (state.posting) return;
  state.posting = true;
  try {
    await postOnce(name);
  } finally {
    state.posting = false;
  }
}

async function postOnce(name) {
  let response;
  let answer = null;
  try {
    response = await fetch(`/api/challenges/${code}/results`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name, words: state.words }),
    });
  } catch (error) {
    showError("the server cannot be reached; your words are kept here: try again");
    offerRename(name, "the server cannot be reached; they are kept here: post them again.");
    return;
  }
  try {
    answer = await response.json();
  } catch (error) {
    answer = null;  // a proxy's own answer (an HTML page): said by its status below
  }
  if (!response.ok || answer === null) {
    const status = response.status;
    if (answer === null && !response.ok && status === 413) {
      // a proxy in front (nginx's client_max_body_size) refused the body: the server is
      // there, and posting the same words again is refused the same way
      showError("the server refused the result as too large (413); your words are kept here");
      offerRename(name, "the server refused them as too large; they are kept here.");
    } else if (answer === null && GATEWAY_DOWN.has(status)) {
      showError(`the server cannot be reached right now (${status}); your words are kept here: try again`);
      offerRename(name, "the server cannot be reached; they are kept here: post them again.");
    } else if (answer === null) {
      showError(`the server answered ${status} without JSON; your words are kept here: try again`);
      offerRename(name, `the server answered ${status}; they are kept here: post them again.`);
    } else {
      showError(answer.error ? answer.error : `the server answered ${status}`);
      if (status === 409 || status === 400) offerRename(name);
    }
    return;
  }
  showError("");
  keepRound(roundKey, null);
  localStorage.setItem(storageKey, JSON.stringify({ name: answer.posted.name }));
  showResults(answer, answer.posted.name, true);
}

// The name is taken (or the post failed, `why`: the server out of reach, not the name): the
// words stay, another name (or the same, once the server answers) posts them.
function offerRename(name, why = "post them under a name nobody has used here.") {
  document.body.dataset.phase = "rename";
  $("round").hidden = true;
  $("results").hidden = false;
  $("rename").hidden = false;
  $("rename-name").value = name;
  $("rename-name").focus();
  $("challenge-summary").textContent = `You found ${words(state.words.length)}: ${why}`;
  showInView($("results"));
  placeErrorNow();  // why the post failed: under the results' heading, not above the screen
}

const ROW_KEYS = "the arrow keys move between the words, Home and End to the first and the last.";

// Everyone's results, `you` marked; `played` when your round has just ended: the screen and
// the keyboard then at their heading, as after a round on /play and the daily board (Tab goes
// on through the table, Keep missed words, the link to challenge more friends, another board).
function showResults(challenge, you, played = false) {
  state.challenge = challenge;
  document.body.dataset.phase = "results";
  $("challenge-info").textContent = describe(challenge);
  renderBoard(challenge.faces);
  $("challenge-entry").hidden = true;
  $("round").hidden = true;
  $("rename").hidden = true;
  $("results").hidden = false;
  const mine = challenge.results.find((row) => row.name === you);
  // a place shared written "1=" and the rule said under the table, as a room's standings
  const ranks = challenge.results.map((row) => row.rank);
  $("challenge-summary").textContent = mine
    ? `You (${mine.name}) scored ${points(mine.score)} of ${challenge.maximum}: ${words(mine.count)} of ${challenge.total}; rank ${shownRank(mine.rank, ranks)} of ${challenge.results.length}.`
    : `${challenge.results.length} result${challenge.results.length === 1 ? "" : "s"}, best first.`;
  $("challenge-csv").href = `/api/challenges/${encodeURIComponent(challenge.code)}/results.csv`;
  const body = $("challenge-results").querySelector("tbody");
  body.replaceChildren();
  for (const row of challenge.results) {
    const line = document.createElement("tr");
    line.dataset.name = row.name;
    line.dataset.score = String(row.score);
    line.dataset.rank = String(row.rank);
    line.dataset.only = row.only.join(" ");
    if (row.name === you) line.className = "you";
    const cells = [shownRank(row.rank, ranks), row.name === you ? `${row.name} (you)` : row.name, String(row.score), String(row.count)];
    for (const text of cells) {
      const cell = document.createElement("td");
      cell.textContent = text;
      line.append(cell);
    }
    // a short name on one line ("bob (you)"), its column as wide as it, not as narrow as the
    // words beside it leave it (a long name still wraps: style.css .short-name)
    if ([...cells[1]].length <= SHORT_NAME) line.children[1].classList.add("short-name");
    const only = document.createElement("td");
    const list = document.createElement("div");
    list.className = "word-list";
    const found = new Map(row.words.map((w) => [w.word, w]));
    list.append(...row.only.map((word) => wordButton(
      word, found.get(word)?.path, writtenWord(word, found.get(word)?.written), challenge.dictionary ?? null,
    )));
    only.append(list);
    line.append(only);
    body.append(line);
  }
  sayTies($("challenge-ties"), ranks);
  const listed = body.querySelector(".word-list .word");
  if (listed) readyDefinitionBox(listed.closest(".word-list"));
  showMissed(challenge, mine);
  if (mine) {  // the words the others found and you did not, and the board's other words
    // you missed (the server's `missed`, common first: a player who found none is offered
    // them too); with none the line says why, not "No missed words" after a 0
    const yours = new Set(mine.words.map((w) => w.word));
    const missed = new Map();
    for (const row of challenge.results) {
      for (const w of row.words) if (!yours.has(w.word)) missed.set(w.word, w);
    }
    const byOthers = [...missed.values()].sort((a, b) => b.points - a.points || a.word.localeCompare(b.word));
    const board = Array.isArray(challenge.missed) ? challenge.missed : [];
    const known = new Set(board.map((w) => w.word));
    const best = [...board, ...byOthers.filter((w) => !known.has(w.word))];
    const none = mine.count >= challenge.total ? "You found every word of the board: none to keep."
      : challenge.results.length > 1 ? "The others found no word you missed."
        : "Nobody else has played yet: come back once a friend has, to keep the words they found that you missed.";
    offerKeep(
      $("results"), best, challenge.dictionary, $("share-challenge").closest("p"), $("results"), none,
    );
  }
  // the rows with no "+ learn" (yours, and everyone's before you have played) one Tab stop
  // too, not one a word: the others' are made so with their buttons by offerKeep
  for (const list of body.querySelectorAll(".word-list")) {
    if (list.dataset.oneStop || !list.querySelector("button.word")) continue;
    const name = list.closest("tr").dataset.name;
    oneTabStop(list, name === you ? "Words only you found" : `Words only ${name} found`, ROW_KEYS);
    keepOneTabStop(list);
  }
  for (const list of body.querySelectorAll(".word-list")) foldRow(list);
  if (played) focusResults($("results"), $("results-title"));
  else showInView($("results"));
}

// A row of many words was a screen high and more: on a phone a word a line, on a wider
// screen two words a line each over its "+ learn" (thirty words, fifteen lines). Its words
// past its first FOLD_LINES lines, as the row lays them out at the width it has now, are
// folded behind a "+N more" button (aria-expanded, "Fewer" once open); a row of one line
// more than that shows it whole ("+1 more" would take the line the words take). The lines
// are counted again when the row's width changes (a phone turned, a window widened). The
// arrow keys of the row's one Tab stop (board.js) go through the words shown.
const FOLD_LINES = 3;
let foldedRows = 0;

// The line (0, 1, ...) each of `items` sits on, every item shown as the row is laid out
// open; null where the row is not laid out (hidden).
function linesOf(list, items) {
  const folded = list.classList.contains("folded");
  list.classList.remove("folded");
  const tops = items.map((item) => item.getClientRects().length ? item.getBoundingClientRect().top : null);
  list.classList.toggle("folded", folded);
  if (tops.some((top) => top === null)) return null;
  let line = 0;
  return tops.map((top, i) => {
    if (i && top > tops[i - 1] + 1) line += 1;  // a wrapped word starts lower than the last
    return line;
  });
}

function foldRow(list) {
  const items = [...list.children];
  if (items.length <= FOLD_LINES + 1) return;  // never more than FOLD_LINES + 1 lines
  list.id ||= `row-words-${++foldedRows}`;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "fold-more secondary";
  button.setAttribute("aria-controls", list.id);
  const words = document.createElement("span");
  words.className = "visually-hidden";
  words.textContent = " words";
  let past = 0;  // the words folded away when folded
  const show = (open) => {
    list.classList.toggle("folded", !open && past > 0);
    button.setAttribute("aria-expanded", String(open));
    button.replaceChildren(open ? "Fewer" : `+${past} more`, words);
    // the row's Tab stop on a word folded away: back at its first word, and the keyboard
    // with it if it was there (the row folded again at a narrower width)
    const stop = list.querySelector("[tabindex='0']");
    if (!open && stop && stop.closest(".past-fold")) {
      const focused = stop === document.activeElement;
      list.dataset.stop = "";
      keepOneTabStop(list);
      if (focused) list.querySelector("[tabindex='0']")?.focus();
    }
  };
  const measure = () => {
    const lines = linesOf(list, items);
    if (!lines) return;
    const last = lines[lines.length - 1];
    past = last > FOLD_LINES ? lines.filter((line) => line >= FOLD_LINES).length : 0;
    items.forEach((item, i) => item.classList.toggle("past-fold", past > 0 && lines[i] >= FOLD_LINES));
    button.hidden = past === 0;
    show(past > 0 && button.getAttribute("aria-expanded") === "true");
  };
  button.addEventListener("click", () => show(button.getAttribute("aria-expanded") !== "true"));
  button.setAttribute("aria-expanded", "false");
  list.after(button);
  measure();
  let width = list.getBoundingClientRect().width;
  new ResizeObserver(() => {
    const now = list.getBoundingClientRect().width;
    if (Math.abs(now - width) < 1) return;  // folding changes its height, not its lines
    width = now;
    measure();
  }).observe(list);
}

// The most characters of a name cell ("bob (you)") kept on one line in the results table.
const SHORT_NAME = 16;

// The board's words `mine` (your result; none: not shown) did not find, as the server gives
// them (`challenge.missed`, common first; best first without word frequencies), under the
// results table: each shows its path and meaning as the other words do.
function showMissed(challenge, mine) {
  const board = mine && Array.isArray(challenge.missed) ? challenge.missed : [];
  const list = $("unfound");
  list.replaceChildren(...board.map((w) => {
    const button = wordButton(w.word, w.path, `${writtenWord(w.word, w.written)} ${w.points}`, challenge.dictionary ?? null);
    markLevel(button, w.level);
    return button;
  }));
  list.hidden = !board.length;
  $("unfound-title").hidden = !board.length;
  $("unfound-key").hidden = !board.some((w) => levelName(w.level));  // a touch screen has no hover
  showLevelKey($("unfound-key"));
  const shown = board.length < challenge.total - (mine ? mine.count : 0) ? ", the first" : "";
  // common first where the server knows the words' frequencies (each word has its `level`),
  // else best first (no wordfreq: the server lists the most points first), as a room's says
  const order = board.some((w) => w.level) ? "common first" : "best first";
  $("unfound-title").textContent = `Words you did not find (${board.length}${shown}, ${order})`;
  if (board.length) readyDefinitionBox(list);
}

// ------------------------------------------------------------------ start-up

async function start() {
  $("challenge-form").addEventListener("submit", startRound);
  // a name of emoji as long as the server takes, held to the server's limit
  const named = Promise.all([limitName($("challenge-name"), showError), limitName($("rename-name"), showError)]);
  // the link for more friends: on the server's network address (boggle serve --lan) when this
  // page was opened on the machine itself, whose 127.0.0.1 reaches no friend's phone
  const share = $("share-challenge");
  let address = "";
  const showShare = (urls) => {
    address = new URL(location.pathname, shareOrigin(urls)).href;
    share.href = address.startsWith(location.origin) ? location.pathname : address;
    showAddress(share, address, code);
  };
  showShare([]);
  const shared = shareURLs().then((urls) => {
    showShare(urls);
    sayLocalOnly($("share-local"), address);  // 127.0.0.1 without --lan: no friend opens it
  });
  $("copy-challenge").addEventListener("click", () => copyText(address, $("copy-challenge"), share));
  $("word-form").addEventListener("submit", submitWord);
  $("challenge-stop").addEventListener("click", () => finish(false));
  $("rename-form").addEventListener("submit", (event) => {
    event.preventDefault();
    if ($("rename").hidden) return;  // posted already: the form is gone with the round
    postResult(shownName($("rename-name").value));
  });
  try {
    const titles = wordListTitles().catch(() => new Map());
    const saved = JSON.parse(localStorage.getItem(storageKey) || "null");
    // your result's name: the board's words it missed come with the challenge
    const asked = saved && typeof saved.name === "string" ? `?${new URLSearchParams({ name: saved.name })}` : "";
    state.challenge = await api(`/api/challenges/${encodeURIComponent(code)}${asked}`);
    state.listTitles = await titles;
    $("challenge-info").textContent = describe(state.challenge);
    await named;
    const kept = keptRound(roundKey);
    if (saved && saved.name) {
      showResults(state.challenge, saved.name);
    } else if (saved && saved.made) {
      // made on a room's projector (a teacher's homework), not played: everyone's results so
      // far, and their spreadsheet, with no round to play first (which would post a result)
      showResults(state.challenge, null);
      const count = state.challenge.results.length;
      $("challenge-summary").textContent = `You made this challenge: ${count} result${count === 1 ? "" : "s"} so far, best first.`;
    } else if (kept && typeof kept.name === "string" && Array.isArray(kept.words)
        && Array.isArray(kept.points) && typeof kept.ends === "number") {
      playRound(kept);
    } else {
      document.body.dataset.phase = "entry";
      $("challenge-info").textContent = describe(state.challenge, true);
      $("challenge-entry").hidden = false;
      $("challenge-name").focus();
    }
  } catch (error) {
    // a link mistyped or cut short, or a challenge deleted: the server's "there is no challenge
    // 'ZZZZZZZZ'" alone left the player with nothing to do, where a room's link says what to
    showError(error.status === 404
      ? `There is no challenge ${code.slice(0, 20)}: check the link with whoever sent it, or play today's board or a round of your own.`
      : error.message);
  }
  await shared;  // never refused: none asked, the page's own address
  document.body.dataset.ready = "true";
}

start();
