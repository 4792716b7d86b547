// The room page: create or join a room, play rounds on the server's clock, see the results.
// Plain JavaScript over the room socket (/ws/rooms; docs/web.md lists the messages).
import {
  api, chosenLanguage, clearPath, keepChoice, copyText, countdown, drawPath, fillWordLists, focusLost, focusResults,
  hasOwn, hideTapToType, holdKeyboard, jsonText, limitName, releaseKeyboard, typeInto, markLevel, NAME_KEY, nameList, namedWord, offerShare, readyDefinitionBox, renderBoard, roundLength, sayLocalOnly, sayVerdict, shareOrigin, showAddress, showDiceFor, showLevelCounts,
  sayTies, showInView, showRoundLength, shownRank, sound, typedNumber, verdictNote, wordButton, wordInLanguage, wordListTitles, wordWithPoints, writtenWord,
} from "/static/board.js";
import { offerChallenge } from "/static/challenge-link.js";
import { offerKeep } from "/static/learn.js";
import { traceWords, wordFeedback } from "/static/trace.js";

const $ = (id) => document.getElementById(id);
const STATUS_TEXT = {
  accepted: "good word",
  repeated: "you already have it",
  too_short: "too short",
  not_on_board: "not on the board",
  not_a_word: "not in the word list",
  invalid: "letters only",
  other_level: "not counted in this room",
  set_apart: "0 points, shown apart",
};
const LEVEL_TEXT = { common: "common words only", standard: "standard words" };
// The dice that take a size: uniform letters, and a room's board of the list's letters
// ("letters", boggle.rooms.settings.LETTERS), the small board for younger pupils: a 3x3 of
// uniform letters held a handful of words, half of them none a child knows.
const SIZED = ["uniform", "letters"];

const state = {
  socket: null,
  startSent: null,  // the socket the host's Start went on, its round not yet begun: a tap waits
  rematchSent: null,  // the socket the host's Rematch went on, its lobby not yet come: a tap waits
  entering: null,  // the socket a Create, Join or seat's button went on, not answered yet
  nameBox: null,  // the name box of the last Create or Join ("join-name"): a refusal goes back to it
  code: null,     // the room joined
  token: null,    // the secret to rejoin it
  name: null,
  you: null,
  host: null,
  leaving: false,
  seating: null,  // the room whose seat this page is taking up again, until it is in it
  stopTimer: () => {},
  retry: 0,
  unsent: [],     // words entered while the connection was lost: sent once back in the room
  inflight: [],   // words sent and not answered yet
  tooLate: [],    // the words refused for coming after the round's end (typed offline, say)
  resend: [],     // words sent on a connection that died before their answer: sent again
  roundShown: null,  // the round on the board: "ROUND:FACES" (startRound)
  heard: 0,       // when the server last said anything (Date.now())
  reconnect: null,  // the timer of the next try to reconnect
  probe: null,    // the timer of a quick check of the connection (awake): see probe()
  shareURLs: [],  // where other devices reach this server (boggle serve --lan)
  listTitles: new Map(),  // a word list's name -> its title ("English (111,817 words)")
  stopHostAway: () => {},
  hostAway: null,  // the host whose lost connection was last said in the toast
  toastTimer: null,  // the timer that fades the room's toast (toast)
  hostNews: "",   // the host's role passed to this player, or from them: said until a round starts
  players: null,  // the names in the room's last update: who is gone from the next is said
  gone: [],       // the players who left since the last round started
  late: false,    // the match shown over was played before this player joined
  matchOver: null,  // the match's end shown: its `winners` and `totals` (showMatchOver)
  results: null,  // the round's results on screen (showResults): their challenge offer's round
  offered: null,  // the code of the room's kept challenge whose link that offer shows, if any
};

const points = (n) => `${n} point${n === 1 ? "" : "s"}`;
const words = (n) => `${n} word${n === 1 ? "" : "s"}`;
const storageKey = (code) => `boggle-room-${code}`;

function showError(message) {
  // a name box the last refusal was of (retypeName) is not described by another line
  for (const box of document.querySelectorAll("input[aria-describedby='error']")) box.removeAttribute("aria-describedby");
  $("error").textContent = message;
  $("error").hidden = !message;
  if (message) placeLines();
  if (message) showInView($("error"));
}

// A notice of the connection (lost, a seat being taken again: `connection`) stands in a banner
// at the top of the screen too, until the page is back in the room: the notice line (a polite
// live region, which says it) is beside the room's buttons, off a phone's screen once the
// player has scrolled down the results.
function showNotice(message, connection = false) {
  $("notice").textContent = message;
  $("notice").hidden = !message;
  if (message) placeLines();
  const banner = $("connection-banner");
  banner.textContent = connection ? message : "";
  banner.hidden = !connection || !message;
  // the board kept in sight at the top of a wide screen (the projector's, between rounds)
  // goes below the banner, which covered its top row while reconnecting
  document.documentElement.style.setProperty("--banner-height", `${banner.hidden ? 0 : banner.offsetHeight}px`);
}

// What happens in the room without the player acting (a player gone, the host away or back):
// said by its line (#who-left, #host-away: polite live regions) and shown for a while in a
// toast at the foot of the screen, wherever the page is scrolled, as My words shows what an
// action did; not during a round: its lines are shown under the word box then (placeLines),
// and the toast would cover the word box of a phone.
const TOAST_MS = 6000;
const TOAST_MS_A_CHARACTER = 60;

function toast(text) {
  const line = $("room-toast");
  clearTimeout(state.toastTimer);
  if (!text || document.body.classList.contains("in-round")) {
    line.classList.remove("toast-shown");
    return;
  }
  line.textContent = text;
  line.classList.add("toast-shown");
  state.toastTimer = setTimeout(() => line.classList.remove("toast-shown"),
    Math.max(TOAST_MS, text.length * TOAST_MS_A_CHARACTER));
}

// The page's error and notice lines where the player looks: under the word box during a round
// (above the board, one appearing would move the dice under a finger tracing a word); in a
// room, beside its phase line and buttons (after a round under the results' title the page
// scrolls to: at the top of the page "connection lost; reconnecting…" was far above the
// screen, and Start round 2 pressed then did nothing that was seen); else above the entry.
// The room's own news (a player gone, the host away) goes under the word box too during a
// round, in sight without taking the focus from the word box or covering the board: the
// toast at the foot of the screen is for between rounds (on a phone it covered the word box).
function placeLines() {
  if (document.body.classList.contains("in-round")) {
    $("feedback").after($("notice"), $("error"), $("host-away"), $("who-left"));
  } else if (!$("room").hidden) {
    $("phase").after($("host-away"), $("who-left"), $("notice"), $("error"));
  } else {
    $("entry").before($("error"), $("notice"));
  }
}

// ------------------------------------------------------------------ the socket

// A phone's connection can die without a word (a network switched, a lift): the page asks
// (ping) when the server has said nothing for QUIET_MS, and takes the connection for dead
// after DEAD_MS without an answer; the browser's "offline" says so at once.
const QUIET_MS = 5000;
const DEAD_MS = 15000;
// A page shown again (a phone woken, a tab come back to) or back online asks at once, and
// takes a connection that has not answered within PROBE_MS for dead: a word typed just
// after waking waited up to DEAD_MS on a connection that died while the phone slept.
const PROBE_MS = 1200;
// the refusals of a word (its answer, as feedback is)
const WORD_ERRORS = ["busy", "rate_limited", "time_up", "word_too_long", "too_many_words", "not_playing"];

function send(message) {
  if (state.socket && state.socket.readyState === WebSocket.OPEN) {
    state.socket.send(jsonText(message));  // a number typed past 2^53 sent as its digits
    return true;
  }
  showError("not connected to the server; trying again…");
  return false;
}

// A word of the round, typed or traced: one entered while the connection is lost waits, and
// is sent once the page is back in the room (the server judges it by when it arrives).
function sendWord(word) {
  if (state.socket && state.socket.readyState === WebSocket.OPEN) {
    // a connection quiet for a while may be dead (woken without a visibilitychange): asked now
    if (Date.now() - state.heard >= QUIET_MS) probe();
    send({ type: "word", word });
    state.inflight.push(word);
    return;
  }
  state.unsent.push(word);
  const box = $("feedback");
  box.textContent = `${word.toUpperCase()}: waiting for the connection`;
  box.className = "feedback";
  box.dataset.word = word;
  box.dataset.status = "unsent";
  showError(`not connected to the server: ${state.unsent.map((w) => w.toUpperCase()).join(", ")} ` +
    "will be sent once it is back");
}

