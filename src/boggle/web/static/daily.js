// The daily board: the same board for everyone on a date, a timed solo round, a result to share.
// ?date=YYYY-MM-DD picks another day (the server's today in UTC otherwise).
import {
  announce, api, clearPath, copyText, roundCountdown, drawPath, fillWordLists, focusResults, hideTapToType, holdKeyboard, keepChoice, placeError,
  keepRound, keptRound, listedWord, namedWord, sayVerdict, offerShare, placeRoundSetup, releaseKeyboard,
  renderBoard, readyDefinitionBox, roundLength, sayLocalOnly, serverOptions, shareOrigin, showInView, showLevelCounts, sound, typeInto,
  lowerLetters, verdictNote,
  wordWithPoints,
} from "/static/board.js";
import { offerChallenge } from "/static/challenge-link.js";
import { offerKeep } from "/static/learn.js";
import { PendingWords, keptWords } from "/static/pending.js";
import { traceWords, wordFeedback } from "/static/trace.js";

const $ = (id) => document.getElementById(id);
const state = {
  daily: null,
  words: [],      // the words entered that the server took (counted or set apart)
  listed: [],     // [word, points, written] of the counted ones, as listed under the board
  ends: 0,        // when the round ends (Date.now() milliseconds, set again as the device's clock changes)
  query: null,    // the /api/daily query of the round's board: size, dictionary, date
  stopTimer: () => {},
  over: false,
  judged: false,  // the round's result asked for: an answer that comes after it changes nothing
  starting: false,  // a round is being started (its board asked for): another tap waits
  shareURLs: [],  // where other devices reach this server (boggle serve --lan)
};
// the words sent and not answered yet: kept with the round, a reload sends them again
const pending = new PendingWords(() => {
  if (!state.over) keep();
});
// The round under way, kept in the tab: a reload comes back to it (board.js keepRound).
const ROUND_KEY = "boggle-daily-round";
const CHOICES = ["daily-size", "daily-dict", "daily-words-level", "daily-words-others"];

// Today's first result of each size and word list, kept on this device (localStorage, the
// last few days): opened again the same day the page shows it, Start offers to play the board
// again, and a round played again keeps the first one as the line to share.
const PLAYED_KEY = "boggle-daily-played";
const PLAYED_DAYS = 7;

// The day of the board: ?date=, or today as the server counts it (UTC).
const boardDate = () => state.daily?.date
  ?? new URLSearchParams(location.search).get("date") ?? new Date().toISOString().slice(0, 10);

function playedDays() {
  try {
    const kept = JSON.parse(localStorage.getItem(PLAYED_KEY) || "null");
    return kept && typeof kept.days === "object" && kept.days ? kept.days : {};
  } catch (error) {
    return {};  // unreadable (another version, or storage refused): nothing played
  }
}

// The first result kept for `date`, `size` and `dictionary`: { share, score, words, maximum,
// percent } as /api/daily/result gave them.
function firstResult(date, size, dictionary) {
  return playedDays()[date]?.[`${size}:${dictionary}`] ?? null;
}

function keepFirstResult(date, size, dictionary, result) {
  const days = playedDays();
  const day = days[date] ?? {};
  const key = `${size}:${dictionary}`;
  if (day[key]) return;
  const { share, score, words, maximum, percent } = result;
  day[key] = { share, score, words, maximum, percent };
  days[date] = day;
  const recent = Object.keys(days).sort().slice(-PLAYED_DAYS);
  try {
    localStorage.setItem(PLAYED_KEY, JSON.stringify({
      version: 1, days: Object.fromEntries(recent.map((kept) => [kept, days[kept]])),
    }));
  } catch (error) {
    // storage full or refused: the page works, it just will not remember the day
  }
}

// The link to the daily board of `date`, `size` and list, as a friend opens it.
function boardLink(date, size, dictionary) {
  const params = new URLSearchParams({ date, size: String(size) });
  if (dictionary) params.set("dict", dictionary);
  return `${shareOrigin(state.shareURLs)}/daily?${params}`;  // the LAN address (serve --lan)
}

// The days in a row the player has played the day's board (any size or list) on this device:
// { last: "YYYY-MM-DD", days: N } in localStorage. A board of the day before `last` adds a
// day, the same day none, a gap starts again from 1; a past day's board (?date=, before
// today in UTC, the days' boards' clock) is not counted (catching up is not a run).
const STREAK_KEY = "boggle-daily-streak";