function connect(first) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const previous = state.socket;
  const socket = new WebSocket(`${scheme}//${location.host}/ws/rooms`);
  state.socket = socket;
  if (previous && previous.readyState <= WebSocket.OPEN) previous.close(); // a failed join's
  socket.addEventListener("open", () => {
    state.retry = 0;
    state.heard = Date.now();
    showNotice(state.seating ? `Taking your seat in room ${state.seating} again…` : "", true);
    send(first);
  });
  socket.addEventListener("message", (event) => {
    if (state.socket !== socket) return;
    state.heard = Date.now();
    handle(JSON.parse(event.data));
  });
  socket.addEventListener("close", (event) => lost(socket, event.code));
}

// The room's connection is gone (closed, or found dead): the words it had not answered are
// sent again once back, and the page reconnects, trying again at longer intervals. Closed
// with 1012 (service restart), the server is restarting with its rooms kept
// (boggle serve --rooms-file): the next one takes the seat back.
function lost(socket, code) {
  if (state.socket !== socket) return;
  state.socket = null;
  if (socket.readyState <= WebSocket.OPEN) socket.close();
  state.resend.push(...state.inflight.splice(0));
  if (state.leaving || !state.token) return;
  showNotice(code === 1012 ? "the server is restarting; reconnecting…" : "connection lost; reconnecting…", true);
  state.retry = Math.min(state.retry + 1, 5);
  clearTimeout(state.reconnect);
  state.reconnect = setTimeout(reconnect, 500 * state.retry);
}

function reconnect() {
  clearTimeout(state.reconnect);
  state.reconnect = null;
  if (!state.socket && state.token && !state.leaving) {
    connect({ type: "rejoin", code: state.code, token: state.token });
  }
}

// A page restored from the browser's back/forward cache (Safari keeps a room's page there)
// has the connection it had, dead, and may never be told: it takes its seat again at once,
// as on a reload, on a new connection (the old one, if the server still has it, is replaced).
function shownAgain(event) {
  if (!event.persisted || !state.token || state.leaving) return;
  const old = state.socket;
  state.socket = null;
  if (old) {
    state.resend.push(...state.inflight.splice(0));
    if (old.readyState <= WebSocket.OPEN) old.close();
  }
  state.retry = 0;
  state.seating = state.code;
  reconnect();
}

// The page is awake again (shown, back online) or a word goes on a quiet connection: the
// server is asked at once (ping), and a connection that says nothing within PROBE_MS is
// given up and replaced at once; no connection (a retry waiting its turn) is tried now.
function probe() {
  if (!state.token || state.leaving) return;
  const socket = state.socket;
  if (!socket) {
    state.retry = 0;
    reconnect();
    return;
  }
  if (socket.readyState !== WebSocket.OPEN || state.probe) return;  // opening: its own answer
  const asked = Date.now();
  socket.send(JSON.stringify({ type: "ping" }));
  state.probe = setTimeout(() => {
    state.probe = null;
    if (state.socket !== socket || state.heard >= asked) return;  // answered, or replaced
    lost(socket);
    state.retry = 0;
    reconnect();
  }, PROBE_MS);
}

function shownOrOnline() {
  if (document.visibilityState !== "hidden") probe();
}

function checkConnection() {
  const socket = state.socket;
  if (!socket || socket.readyState !== WebSocket.OPEN || !state.token) return;
  const quiet = Date.now() - state.heard;
  if (quiet > DEAD_MS) lost(socket);
  else if (quiet >= QUIET_MS) socket.send(JSON.stringify({ type: "ping" }));
}

// Words sent on a connection that died, not among the words the room has from this player
// (the answer, not the word, was lost): sent again while the round is on.
function sendAgain(room) {
  const words = state.resend.splice(0);
  if (room.phase !== "playing") return;
  const have = new Set(room.your_words.map((entry) => entry.word));
  for (const word of words) {
    if (!have.has(word.trim().toLowerCase())) sendWord(word);
  }
}

function handle(message) {
  const handlers = {
    joined, room: showRoom, round_started: roundStarted, feedback, progress, renamed,
    results: showResults, error: serverError, closed, left: () => {}, pong: () => {},
  };
  (handlers[message.type] || (() => {}))(message);
}

function joined(message) {
  state.seating = null;
  state.entering = null;
  if (message.code !== state.code) {  // another room's host is not this one's
    state.host = null;
    state.hostNews = "";
  }
  showNotice("");
  state.code = message.code;
  state.token = message.token;
  state.name = message.name;
  state.players = null;
  sayWhoLeft(null);
  localStorage.setItem(storageKey(message.code),
    JSON.stringify({ token: message.token, name: message.name, at: Date.now() }));
  localStorage.setItem(NAME_KEY, message.name);  // the name boxes' next time, as a challenge's
  if (location.pathname !== `/room/${message.code}`) history.replaceState(null, "", `/room/${message.code}`);
  showError("");
  $("entry").hidden = true;
  $("room").hidden = false;
  placeLines();  // in the room, beside its phase line
  $("room-code").textContent = message.code;
  showShareAddress(message.code);
  document.body.dataset.code = message.code;
  // the form typed in is gone: the keyboard (and a screen reader) goes on at "Room CODE", from
  // which Tab reaches the room's link, Copy link and the host's Start
  if (focusLost()) $("room-title").focus();
  for (const word of state.unsent.splice(0)) sendWord(word);
  // a shared laptop's seat of its last pupil, released for this join (their points kept):
  // said in the notice line (a polite live region), until the next round starts
  state.releasedSaid = message.released ? `${message.released}'s seat was released; their points stay.` : null;
  if (state.releasedSaid) showNotice(state.releasedSaid);
}

// The room's address for the others: on the server's network address (boggle serve --lan)
// when this page was opened on the machine itself, and a QR code of it.
function shareAddress(code) {
  return new URL(`/room/${code}`, shareOrigin(state.shareURLs)).href;
}

function showShareAddress(code) {
  const address = shareAddress(code);
  const link = $("room-link");
  link.href = address.startsWith(location.origin) ? `/room/${code}` : address;
  showAddress(link, address, code);  // wraps before its code, never inside it
  const qr = $("room-qr");
  qr.src = `/api/share/qr.svg?${new URLSearchParams({ url: address })}`;
  qr.hidden = false;
  // the server serves this machine alone (not started for the network): its address reaches
  // no friend's phone, which the link and its QR code do not say
  sayLocalOnly($("share-local"), address);
}

function serverError(message) {
  state.startSent = null;  // a refused Start may be tapped again
  state.rematchSent = null;  // a refused Rematch too
  state.entering = null;  // and a refused Create or Join (a name taken) sent again
  releaseKeyboard($("start-button"));  // the keyboard its tap opened, for no round
  const refused = WORD_ERRORS.includes(message.code) ? state.inflight.shift() : undefined;
  // the words typed offline reach the server together once it is back, each refused on its
  // own: the line names them all, not the last alone
  if (message.code === "time_up" && refused !== undefined) state.tooLate.push(refused.trim().toUpperCase());
  if (message.code === "idle") return; // a socket in no room, closed: the next join opens one
  if (["unknown_room", "unknown_player", "replaced", "removed"].includes(message.code) && state.code) {
    state.seating = null;
    forget(message.code === "replaced" ? "" : state.code);
    showEntry(state.code);
  } else if (state.seating && $("room").hidden) {
    // a seat not taken up again for another reason (too many codes looked up, too many
    // connections): the page opened at the room's address (a reload, Forward after leaving
    // the page) shows the seat to take up and why, never a page with nothing on it
    const code = state.seating;
    state.seating = null;
    showNotice("");
    showEntry(code);
  }
  // the seat taken in another tab: the way back here is the seat's button, named as it reads
  const late = state.tooLate;
  if (message.code === "time_up" && late.length > 1) {
    showError(`time is up: ${late.join(", ")} came after the end of the round and do not count`);
    return;
  }
  showError(message.code === "replaced" && !$("seat").hidden
    ? "You opened this room again in another tab or on another device, which plays now: " +
      `“${$("seat-button").textContent}” plays here again.`
    : message.message);
  if (NAME_ERRORS.includes(message.code)) retypeName();
}

// A name refused (taken in the room, or not a name): the keyboard goes back to the box it was
// typed in, its text selected to type over, the box described by the error line (said by a
// screen reader with it), where it stayed on Join or "Change name".
const NAME_ERRORS = ["name_taken", "bad_name"];

function retypeName() {
  const id = !$("room").hidden ? "rename-name" : state.nameBox;
  const box = id && $(id);
  if (!box || box.getClientRects().length === 0) return;
  box.setAttribute("aria-describedby", "error");
  box.focus();
  box.select();
  showInView($("error"));
}

function forget(code) {
  if (code) localStorage.removeItem(storageKey(code));
  state.token = null;
  state.seating = null;
  state.unsent = [];
  state.inflight = [];
  state.resend = [];
  state.stopTimer();
  state.stopHostAway();
  state.hostNews = "";
}

function closed(message) {
  forget(message.code);
  state.code = null;
  showEntry("");
  showError(message.message);
}

// ------------------------------------------------------------------ the room

// A player's own name changed between rounds (the server's `rename`): sent from the lobby's
// or the results' "Change your name"; a refusal (the name taken) is the error line.
function renameSelf(event) {
  event.preventDefault();
  const name = $("rename-name").value;
  if (!name.trim() || $("rename").hidden) return;
  send({ type: "rename", name });
}

// A shared school laptop opens the room's link in its last pupil's seat (the page takes it up
// again with the seat's token): between rounds the page says whose seat it is, "Playing as
// Amir.", and "Not Amir? Join under your name" takes the next pupil to the Join form, the
// seat still kept in this browser: the join under their name releases it on the server
// (docs/web.md "Shared school devices"), Amir's points kept under his name. Not for the host's
// seat, which the server keeps (the next pupil would join beside it and the host's role pass
// on), nor for a host who shows the board and does not play.
function showPlayingAs(phase, isHost) {
  const shown = ["lobby", "results", "over"].includes(phase) && !isHost && !state.watching;
  $("playing-as").hidden = !shown;
  if (!shown) return;
  $("playing-as-text").textContent = `Playing as ${state.you}.`;
  $("not-you-button").textContent = `Not ${state.you}? Join under your name`;
}

function notYou() {
  if ($("room").hidden || $("playing-as").hidden || !state.code) return;
  const code = state.code;
  const was = state.you;
  // the connection closed, not left (a leave would take the seat away from the join, which
  // releases it and says so): its seat's token stays in this browser for the join to send
  state.leaving = true;
  clearTimeout(state.reconnect);
  state.reconnect = null;
  const socket = state.socket;
  state.socket = null;
  forget("");
  socket?.close();
  state.code = null;
  showEntry(code);
  showError("");
  window.scrollTo(0, 0);
  // the name box holds the name last played under (the last pupil's): it waits for the
  // next pupil's own
  $("join-name").value = "";
  showNotice(`Not ${was}? Type your name and press Join: ${was}'s points stay in the room.`);
  $("join-name").focus();
}

// A player took another name (`old` -> `name`; the room's update comes next): the page's names
// follow, the standings' and the results' too (the points went with the name), and it is said,
// not taken for "old left the room" when the players' line loses the old name. This page's own
// name: its seat and the name boxes' next time keep the new one.
function renamed(message) {
  const { old, name } = message;
  const mine = old === state.you;
  if (mine) {
    state.you = name;
    state.name = name;
    if (state.code && state.token) {
      localStorage.setItem(storageKey(state.code),
        JSON.stringify({ token: state.token, name, at: Date.now() }));
    }
    localStorage.setItem(NAME_KEY, name);
    // the results' "Challenge a friend" posts under the name in its box: the new one, unless
    // the player typed another there
    const challengeName = document.getElementById("challenge-your-name");
    if (challengeName && challengeName.value.trim() === old) challengeName.value = name;
    // the form closes under the keyboard: the focus stays at "Change your name" (left on
    // the page's body, the room's update put it on "Room CODE" and scrolled a phone to the
    // top, the notice of the new name out of sight)
    const typing = $("rename").contains(document.activeElement);
    $("rename").open = false;
    $("rename-name").value = "";
    if (typing) $("rename").querySelector("summary").focus({ preventScroll: true });
    showError("");
  }
  if (state.host === old) state.host = name;
  if (state.players) state.players = state.players.map((player) => (player === old ? name : player));
  for (const line of document.querySelectorAll("#standings tbody tr, #evening-standings tbody tr")) {
    if (line.dataset.name !== old) continue;
    line.dataset.name = name;
    line.cells[1].textContent = name;
  }
  for (const block of document.querySelectorAll("#result-players .result-player, #set-apart p")) {
    if (block.dataset.name !== old) continue;
    block.dataset.name = name;
    const title = block.querySelector("h3") || block;
    title.textContent = title.textContent.replace(old, name);
  }
  if (state.matchOver && !$("match-over").hidden) {
    const { winners, totals } = state.matchOver;
    state.matchOver = {
      winners: winners.map((player) => (player === old ? name : player)),
      totals: Object.fromEntries(Object.entries(totals).map(([player, total]) => [player === old ? name : player, total])),
    };
    showMatchOver();
  }
  const said = mine ? `You are ${name} now.` : `${old} is now called ${name}.`;
  state.renameSaid = said;  // said until the next round starts
  showNotice(said);
  if (mine) showInView($("notice"));
  toast(said);
}

// Where the room is, said to this player: who starts what comes next. A match over is said
// once: by its results' line (#match-over, "Match over: bob won with 12 points.") when shown,
// this line then saying only who starts the rematch. In the lobby every player reads who has
// joined (`players`: the room's players, connected ones counted): the host "bob is here: start
// when ready.", not "Waiting for players" once friends are there; the others who is there
// besides them and the host, "cy is here too: waiting for ann (host) to start.".
function phaseText(phase, round, players = []) {
  const isHost = state.you === state.host;
  const host = state.host || "the host";
  if (phase === "over" && !$("results").hidden && !$("match-over").hidden) {
    if (state.late) return isHost ? "Start a rematch when ready: you play in it." : `${host} (host) can start a rematch: you play in it.`;
    return isHost ? "Start a rematch when ready." : `${host} (host) can start a rematch.`;
  }
  const phases = {
    lobby: lobbyText(players, isHost, host),
    playing: `Round ${round} is on.`,
    judging: "Time is up: judging…",
    results: isHost ? `Round ${round} is over: start the next when ready.` : `Round ${round} is over: ${host} (host) starts the next.`,
    over: isHost ? "The match is over: start a rematch when ready." : `The match is over: ${host} (host) can start a rematch.`,
  };
  return phases[phase] || phase;
}

// The phase line (#phase, a status: a screen reader says it, "bob is here: start when ready.",
// "Round 2 is over: ann (host) starts the next.") set to `text`, only if its words change:
// each room message sets it again, and a status said again would repeat itself.
function showPhase(text) {
  if ($("phase").textContent !== text) $("phase").textContent = text;
}

// The lobby line: the host's "Waiting for players: start when everyone is here." alone, else
// who is here besides the host ("bob and cy are here: start when ready."; "6 players are here"
// past four names); another player's "Waiting for ann (host) to start.", with who else is
// here ("cy is here too: waiting for ann (host) to start.").
function lobbyText(players, isHost, host) {
  const others = players.filter((player) => player.connected !== false && player.name !== state.you
    && player.name !== state.host).map((player) => player.name);
  const who = others.length > 4
    ? `${others.length} players`
    : nameList(others);
  const are = others.length > 1 ? "are" : "is";
  if (isHost) {
    return others.length ? `${who} ${are} here: start when ready.` : "Waiting for players: start when everyone is here.";
  }
  return others.length ? `${who} ${are} here too: waiting for ${host} (host) to start.` : `Waiting for ${host} (host) to start.`;
}

// The host's role passed to this player (the host left, or was away too long), or from this
// player (back after longer than the host's grace time): said, with why, where the others read
// that the host is away ("ann (host) left: you are the host now."), until the next round
// starts. A Start button appearing (or gone) alone left the player asking who starts the round.
function sayHostNews(room) {
  const before = state.host;
  if (!before || before === room.host) return;  // no news: what was said still holds
  if (room.you === room.host) {
    const still = room.players.find((player) => player.name === before);
    state.hostNews = `${before} (host) ${still ? "lost the connection" : "left"}: you are the host now.`;
  } else if (before === room.you) {
    state.hostNews = `You were away too long to stay host: ${room.host} is the host now.`;
  } else {
    state.hostNews = "";
  }
  toast(state.hostNews);
}

// The host's connection is gone: the others are told who starts the next round, and when
// the role passes on if the host is not back (the server passes it and says so).
function showHostAway(room) {
  state.stopHostAway();
  const line = $("host-away");
  const away = room.host_away !== null && room.host_away !== undefined && room.you !== room.host;
  if (!away) {
    state.hostAway = null;
    line.textContent = state.hostNews;
    line.hidden = !line.textContent;
    return;
  }
  line.hidden = false;
  if (state.hostAway !== room.host) toast(`${room.host} (host) has lost the connection.`);
  state.hostAway = room.host;
  const until = Date.now() + room.host_away * 1000;
  // "9 min 47 s" (a teacher who shows the board has 10 minutes), "25 s" under a minute
  const say = () => {
    const left = Math.max(0, Math.ceil((until - Date.now()) / 1000));
    line.textContent = left > 0
      ? `${room.host} (host) has lost the connection: if not back within ${roundLength(left)}, the next player here becomes host.`
      : `${room.host} (host) has lost the connection: the next player here becomes host.`;
    return left;
  };
  say();
  const timer = setInterval(() => {
    if (say() <= 0) clearInterval(timer);
  }, 1000);
  state.stopHostAway = () => clearInterval(timer);
}