function dayAfter(date) {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

function countStreak(date) {
  let kept = null;
  try {
    kept = JSON.parse(localStorage.getItem(STREAK_KEY) || "null");
  } catch (error) {
    kept = null;  // unreadable: a run starts again
  }
  const known = kept && typeof kept.last === "string" && Number.isInteger(kept.days) && kept.days > 0;
  if (known && kept.last >= date) return kept.last === date ? kept.days : 0;
  const days = known && dayAfter(kept.last) === date ? kept.days + 1 : 1;
  try {
    localStorage.setItem(STREAK_KEY, JSON.stringify({ last: date, days }));
  } catch (error) {
    // storage refused: no run is counted
  }
  return days;
}

function showStreak(date) {
  // today's board (opened without a date, or by a friend's link of today), not a past one's
  const today = date >= new Date().toISOString().slice(0, 10);
  const days = today ? countStreak(date) : 0;
  $("streak").hidden = days < 2;
  $("streak").textContent = days < 2 ? "" : `${days} days in a row: you have played the daily board each day.`;
}

// How to play, for a newcomer: shown until this device has played a daily board (a result
// kept, or a run of days counted), so it is not in a returning player's way.
function showHowTo() {
  const line = $("how-to");
  if (!line) return;  // a page from before the line (a cached copy): nothing to show
  let played = Object.keys(playedDays()).length > 0;
  try {
    played ||= localStorage.getItem(STREAK_KEY) !== null;
  } catch (error) {
    // no storage: the line stays, a newcomer's
  }
  line.hidden = played;
}

// The first result of the chosen size and list, before a round (none shown, none playing).
function chosenFirst() {
  return firstResult(boardDate(), $("daily-size").value, $("daily-dict").value);
}

function showPlayed() {
  const first = chosenFirst();
  const idle = $("round").hidden && $("results").hidden;
  $("played").hidden = !(first && idle);
  $("played-line").textContent = first?.share ?? "";
  // the link copied with it on a server for this machine alone: no friend's phone opens it
  if (first && idle) sayLocalOnly($("played-local"), boardLink(boardDate(), $("daily-size").value, $("daily-dict").value));
}

const counted = (count, what) => `${count} ${what}${count === 1 ? "" : "s"}`;

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
  placeError($("error"), document.querySelector("main > .round-setting"));
  if (!document.body.classList.contains("in-round")) showInView($("error"));
}

// Which words count: all, standard or common; the others refused or set apart at 0 points.
function wordChoice() {
  return { word_level: $("daily-words-level").value, other_words: $("daily-words-others").value };
}

// Start says what it does: once a round is over, "Play today's board again" while the size
// and list are the round's (the same board); "Start the round" before one, or for another
// size or list (another of today's boards).
function nameStart() {
  const played = state.over && state.daily;
  const same = played && String(state.daily.size) === $("daily-size").value
    && state.daily.dictionary === $("daily-dict").value;
  $("daily-start").textContent = same || chosenFirst() ? "Play today's board again" : "Start the round";
  showPlayed();
}

// A second tap while the day's board is asked for (a double tap on Start) starts nothing:
// one round, one clock.
// The tap on Start opens the keyboard at once (holdKeyboard), for the word box once the board
// has come: an iPhone opens it for no focus made later.
async function startRound(event) {
  event.preventDefault();
  if (state.starting) return;
  state.starting = true;
  holdKeyboard();
  try {
    await playRound(null);
  } finally {
    state.starting = false;
    releaseKeyboard($("daily-start"));  // no round: the focus back on Start
  }
}

function keep() {
  keepRound(ROUND_KEY, {
    query: state.query, ends: state.ends, words: state.words, listed: state.listed,
    pending: pending.words,
    choices: Object.fromEntries(CHOICES.map((id) => [id, $(id).value])),
  });
}