function showRoom(room) {
  sayHostNews(room);
  state.you = room.you;
  state.host = room.host;
  // the challenge the host made of a round; one deleted since (nobody played it for the
  // server's keep days: `expired`, no link) is offered no more, and may be made again
  state.challenge = room.challenge && !room.challenge.expired ? room.challenge : null;
  // the results on screen show the link of the room's challenge, deleted since (or made again
  // on the host's other device): their offer is drawn again, where it kept the dead link
  // until the next round or a reload. A page that shows no link of it (the host's role
  // passed to this player, the host who made it gone) draws it as a reload would: it kept
  // "Challenge a friend" until then
  const shown = !room.results && !$("results").hidden && state.results;
  const kept = shown ? roomChallenge(state.results) : null;
  const redraw = Boolean(shown) && (room.challenge?.expired ? room.challenge.code === state.offered
    : Boolean(kept) && kept.code !== state.offered);
  // a room's maker who shows the board (a teacher's projector) plays in no round
  state.watching = Boolean(room.players.find((player) => player.name === room.you)?.watching);
  document.body.classList.toggle("watching", state.watching);
  state.settings = room.settings;
  const isHost = room.you === room.host;
  document.body.dataset.phase = room.phase;
  showPhase(phaseText(room.phase, room.round, room.players));
  showHostAway(room);
  const s = room.settings;
  state.settings = s;
  const goal = [s.target ? `first to ${points(s.target)}` : "", s.rounds ? `${s.rounds} round${s.rounds === 1 ? "" : "s"}` : ""]
    .filter(Boolean).join(" or ");
  const list = state.listTitles.get(s.dictionary) || s.dictionary;
  const english = !s.language || s.language === "en";  // another language: its list's letters
  const letters = !english ? `${s.language_name} letters` : s.dice === "letters" ? "English letters" : `${s.dice} dice`;
  $("match-info").textContent = `${s.rows}x${s.cols} ${letters}, ${list}, ` +
    // the rules by their name and what a player needs of them: the shortest word that counts
    `${s.rules_used.name} rules (words of ${s.rules_used.min_length}+ letters), ` +
    `${roundLength(s.seconds)} rounds, ${goal}` +
    (s.challenge ? ", challenge rule on" : "") +
    (s.cross_off === false ? ", every finder scores" : "") +
    (s.word_level && s.word_level !== "all" ? `, ${LEVEL_TEXT[s.word_level]}` + (s.other_words === "zero" ? " (others score 0)" : "") : "") +
    ` — match ${room.match}`;
  $("rename").hidden = ["playing", "judging"].includes(room.phase);  // between rounds
  showPlayingAs(room.phase, isHost);
  renderPlayers(room.players, room.phase === "playing");
  sayWhoLeft(room.players.map((player) => player.name), room.removed || []);
  markRemoved(room.removed || []);
  $("start-button").hidden = !isHost || !["lobby", "results"].includes(room.phase);
  // a player joining while the Start is on its way leaves it pending; a new connection
  // (the Start may be lost with the old one) or another phase ends it
  if (state.startSent !== state.socket || $("start-button").hidden) state.startSent = null;
  $("start-button").textContent = `Start round ${room.round + 1}`;  // the next, for everyone
  $("rematch-button").hidden = !isHost || room.phase !== "over";
  // a player joining while the Rematch is on its way leaves it pending, as Start's
  if (state.rematchSent !== state.socket || $("rematch-button").hidden) state.rematchSent = null;
  offerRematchSettings(isHost && room.phase === "over");
  if (room.phase === "playing" && room.board) {
    // the round on screen already (a friend joined, a phone dropped or came back): the dice
    // stay, with a finger's trace on them and the last word's path; the clock is set again
    if (roundOnScreen(room.round, room.board.faces)) runClock(room.remaining);
    else startRound(room.board.faces, room.remaining, room.round);
    $("my-words").replaceChildren();
    for (const word of room.your_words) addMyWord(word);
    sendAgain(room);
  } else if (room.results && (room.phase === "results" || room.phase === "over")) {
    showResults(room.results);
  } else if (redraw && (room.phase === "results" || room.phase === "over")) {
    offerRoomChallenge(state.results, room.challenge);
  } else if (room.phase === "lobby") {
    inRound(false);
    placeActions(false);
    $("round").hidden = true;
    $("results").hidden = true;
    // a rematch's lobby: the evening so far stays in sight under the players (it was only in
    // the results, hidden with them), until the next round starts
    placeEvening(true);
    showEvening(room.evening);
    $("board").replaceChildren();
    clearPath();
    // a rematch's lobby: the results (and Rematch, pressed) are gone, so the keyboard goes
    // on at "Room CODE" as when the room was joined, not on the page's body
    if (focusLost()) $("room-title").focus();
  }
}

// After a round "Start round 2" (or "Rematch") and "Leave room" come under the results' title,
// which the page scrolls to: on a phone the host would scroll back up past the board to find
// them, and the others would not read who starts the next (#phase, above the buttons).
// Before and during a round they are under the players.
function placeActions(underResults) {
  if (underResults) $("match-over").after($("room-actions"));
  else $("players").after($("room-actions"));
}

// The host may change the board, the round length and the goal for the rematch: the form
// starts from the match just played (filled when it appears, so a join does not undo edits).
function offerRematchSettings(offered) {
  const form = $("rematch-settings");
  if (offered && form.hidden) {
    const s = state.settings || {};
    $("rematch-dice").value = s.dice || "new";
    $("rematch-size").value = String(s.rows || 4);
    showDiceFor($("rematch-dice"), $("rematch-size-label"), s.language, s.language_name);
    // the room's shortest word ("as the rules": none of its own)
    $("rematch-min-length").value = s.min_length ? String(s.min_length) : "";
    $("rematch-seconds").value = String(s.seconds || 180);
    $("rematch-seconds").dispatchEvent(new Event("input"));  // its length in minutes beside it
    $("rematch-target").value = String(s.target || 0);
    $("rematch-rounds").value = String(s.rounds || 0);
    form.open = false;
  }
  form.hidden = !offered;
}

// A rematch: as the match just played, or (the form open) with the settings it shows.
// A double tap sends one: a second rematch, once the first's lobby had come, started match 3
// (the match numbers skipped one); a tap landing after the lobby came meets a hidden button.
function rematch() {
  if ($("rematch-button").hidden || state.rematchSent) return;
  if (!$("rematch-settings").open) {
    if (send({ type: "rematch" })) state.rematchSent = state.socket;
    return;
  }
  const s = state.settings || {};
  const dice = $("rematch-dice").value;
  const english = !s.language || s.language === "en";  // another language's board: no dice
  const settings = {
    dice: english ? dice : undefined,
    dictionary: s.dictionary || undefined,
    rules: s.rules || undefined,
    min_length: $("rematch-min-length").value ? Number($("rematch-min-length").value) : undefined,
    seconds: numberOf("rematch-seconds"),
    target: numberOf("rematch-target"),
    rounds: numberOf("rematch-rounds"),
    challenge: Boolean(s.challenge),
    cross_off: s.cross_off !== false,
    host_plays: s.host_plays !== false,
    word_level: s.word_level || "all",
    other_words: s.other_words || "refused",
  };
  if (SIZED.includes(dice) || !english) settings.size = numberOf("rematch-size");
  if (send({ type: "rematch", settings })) state.rematchSent = state.socket;
}

function renderPlayers(players, playing) {
  const list = $("players");
  list.replaceChildren();
  for (const player of players) {
    const item = document.createElement("li");
    item.dataset.name = player.name;
    item.dataset.words = String(player.words);
    item.dataset.total = String(player.total);
    item.classList.toggle("host", player.name === state.host);
    item.classList.toggle("you", player.name === state.you);
    item.classList.toggle("away", !player.connected);
    if (player.watching) item.dataset.watching = "true";
    // the host may remove a player (a name the class should not read, a pupil in twice)
    if (state.you === state.host && player.name !== state.you) item.dataset.removable = "true";
    showPlayer(item, playing ? player.words : null);
    list.append(item);
  }
  // a class's 13 or more: the projector's columns of small chips (style.css), a class and not
  // :has(> li:nth-child(13)), which Safari before 15.4 and Firefox before 121 do not read
  list.classList.toggle("many", players.length >= 13);
  listRemovable(players);
  showMorePlayers();
}

// A phone's round shows the players in one line above the board, scrolled sideways (its
// scrollbar hidden: style.css): the line's end fades out where more chips are past it (a long
// name cut at the edge said nothing of the rest), and its start where the line was scrolled.
function showMorePlayers() {
  const list = $("players");
  const more = list.scrollWidth - list.clientWidth;
  list.classList.toggle("more-before", more > 1 && list.scrollLeft > 1);
  list.classList.toggle("more-after", more > 1 && list.scrollLeft < more - 1);
}