// A new round, or the `kept` one taken up again after a reload (its board, words and clock;
// one whose time ran out meanwhile ends at once).
async function playRound(kept) {
  showError("");
  const params = new URLSearchParams(kept ? kept.query
    : { size: $("daily-size").value, dictionary: $("daily-dict").value });
  // Start tapped before the word lists came (a server just started): its default list.
  if (!params.get("dictionary")) params.delete("dictionary");
  const date = new URLSearchParams(location.search).get("date");
  if (date && !kept) params.set("date", date);
  try {
    state.daily = await api(`/api/daily?${params}`);
  } catch (error) {
    if (kept) keepRound(ROUND_KEY, null);
    showError(error.message);
    return;
  }
  params.set("date", state.daily.date);  // the same board after a reload past midnight
  state.query = Object.fromEntries(params);
  state.words = kept ? kept.words : [];
  state.listed = kept ? kept.listed : [];
  pending.clear();
  state.ends = kept ? kept.ends : Date.now() + state.daily.seconds * 1000;
  state.over = false;
  state.judged = false;
  nameStart();
  keep();
  placeRoundSetup($("daily-form"), null);  // after the last round's results: back at the top
  window.scrollTo(0, 0);  // from the top, the board first (Start was far down a phone)
  $("daily-date").textContent = `Board of ${state.daily.date}.`;
  document.body.dataset.date = state.daily.date;
  renderBoard(state.daily.faces);
  $("my-words").replaceChildren(
    ...state.listed.map(([word, points, written]) => listedWord(word, points, written, state.daily.dictionary)),
  );
  $("feedback").textContent = "";
  $("results").hidden = true;
  $("round").hidden = false;
  $("played").hidden = true;
  document.body.classList.add("in-round");
  $("daily-start").disabled = true;
  $("word-input").disabled = false;
  typeInto($("word-input"));
  traceWords((word) => enterWord(word));
  // the words whose check a reload cut short: checked now, as if entered again, before the
  // clock (a round whose time ran out meanwhile ends at once, and waits for their answers)
  for (const word of keptWords(kept)) enterWord(word);
  // measured with the monotonic clock (a device clock change neither ends nor stretches the
  // round; a sleep counts), its end kept again for a reload as the device's clock changes
  state.stopTimer = roundCountdown($("timer"), state.ends, () => finish(true), (ends) => {
    state.ends = ends;
    keep();
  });
}

function submitWord(event) {
  event.preventDefault();
  const word = $("word-input").value.trim();
  $("word-input").value = "";
  return enterWord(word);
}

// A word found, named as when it was found (AEREA (aérea)), for "already found".
function namedFound(word) {
  const listed = state.listed.find(([found]) => found === word);
  return namedWord(word, listed?.[2] ?? []);
}

// A word typed or traced on the board.
async function enterWord(typed) {
  const word = lowerLetters(typed.trim());  // GĘSİ is gęsi, as the server reads it
  if (!word || state.over) return;
  const box = $("feedback");
  if (state.words.includes(word)) {
    sayVerdict(box, namedFound(word), ": already found", state.daily.dictionary);
    box.className = "feedback bad";
    wordFeedback(word, { result: "again", text: "already found" });
    return;
  }
  pending.sent(word);  // a reload before the answer sends the word again
  try {
    const check = await api("/api/check", {
      board: state.daily.board, word, dictionary: state.daily.dictionary, ...wordChoice(),
    });
    pending.answered(word);
    if (state.judged) return;  // answered after the round's result was asked for: too late
    showError("");  // the server answers again: an error said before is over
    const found = check.word || word;  // as the server reads it: fullwidth letters are letters
    if (found !== word && state.words.includes(found)) {
      sayVerdict(box, namedFound(found), `: already found${verdictNote(check.message)}`, state.daily.dictionary);
      box.className = "feedback bad";
      wordFeedback(word, { result: "again", text: "already found" });
      return;
    }
    const good = check.status === "counted";
    const named = namedWord(found, check.written);  // AEREA (aérea)
    const said = (good ? `: +${check.points}` : `: ${check.label}`) + verdictNote(check.message);
    sayVerdict(box, named, said, state.daily.dictionary);
    box.className = `feedback ${good ? "good" : "bad"}`;
    if (check.status === "set_apart") state.words.push(found);
    if (good) {
      state.words.push(found);
      state.listed.push([found, check.points, check.written]);
      if (!state.over) drawPath(found, check.path);  // the round over: the board stays bare
      $("my-words").append(listedWord(found, check.points, check.written, state.daily.dictionary));
      wordFeedback(word, { result: "accepted", text: `+${check.points}`, points: check.points, path: check.path });
    } else {
      wordFeedback(word, { result: "rejected", text: check.label });
    }
    if (!state.over) keep();
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
    if (!state.over && !$("word-input").value) $("word-input").value = typed;
  }
}