// The host's Remove for each player, in a "Remove a player" box shown during a round where
// the chips leave their Remove out (a phone, a projector's 32 chips beside the board): a name
// the class should not read was otherwise in front of it until the round was over. One list to
// choose the name from and one Remove: a button a player, opened, ran a class's 32 past the
// projector's screen, scrolling the board away.
function listRemovable(players) {
  const box = $("remove-players");
  const removable = state.you === state.host ? players.filter((player) => player.name !== state.you) : [];
  // by name, a class's 32 found as in a register
  const names = removable.map((player) => player.name).sort((a, b) => a.localeCompare(b));
  const list = $("remove-name");
  if (list.dataset.names !== JSON.stringify(names)) {  // kept as it is while a name is chosen
    const chosen = list.value;
    list.dataset.names = JSON.stringify(names);
    list.replaceChildren(...names.map((name) => new Option(name, name)));
    if (names.includes(chosen)) list.value = chosen;
  }
  box.hidden = names.length === 0;
}

function removeChosen() {
  const name = $("remove-name").value;
  if (name && confirm(`Remove ${name} from the room? They can join again under another name.`)) {
    send({ type: "remove", name });
  }
}

// A player gone from the room since its last update is said beside the buttons ("bob left the
// room."): the players' line only loses their name, and the host would wait for them. Said
// until the next round starts (`sayWhoLeft(null)` forgets them), or until they are back (one
// who left twice is said once). A player the host removed (`removed`) is not said: the host
// took them out, and the name (one the class should not read) came back on the projector as
// "... left the room." until the next round.
function sayWhoLeft(names, removed = []) {
  if (names === null) {
    state.gone = [];
  } else {
    const left = (state.players ?? []).filter((name) => !names.includes(name) && !removed.includes(name));
    const news = left.filter((name) => !state.gone.includes(name));
    state.gone = [...new Set([...state.gone, ...left])].filter((name) => !names.includes(name));
    state.players = names;
    if (news.length) toast(`${nameList(news)} left the room.`);
  }
  const gone = state.gone;
  $("who-left").textContent = gone.length ? `${nameList(gone)} left the room.` : "";
  $("who-left").hidden = gone.length === 0;
}

// A player's line: name, match total, good words this round (while playing); "(host)" and
// "(away)", a player whose connection is gone (their seat kept), come from the style sheet.
function showPlayer(item, count) {
  // your own chip says so in words ("bob (you): 3 points"): its border's colour alone told a
  // screen reader, and anyone who does not see that colour, nothing
  const you = item.classList.contains("you") ? " (you)" : "";
  if (item.dataset.watching) {
    item.textContent = `${item.dataset.name}${you}: shows the board`;
    return;
  }
  item.textContent = `${item.dataset.name}${you}: ${points(Number(item.dataset.total))}` +
    (count === null ? "" : `, ${words(count)}`);
  if (item.dataset.removable) item.append(removeButton(item.dataset.name));
}

function removeButton(name) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "secondary remove-player";
  button.textContent = "Remove";
  button.setAttribute("aria-label", `Remove ${name} from the room`);
  button.addEventListener("click", () => {
    if (confirm(`Remove ${name} from the room? They can join again under another name.`)) {
      send({ type: "remove", name });
    }
  });
  return button;
}

function progress(message) {
  for (const item of $("players").children) {
    const count = message.words[item.dataset.name];
    if (count === undefined) continue;
    item.dataset.words = String(count);
    showPlayer(item, count);
  }
  showMorePlayers();
}

// ------------------------------------------------------------------ a round

function roundStarted(message) {
  document.body.dataset.phase = "playing";
  sayWhoLeft(null);
  if (state.hostNews && $("host-away").textContent === state.hostNews) $("host-away").hidden = true;
  state.hostNews = "";
  showPhase(`Round ${message.round} is on.`);
  $("start-button").hidden = true;
  $("rename").hidden = true;  // a name changes between rounds
  $("rename").open = false;
  $("playing-as").hidden = true;  // and a shared laptop's next pupil joins between rounds
  for (const said of [state.renameSaid, state.releasedSaid]) {
    if (said && $("notice").textContent === said) showNotice("");
  }
  state.startSent = null;
  $("my-words").replaceChildren();
  $("feedback").textContent = "";
  startRound(message.faces, message.remaining, message.round);
}

// During a round the room's settings, the site's header and "Leave room" make way for the board.
// The page's error and notice lines go under the word box (placeLines).
function inRound(playing) {
  document.body.classList.toggle("in-round", playing);
  if (playing) placeActions(false);
  placeLines();
  if (playing) guardRound();
  else hideTapToType();
  showMorePlayers();  // one line in a phone's round, wrapped between rounds
  if (!playing && $("leave-dialog").open) $("leave-dialog").close("stay");  // the round is over: nothing to leave
}

// ------------------------------------------------------------------ Back during a round

// The browser's Back button (or a phone's back gesture) would leave the page mid-round, the
// round going on without the player. A round puts an entry of its own on the history (the
// same address): Back takes it off, and the page asks "Leave the round?" instead of going.
// "Keep playing" (or Escape) puts the entry back; "Leave the page" goes back for real, the
// seat kept. After the round the entry is passed over: one Back leaves, as without it.
const GUARD = "boggleRound";

// Whether this tab has a page before the room's in its history: the Navigation API's
// canGoBack where the browser has it, else whether the history had more than this page when
// it loaded (a new tab's has one entry).
const ENTRIES_AT_LOAD = history.length;

function hasPageBefore() {
  if (window.navigation && typeof window.navigation.canGoBack === "boolean") return window.navigation.canGoBack;
  return ENTRIES_AT_LOAD > 1;
}

function onGuard() {
  return Boolean(history.state && history.state[GUARD]);
}

function guardRound() {
  if (!onGuard()) history.pushState({ [GUARD]: true }, "", location.href);
}

function backPressed() {
  if (onGuard()) return;  // Forward, onto the round's entry: the page is as it was
  if (!document.body.classList.contains("in-round")) {
    history.back();  // the round's entry, left from a round over: on to the page before
    return;
  }
  const dialog = $("leave-dialog");
  dialog.returnValue = "";
  if (typeof dialog.showModal !== "function") {
    // Safari before 15.4 has no <dialog>: the browser's own question, answered at once
    const asked = `${$("leave-title").textContent}\n\n${$("leave-text").textContent.replace(/\s+/g, " ")}`;
    dialog.returnValue = window.confirm(asked) ? "leave" : "stay";
    leaveDialogClosed();
    return;
  }
  if (!dialog.open) dialog.showModal();
}

function leaveDialogClosed() {
  if ($("leave-dialog").returnValue === "leave") {
    // back to the page before this one; without one (a link opened in a new tab) the rooms
    // page, which offers the seat. Decided up front: a timer racing a slow Back would cancel it.
    if (hasPageBefore()) history.back();
    else location.assign("/room");
    return;
  }
  if (document.body.classList.contains("in-round")) {
    guardRound();
    $("word-input").focus();
  }
}

// Whether the page shows round `round` on the board `faces` now (body.in-round, its dice).
function roundOnScreen(round, faces) {
  return document.body.classList.contains("in-round") && state.roundShown === `${round}:${JSON.stringify(faces)}`;
}

function startRound(faces, remaining, round) {
  state.tooLate = [];
  if (!$("results").contains($("evening"))) showEvening(null);  // the lobby's: the board's turn
  state.roundShown = `${round}:${JSON.stringify(faces)}`;
  renderBoard(faces);
  inRound(true);
  $("results").hidden = true;
  $("round").hidden = false;
  $("word-input").disabled = false;
  $("word-button").disabled = false;
  $("word-form").hidden = state.watching;
  $("my-words").hidden = state.watching;
  if (state.watching) $("feedback").textContent = "You show the board: the players type or trace their words.";
  showLateJoin();
  runClock(remaining);
  if (state.watching) {
    // the projector's page was scrolled down to Start past a class's players: the round's page
    // (the players' line, the board, the clock and the room's link) kept that scroll, the
    // board's top row off a small screen; a player's page goes to the word box instead
    window.scrollTo(0, 0);
    return;
  }
  // the keyboard the host's tap on Start opened; another player's phone: "Tap to type a word"
  typeInto($("word-input"));
  traceWords(sendWord);
}

// The projector's round (a host who shows the board): the room's link and QR code, hidden with
// the room's settings during a round, stay beside the clock, so a pupil who comes in late
// joins from the screen the class reads, not by asking the teacher for the code.
function showLateJoin() {
  const shown = state.watching && Boolean(state.code);
  $("late-join").hidden = !shown;
  if (!shown) return;
  const link = $("room-link");
  $("late-join-link").href = link.href;
  $("late-join-link").replaceChildren(...[...link.childNodes].map((node) => node.cloneNode(true)));
  $("late-join-qr").src = $("room-qr").src;
}

// The round's clock, `remaining` seconds from now (the server's count).
function runClock(remaining) {
  state.stopTimer();
  state.stopTimer = countdown($("timer"), remaining, () => {
    $("word-input").disabled = true;
    $("word-button").disabled = true;
    traceWords(null);
    sound("end");
    inRound(false);
    $("feedback").textContent = "Time is up: judging…";
  });
}

function addMyWord(entry) {
  const item = document.createElement("li");
  item.dataset.word = entry.word;
  item.dataset.status = entry.status;
  const good = entry.status === "accepted";
  item.className = good ? "good" : "bad";
  const word = wordInLanguage(writtenWord(entry.word, entry.written), listName());  // aérea for aerea
  item.append(word, good ? ` +${entry.points}` : ` (${STATUS_TEXT[entry.status] || entry.status})`);
  if (entry.status !== "repeated") $("my-words").append(item);
}

function feedback(entry) {
  const at = state.inflight.findIndex((word) => word.trim().toLowerCase() === entry.word);
  state.inflight.splice(Math.max(at, 0), 1);
  if (entry.words) progress(entry);
  const good = entry.status === "accepted";
  const box = $("feedback");
  const word = namedWord(entry.word, entry.written);  // AEREA (aérea)
  sayVerdict(box, word, (good ? `: +${entry.points}` : `: ${STATUS_TEXT[entry.status] || entry.status}`)
    + verdictNote(entry.message), listName());
  box.className = `feedback ${good ? "good" : "bad"}`;
  box.dataset.word = entry.word;
  box.dataset.status = entry.status;
  if (good) drawPath(entry.word, entry.path);
  const text = good ? `+${entry.points}` : STATUS_TEXT[entry.status] || entry.status;
  const result = good ? "accepted" : entry.status === "repeated" ? "again" : "rejected";
  wordFeedback(entry.word, { result, text, points: entry.points, path: good ? entry.path : null });
  addMyWord(entry);
}

// ------------------------------------------------------------------ results

// The end of a match in words, said to this player: "Match over: you won with 12 points.",
// "Match over: bob won with 12 points.", a tie "Match over: ann, bob and you tied on 12
// points.", and "Match over: nobody scored." when everyone ends on 0.
function matchOverText(winners, totals) {
  const best = totals[winners[0]] ?? 0;
  if (best === 0 && winners.length === Object.keys(totals).length) return "Match over: nobody scored.";
  const names = winners.map((name) => (name === state.you ? "you" : name));
  if (names.length === 1) return `Match over: ${names[0]} won with ${points(best)}.`;
  return `Match over: ${nameList(names)} tied on ${points(best)}.`;
}

// The match's end in words (#match-over) from the winners and totals kept (`state.matchOver`):
// said again under a player's new name (`renamed`), not "bob won" beside Bobby's row.
function showMatchOver() {
  const over = state.matchOver;
  const said = over ? matchOverText(over.winners, over.totals) : "";
  $("match-over").textContent = state.late ? said.replace(/^Match over: /, "This match was over before you joined: ") : said;
}

function showResults(summary) {
  state.stopTimer();
  traceWords(null);
  if (document.body.classList.contains("in-round")) sound("end");  // ended before its time
  inRound(false);
  document.body.dataset.phase = summary.match_over ? "over" : "results";
  renderBoard(summary.faces);
  $("round").hidden = true;
  $("results").hidden = false;
  $("results").dataset.round = String(summary.round);
  $("results-csv").href = `/api/rooms/${encodeURIComponent(summary.code)}/results.csv`;
  $("standings-csv").href = `/api/rooms/${encodeURIComponent(summary.code)}/standings.csv`;
  // a player who joined after this round (after the match, even) read its results and
  // standings as if they had played: they are said to be from before they joined
  const late = Boolean(state.you) && !state.watching && !hasOwn(summary.totals, state.you);
  state.late = late && summary.match_over;
  $("results").dataset.late = String(late);
  $("results-title").textContent = `Round ${summary.round}: results` + (late ? ", before you joined" : "");
  $("standings-title").textContent = state.late ? "Standings of the last match" : "Standings";
  state.matchOver = summary.match_over ? { winners: summary.winners, totals: summary.totals } : null;
  $("match-over").hidden = !summary.match_over;
  showMatchOver();
  showPhase(phaseText(summary.match_over ? "over" : "results", summary.round));
  if (summary.saved === false) {
    showError("The server could not store these results yet: it keeps them and tries again.");
  }
  const container = $("result-players");
  container.replaceChildren();
  for (const player of summary.players) {
    const block = document.createElement("section");
    block.className = "result-player";
    block.dataset.name = player.name;
    block.dataset.score = String(player.score);
    const title = document.createElement("h3");
    title.textContent = `${player.name}: ${points(player.score)}`;
    const list = document.createElement("ul");
    list.className = "verdicts";
    for (const verdict of player.words) {
      const item = document.createElement("li");
      item.className = verdict.status;
      item.dataset.word = verdict.word;
      item.dataset.status = verdict.status;
      item.dataset.total = String(verdict.total);
      const word = wordButton(verdict.word, verdict.path, writtenWord(verdict.word, verdict.written), listName());
      word.classList.add("w");
      const why = document.createElement("span");
      why.className = "why";
      why.textContent = verdict.status.replaceAll("_", " ") + (verdict.message ? `: ${verdict.message}` : "");
      const points = document.createElement("span");
      points.className = "p";
      points.textContent = verdict.total > 0 ? `+${verdict.total}` : String(verdict.total);
      item.append(word, why, points);
      list.append(item);
    }
    block.append(title, list);
    container.append(block);
  }
  const body = $("standings").querySelector("tbody");
  body.replaceChildren();
  const ranks = summary.standings.map((row) => row.rank);
  for (const row of summary.standings) {
    const line = document.createElement("tr");
    line.dataset.name = row.name;
    line.dataset.total = String(row.total);
    line.dataset.rank = String(row.rank);
    for (const text of [shownRank(row.rank, ranks), row.name, summary.scores[row.name] ?? 0, row.total]) {
      const cell = document.createElement("td");
      cell.textContent = String(text);
      line.append(cell);
    }
    body.append(line);
  }
  sayTies($("standings-ties"), ranks);
  placeEvening(false);
  showEvening(summary.evening);
  markRemoved(summary.removed || []);
  showLevels(summary);
  const order = summary.levels ? "common first" : "best first";
  $("unfound-title").textContent = `Words nobody found (${summary.unfound_count}, ${order})`;
  const unfound = $("unfound");
  unfound.replaceChildren(...summary.unfound.map((w) => {
    const button = wordWithPoints(w, listName());
    markLevel(button, w.level);
    return button;
  }));
  if (summary.unfound.length) readyDefinitionBox(unfound);
  offerKeep($("results"), summary.unfound, listName(), unfound);
  for (const item of $("players").children) {
    const total = summary.totals[item.dataset.name];
    if (total !== undefined) {
      item.dataset.total = String(total);
      showPlayer(item, null);
    }
  }
  $("rename").hidden = false;  // the round is over: a name may change again
  const isHost = state.you === state.host;
  $("start-button").hidden = !isHost || summary.match_over;
  $("start-button").textContent = `Start round ${summary.round + 1}`;
  $("rematch-button").hidden = !isHost || !summary.match_over;
  offerRematchSettings(isHost && summary.match_over);
  placeActions(true);
  // the round's word box gone with the round: the keyboard starts at the results' title,
  // from which Tab goes on to what comes next (Start round 2, Rematch), as on the other pages
  if (focusLost()) focusResults($("results"), $("results-title"));
  else showInView($("results"));
  state.results = summary;
  offerRoomChallenge(summary, null);
}

// The challenge the room keeps of the round of these results, for its host to show: none
// for the others, none once expired (state.challenge), none of another round.
function roomChallenge(summary) {
  const kept = state.challenge;
  return state.you === state.host && kept && kept.match === summary.match &&
    kept.round === summary.round ? kept : null;
}

// "Challenge a friend" under the results of `summary`: the host's shows the link of the
// challenge the room keeps of the round (kept by the server: shown after a reload too).
// Drawn again when that challenge expires (`gone`: the room's `challenge`, expired), with
// the form to make another, the keyboard kept in it where it was on the dead link.
function offerRoomChallenge(summary, gone) {
  const isHost = state.you === state.host;
  const settings = state.settings || {};
  const mine = summary.players.find((player) => player.name === state.you);
  const offer = $("results").querySelector(".challenge-offer");
  const focused = Boolean(offer && offer.contains(document.activeElement));
  const made = roomChallenge(summary);
  state.offered = made ? made.code : null;
  offerChallenge($("results"), {
    board: summary.board, dictionary: settings.dictionary, rules: settings.rules,
    min_length: summary.rules.min_length, seconds: settings.seconds, name: state.you,
    watching: state.watching,
    words: (mine ? mine.words : []).filter((v) => ["counted", "crossed_off"].includes(v.status)).map((v) => v.word),
    made,
    onMade: isHost ? (kept) => {
      state.offered = kept.code;
      send({ type: "challenge", code: kept.code });
    } : null,
  });
  const status = $("results").querySelector(".challenge-offer [role='status']");
  if (gone && gone.expired && gone.match === summary.match && gone.round === summary.round && !made && status) {
    status.textContent = "This round's challenge has expired (nobody played it for a long while): its link opens nothing now. Make another to send.";
  }
  if (focused && focusLost()) $("challenge-button").focus();
}