// The round's end: `timeUp` when its time ran out, not when the player said "I'm done".
async function finish(timeUp = false) {
  if (state.over) return;
  state.over = true;
  state.stopTimer();
  traceWords(null);
  clearPath();  // the last word's path is not a missed word's: the board is bare again
  sound("end");
  document.body.classList.remove("in-round");
  $("word-input").disabled = true;
  hideTapToType();
  // said at once, as the play page and a challenge say it: a screen reader's player heard
  // nothing as the clock ran out (the word box gone dead) until the result came
  $("feedback").className = "feedback good";
  announce($("feedback"), timeUp ? "Time!" : "Round over.");
  // the words entered in time whose answers have not come (sent again after a reload, say)
  // are waited for: they count
  const unanswered = await pending.settled() ? [] : [...pending.words];
  state.judged = true;
  if (unanswered.length) {
    showError(`The server did not answer for ${unanswered.map((w) => w.toUpperCase()).join(", ")} `
      + "before the round ended, so they do not count");
  }
  try {
    const result = await api("/api/daily/result", {
      date: state.daily.date, dictionary: state.daily.dictionary,
      size: state.daily.size, words: state.words, ...wordChoice(),
    });
    showLevelCounts($("levels"), result.levels);  // the key to the missed words' looks
    $("set-apart").hidden = !result.set_apart.length;
    $("set-apart").textContent = `Set apart (0 points): ${result.set_apart.join(", ")}`;
    const { date, size, dictionary: list } = state.daily;
    const first = firstResult(date, size, list);
    keepFirstResult(date, size, list, result);
    showStreak(date);
    // played again: this round's score said, the first round's line kept to share
    $("replay-note").hidden = !first;
    $("replay-note").textContent = first
      ? `Played again: ${counted(result.score, "point")}, ${counted(result.words, "word")}`
        + ` (${result.percent}% of the maximum). The result to share is your first round's:`
      : "";
    const line = $("share-line");
    const shared = first ?? result;
    line.textContent = shared.share;
    line.dataset.score = String(shared.score);
    line.dataset.words = String(shared.words);
    line.dataset.maximum = String(shared.maximum);
    line.dataset.percent = String(shared.percent);
    // the board's link copied with the line, on a server for this machine alone: no friend's
    // phone opens it, as the room's and a challenge's links say
    sayLocalOnly($("share-local"), boardLink(date, size, list));
    $("unfound").replaceChildren(...result.unfound.map(
      (w) => wordWithPoints(w, state.daily.dictionary ?? null),
    ));
    if (result.unfound.length) readyDefinitionBox($("unfound"));
    // counted as the challenge's list counts them ("(59, common first)"; "(400, the first, ...)"
    // where the server lists no more); best first where the server has no word frequencies
    // (no wordfreq: `levels` null), as a room's list says
    const count = result.unfound_count ?? result.unfound.length;
    const cut = result.unfound.length < count ? ", the first" : "";
    const order = result.levels ? "common first" : "best first";
    $("unfound-title").textContent = `Words you did not find (${result.unfound.length}${cut}, ${order})`;
    offerKeep($("results"), result.unfound, state.daily.dictionary ?? null, $("unfound"));
    keepRound(ROUND_KEY, null);
    $("round").hidden = true;
    $("results").hidden = false;
    $("daily-start").disabled = false;
    nameStart();
    const { board, dictionary, rules, seconds } = state.daily;
    offerChallenge($("results"), {
      board, dictionary, rules: rules.name, min_length: rules.min_length, seconds, words: state.words,
    });
    // the results first (the line to share, the words missed, Challenge a friend), then the
    // choices and Start of another round; the screen and the keyboard at their heading
    placeRoundSetup($("daily-form"), $("results").querySelector(".challenge-offer"));
    focusResults($("results"), $("results-title"));
    placeErrorNow();  // words that did not count: said under the results' heading, in view
  } catch (error) {
    showError(error.message);
  }
}

// Whether `date` (written YYYY-MM-DD) is a day of the calendar, as the server reads it (a year
// from 1: 2026-02-30 and 0000-01-01 are "no such day").
function isDay(date) {
  const day = new Date(`${date}T00:00:00Z`);
  return date >= "0001" && !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === date;
}