// A player the host removed keeps their points in the standings and the evening, marked
// "(removed)" as the spreadsheets mark them; removed after the results came, marked then.
function markRemoved(names) {
  for (const line of document.querySelectorAll("#standings tbody tr, #evening-standings tbody tr")) {
    if (!names.includes(line.dataset.name) || line.dataset.removed) continue;
    line.dataset.removed = "true";
    line.cells[1].textContent = `${line.dataset.name} (removed)`;
  }
}

// The evening's table: in the results under the match's standings, or in a rematch's lobby
// under the players and the room's buttons (`inLobby`).
function placeEvening(inLobby) {
  if (inLobby) $("room-actions").after($("evening"));
  else $("standings-ties").after($("evening"));
}

// The evening over the room's matches, after a rematch (the server's evening_table: null
// while there has been one match), under the match's standings: a club's table until now was
// only in standings.csv.  The best 20 are listed, the others counted.
function showEvening(evening) {
  const box = $("evening");
  box.hidden = !evening;
  const body = $("evening-standings").querySelector("tbody");
  body.replaceChildren();
  if (!evening) return;
  const matches = `${evening.matches} matches`;
  // a room open for long keeps its last matches (MAX_EVENING_MATCHES): the older ones said
  const dropped = evening.dropped ? ` (the ${evening.dropped} before them not counted)` : "";
  $("evening-title").textContent = `The evening: ${evening.finished ? matches : `${matches}, so far`}${dropped}`;
  // a place shared is the server's word (`shared`): worked out over every player, the 20th
  // sharing with the 21st, not listed, is "20="
  const ranks = evening.players.map((row) => row.rank);
  const shared = evening.players.some((row) => row.shared);
  for (const row of evening.players) {
    const line = document.createElement("tr");
    line.dataset.name = row.name;
    line.dataset.total = String(row.total);
    line.dataset.rank = String(row.rank);
    const place = row.shared ? `${row.rank}=` : shownRank(row.rank, ranks);
    for (const text of [place, row.name, row.won, row.total]) {
      const cell = document.createElement("td");
      cell.textContent = String(text);
      line.append(cell);
    }
    body.append(line);
  }
  sayTies($("evening-ties"), ranks, shared);
  markRemoved(evening.players.filter((row) => row.removed).map((row) => row.name));
  $("evening-more").hidden = !evening.more;
  $("evening-more").textContent = evening.more
    ? `and ${evening.more} more (all of them in the standings' spreadsheet)` : "";
}

// The room's word list, for the words' definitions (null: the server's default list).
function listName() {
  return (state.settings && state.settings.dictionary) || null;
}

// How many of the board's words are common, standard and obscure; the words set apart.
function showLevels(summary) {
  const counts = summary.word_level && summary.word_level !== "all" ? ` (this room counts ${LEVEL_TEXT[summary.word_level]})` : "";
  showLevelCounts($("levels"), summary.levels, counts);  // the key to the missed words' looks
  const apart = $("set-apart");
  const entries = Object.entries(summary.set_apart || {});
  apart.hidden = entries.length === 0;
  apart.replaceChildren();
  if (entries.length) {
    const title = document.createElement("h3");
    title.textContent = "Words set apart (0 points)";
    apart.append(title);
    for (const [name, list] of entries) {
      const line = document.createElement("p");
      line.dataset.name = name;
      line.textContent = `${name}: ${list.join(", ")}`;
      apart.append(line);
    }
  }
}

// ------------------------------------------------------------------ entry

// The room this browser last took a seat in (its code, name and token), if it has one: the
// installed app opens on the front page, with no address bar to type the room's link into,
// and joining again under the same name is refused while the seat is kept.
function lastSeat() {
  let last = null;
  for (let at = 0; at < localStorage.length; at += 1) {
    const key = localStorage.key(at);
    if (!key || !key.startsWith("boggle-room-")) continue;
    try {
      const seat = JSON.parse(localStorage.getItem(key) || "null");
      if (seat && seat.token && (!last || (seat.at || 0) > (last.at || 0))) {
        last = { ...seat, code: key.slice("boggle-room-".length) };
      }
    } catch (error) {
      // not one of ours: skipped
    }
  }
  return last;
}

// The seat this browser keeps in the room `code`, or null.
function seatIn(code) {
  try {
    const seat = JSON.parse(localStorage.getItem(storageKey(code)) || "null");
    return seat && seat.token ? { ...seat, code } : null;
  } catch (error) {
    return null;  // not one of ours
  }
}

// The room left behind leaves nothing on the page: not its code on the body (a look for
// body[data-code] found the entry screen), nor its board, words and results, hidden with it
// (the results' challenge offer named the player, the standings the old room's players), so
// the next room shown starts from nothing whatever its phase.
function clearRoom() {
  delete document.body.dataset.code;
  placeActions(false);
  for (const id of ["round", "results", "match-over", "set-apart"]) $(id).hidden = true;
  delete $("results").dataset.round;
  delete $("results").dataset.late;
  for (const id of ["board", "my-words", "players", "result-players", "unfound", "set-apart"]) {
    $(id).replaceChildren();
  }
  $("standings").querySelector("tbody").replaceChildren();
  showEvening(null);
  toast("");
  for (const id of ["feedback", "levels", "match-over", "phase"]) $(id).textContent = "";
  delete $("feedback").dataset.word;
  delete $("feedback").dataset.status;
  for (const offer of $("results").querySelectorAll(".challenge-offer, .keep-offer")) offer.remove();
  state.results = null;
  state.offered = null;
  clearPath();
}

function showEntry(code) {
  inRound(false);
  delete document.body.dataset.phase;  // no room's phase: the entry screen is in none
  clearRoom();
  $("room").hidden = true;
  $("entry").hidden = false;
  placeLines();  // above the entry, not in the room hidden
  // a room's own seat when the room is named (its seat still kept: a refused rejoin), else
  // the last one this browser took
  const seat = code ? seatIn(code) : lastSeat();
  $("seat").hidden = !seat;
  if (seat) {
    $("seat-text").textContent = `You have a seat in room ${seat.code} (as ${seat.name}).`;
    $("seat-button").onclick = () => {
      if (entering()) return;
      rejoin(seat.code, seat.token);
      state.entering = state.socket;
    };
  }
  // a room's link (or a room just left) asks for a name to join it: Join comes first, so the
  // phone shows it at once, with a refusal (the name taken) just above it, not Create's form
  if (code) $("entry").insertBefore($("join-form"), $("create-form"));
  else $("entry").insertBefore($("create-form"), $("join-form"));
  $("join-code").value = code || "";
  if (code) (seat ? $("seat-button") : $("join-name")).focus();
  if (location.pathname !== "/room") history.replaceState(null, "", code ? `/room/${code}` : "/room");
}

// A room's link to a room no longer open (or a code mistyped) says so on arrival, before a
// name is typed, and puts Create first, its name box ready: the friend can start a room.
// A failed or refused look-up says nothing: Join still asks the server and says its answer.
async function checkRoom(code) {
  let found = null;
  try {
    const response = await fetch(`/api/rooms/${encodeURIComponent(code)}`);
    if (response.ok) found = (await response.json()).open ? "open" : "closed";
    else if (response.status === 404) found = "unknown";
  } catch (error) {
    // the server cannot be reached: Join says so
  }
  document.body.dataset.roomChecked = found || "not-known";
  if (found !== "closed" && found !== "unknown") return;
  showError(found === "closed"
    ? `Room ${code} has closed: a room closes once all its players have left, after a while ` +
      "without play, or when the server stops. Create a room below to play again."
    : `There is no room ${code}: check the code with whoever sent it, or create a room below.`);
  $("entry").insertBefore($("create-form"), $("join-form"));
  $("create-name").focus();
}

function numberOf(id) {
  return typedNumber($(id).value);
}

// The dice shown beside an English list only (another language's boards use its letters).
function showCreateDice() {
  const list = $("create-dict");
  return showDiceFor($("create-dice"), $("create-size-label"), ...chosenLanguage(list), list);
}

// Whether a Create, Join or a seat's button (or Enter in their forms) is to send nothing: the
// page is in a room already (a second tap landing after the room came back meets a hidden
// form: it made a second room, or joined again under the name just taken, "the name is
// taken", the page then in no room), or the last one's answer is still on its way (a double
// tap, Enter then a click). A connection that fails, or a refusal, lets the next one go.
function entering() {
  if ($("entry").hidden) return true;
  const socket = state.entering;
  return Boolean(socket) && socket === state.socket && socket.readyState <= WebSocket.OPEN;
}

function createRoom(event) {
  event.preventDefault();
  if (entering()) return;
  const dice = $("create-dice").value;
  const english = showCreateDice();  // another language's board: its letters, no dice
  const settings = {
    dice: english ? dice : undefined,
    dictionary: $("create-dict").value || undefined,
    rules: $("create-rules").value || undefined,
    // the shortest word, past the rules' 3 or 4 (a club counting 5+ on a 5x5 board)
    min_length: $("create-min-length").value ? Number($("create-min-length").value) : undefined,
    seconds: numberOf("create-seconds"),
    target: numberOf("create-target"),
    rounds: numberOf("create-rounds"),
    challenge: $("create-challenge").checked,
    cross_off: !$("create-no-cross-off").checked,
    host_plays: !$("create-watch").checked,
    word_level: $("create-words-level").value,
    other_words: $("create-words-others").value,
  };
  if (SIZED.includes(dice) || !english) settings.size = numberOf("create-size");
  state.leaving = false;
  state.seating = null;
  state.nameBox = "create-name";
  connect({ type: "create", name: $("create-name").value, settings });
  state.entering = state.socket;
}

// A code as the server reads it (boggle.rooms.normalise_code): any case, spaces or a dash in
// it, or the room's whole link pasted (its code after "/room/").
function codeOf(text) {
  const at = text.lastIndexOf("/room/");
  const given = at < 0 ? text : text.slice(at + "/room/".length).split(/[/?#]/)[0];
  return given.replace(/[\s\u00a0\u2010\u2011\u2013-]/g, "").toUpperCase();
}

function joinRoom(event) {
  event.preventDefault();
  if (entering()) return;
  state.leaving = false;
  const code = codeOf($("join-code").value);
  const saved = JSON.parse(localStorage.getItem(storageKey(code)) || "null");
  const name = $("join-name").value;
  if (saved && saved.token && (!name.trim() || sameName(name, saved.name || ""))) {
    rejoin(code, saved.token);  // this browser's seat, under its name
  } else {
    state.seating = null;
    state.nameBox = "join-name";
    // a shared device's seat of its last pupil goes with the join: the server releases it
    // between rounds (its points kept under that name) for the pupil typing another name
    connect({ type: "join", code, name, ...(saved && saved.token ? { token: saved.token } : {}) });
  }
  state.entering = state.socket;
}

// Two names the same as a room compares them, near enough (the server decides: any case).
function sameName(one, other) {
  const key = (text) => text.normalize("NFKC").split(/\s+/).filter(Boolean).join(" ").toLowerCase();
  return key(one) === key(other);
}

function rejoin(code, token) {
  state.leaving = false;
  state.code = code;
  state.token = token;
  state.seating = code;  // until the room answers: said, and a refusal shows the seat
  connect({ type: "rejoin", code, token });
}

function submitWord(event) {
  event.preventDefault();
  const input = $("word-input");
  const word = input.value.trim();
  if (!word) return;
  sendWord(word);
  input.value = "";
}

async function start() {
  // a room's own dice, beside the sets solo play rolls too (the part's select is shared)
  for (const id of ["create-dice", "rematch-dice"]) $(id).append(new Option("the list's letters (any size)", "letters"));
  $("create-form").addEventListener("submit", createRoom);
  $("join-form").addEventListener("submit", joinRoom);
  // the name last played under, ready in both name boxes: a friend opening the next room's
  // link (or this one's again, after leaving) typed it every time
  for (const id of ["create-name", "join-name"]) $(id).value ||= localStorage.getItem(NAME_KEY) || "";
  // a name of emoji as long as the server takes, held to the server's limit
  const named = Promise.all(["create-name", "join-name", "rename-name"].map((id) => limitName($(id), showError)));
  $("rename-form").addEventListener("submit", renameSelf);
  // opened, the box holds the name to change ("sam" made "Sam K" by a few keys)
  $("rename").addEventListener("toggle", () => {
    if ($("rename").open && !$("rename-name").value) $("rename-name").value = state.you || "";
  });
  $("remove-chosen").addEventListener("click", removeChosen);
  $("not-you-button").addEventListener("click", notYou);
  $("players").addEventListener("scroll", showMorePlayers, { passive: true });
  window.addEventListener("resize", showMorePlayers);
  $("word-form").addEventListener("submit", submitWord);
  $("create-dice").addEventListener("change", showCreateDice);
  $("create-dict").addEventListener("change", showCreateDice);
  // a double tap sends one Start: the second was refused as "a round is already being played"
  // the tap opens the keyboard at once, for the word box once the round comes back
  // a second tap landing after the round came back (a slow phone) meets a hidden button: none
  $("start-button").addEventListener("click", () => {
    if ($("start-button").hidden) return;
    if (!state.startSent && send({ type: "start" })) {
      state.startSent = state.socket;
      holdKeyboard();
    }
  });
  $("rematch-button").addEventListener("click", rematch);
  $("rematch-dice").addEventListener("change", () => {
    const s = state.settings || {};
    showDiceFor($("rematch-dice"), $("rematch-size-label"), s.language, s.language_name);
  });
  $("leave-button").addEventListener("click", () => {
    // a double tap leaves once: the second tap, on the room's hidden button, said "not
    // connected to the server; trying again…" on the entry screen
    if ($("room").hidden) return;
    state.leaving = true;
    // with the connection down the server cannot be told: the seat is forgotten here all the
    // same (no "trying again": the page no longer tries), and the line says so
    const told = state.socket?.readyState === WebSocket.OPEN && send({ type: "leave" });
    clearTimeout(state.reconnect);
    state.reconnect = null;
    forget(state.code);
    state.socket?.close();
    const left = state.code;
    state.code = null;
    showEntry("");
    showError("");
    // the entry's top, not the middle of Create's form where the results' scroll left it
    window.scrollTo(0, 0);
    showNotice(told ? `You left room ${left}.` : `You left room ${left} on this device; with no ` +
      "connection the server was not told, so the others may see you as away for a while.");
    // the button pressed is gone with the room: the keyboard goes on at the page's title, from
    // which Tab reaches Create's name box (a name box focused would open a phone's keyboard)
    if (focusLost()) $("room-page-title").focus({ preventScroll: true });
  });
  window.addEventListener("popstate", backPressed);
  window.addEventListener("offline", () => {
    if (state.socket) lost(state.socket);
  });
  window.addEventListener("online", shownOrOnline);
  window.addEventListener("pageshow", shownAgain);
  document.addEventListener("visibilitychange", shownOrOnline);
  setInterval(checkConnection, QUIET_MS / 2);
  $("leave-dialog").addEventListener("close", leaveDialogClosed);
  $("copy-link").addEventListener("click",
    () => copyText(shareAddress(state.code), $("copy-link"), $("room-link")));
  offerShare($("copy-link"), () => ({ url: shareAddress(state.code) }));
  try {
    state.shareURLs = (await api("/api/share")).urls;
  } catch (error) {
    state.shareURLs = [];
  }
  try {
    await fillWordLists($("create-dict"));
    keepChoice($("create-dict"), "boggle-list");  // the list of solo play and the daily board
    showCreateDice();
    state.listTitles = await wordListTitles();
  } catch (error) {
    showError(error.message);
  }
  showRoundLength($("create-seconds"), $("create-seconds-said"));
  showRoundLength($("rematch-seconds"), $("rematch-seconds-said"));
  // the room's link is /room/CODE; /room?code=CODE is read the same
  const inPath = location.pathname.match(/^\/room\/(.+)$/);
  const asked = inPath ? inPath[1] : new URLSearchParams(location.search).get("code");
  let given = asked || "";
  try {
    given = decodeURIComponent(given);
  } catch (error) {
    // kept as it is
  }
  const read = codeOf(given);  // /room/abc-234 typed as an address is the room ABC234
  const code = /^[A-Z0-9]{6}$/.test(read) ? read : "";
  if (asked && !code) {  // a link cut short or mistyped: said, not dropped without a word
    showError(`'${given}' is not a room code: a code is 6 characters from A-Z and 2-9, like ABC234`);
  }
  await named;
  const saved = code ? JSON.parse(localStorage.getItem(storageKey(code)) || "null") : null;
  if (saved && saved.token) {
    rejoin(code, saved.token);
  } else {
    showEntry(code);
    if (code) await checkRoom(code);
  }
  document.body.dataset.ready = "true";
}

start();