// A link's ?date= that is not a date (a typo, a link cut short, a day no calendar has): the page
// said "Board of 2026-11." and Start was refused. It is dropped from the address, so today's
// board is played, and said.
function dropBadDate() {
  const asked = new URLSearchParams(location.search);
  const date = asked.get("date");
  const written = date !== null && /^\d{4}-\d{2}-\d{2}$/.test(date);
  if (date === null || (written && isDay(date))) return;
  asked.delete("date");
  const query = asked.toString();
  history.replaceState(history.state, "", `${location.pathname}${query ? `?${query}` : ""}${location.hash}`);
  const why = written ? "is no day of the calendar" : "is not written YYYY-MM-DD";
  showError(`this link's date '${date}' ${why}: today's board is shown`);
}

async function start() {
  dropBadDate();
  showHowTo();
  // a link's day (a friend's result of yesterday, say) is said before the round, not "today"
  const linked = new URLSearchParams(location.search).get("date");
  if (linked) $("daily-date").textContent = `Board of ${linked}.`;
  $("daily-form").addEventListener("submit", startRound);
  $("daily-size").addEventListener("change", nameStart);
  $("daily-dict").addEventListener("change", nameStart);
  $("word-form").addEventListener("submit", submitWord);
  $("daily-stop").addEventListener("click", () => finish(false));
  // the line and the link to the same board: a friend who reads it can tap and play it
  const roundLink = () => boardLink(state.daily.date, state.daily.size, state.daily.dictionary);
  const playedLink = () => boardLink(boardDate(), $("daily-size").value, $("daily-dict").value);
  $("copy-share").addEventListener("click", () => copyText(
    `${$("share-line").textContent}\n${roundLink()}`, $("copy-share"), $("share-line")));
  $("copy-played").addEventListener("click", () => copyText(
    `${$("played-line").textContent}\n${playedLink()}`, $("copy-played"), $("played-line")));
  offerShare($("copy-share"), () => ({ text: $("share-line").textContent, url: roundLink() }));
  offerShare($("copy-played"), () => ({ text: $("played-line").textContent, url: playedLink() }));
  try {
    // both asked at once, and both answers awaited together: an options request that fails
    // while the lists' does is not left as an unhandled rejection
    const [, options, shared] = await Promise.all([
      fillWordLists($("daily-dict")), serverOptions(), api("/api/share").catch(() => ({ urls: [] })),
    ]);
    state.shareURLs = shared.urls;
    $("daily-length").textContent = `, for a ${roundLength(options.daily_seconds)} round`;
    keepChoice($("daily-size"), "boggle-daily-size");
    keepChoice($("daily-dict"), "boggle-list");  // the same list as solo play's
    // a shared link's board (?size=5&dict=es): its size and list, over the kept ones
    const asked = new URLSearchParams(location.search);
    const linked = {};  // the size and list the link asks for, where this server has them
    for (const [key, id] of [["size", "daily-size"], ["dict", "daily-dict"]]) {
      const wanted = asked.get(key);
      if (wanted && [...$(id).options].some((option) => option.value === wanted)) {
        $(id).value = wanted;
        linked[id] = wanted;
      }
    }
    const kept = keptRound(ROUND_KEY);
    const date = new URLSearchParams(location.search).get("date");
    // a link to another board (?dict=pt during a Dutch round) opens that board, not the round
    // kept, which stays kept for the page opened without one
    const keptBoard = {
      "daily-size": kept?.query?.size, "daily-dict": kept?.query?.dictionary ?? kept?.choices?.["daily-dict"],
    };
    const sameBoard = Object.entries(linked).every(([id, value]) => String(keptBoard[id]) === value);
    if (kept && kept.query && Array.isArray(kept.words) && Array.isArray(kept.listed)
        && (!date || date === kept.query.date) && sameBoard) {
      for (const [id, value] of Object.entries(kept.choices || {})) {
        if ([...$(id).options].some((option) => option.value === value)) $(id).value = value;
      }
      await playRound(kept);
    } else {
      nameStart();  // today's board played on this device already: its result, Start named so
    }
  } catch (error) {
    showError(error.message);
  }
  document.body.dataset.ready = "true";
}

start();
