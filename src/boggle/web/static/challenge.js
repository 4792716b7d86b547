// A challenge: the same board, word list, rules and time as the round it was made from;
// play it under a name, then see everyone's results, best first, with the words only each
// player found. The server judges the words again (POST /api/challenges/CODE/results).
import { api, counted, countdown, drawPath, renderBoard } from "/static/board.js";
import { traceWords, tracedFeedback } from "/static/trace.js";

const $ = (id) => document.getElementById(id);
const code = (location.pathname.match(/^\/challenge\/([A-Za-z0-9]+)$/) || ["", ""])[1].toUpperCase();
const state = { challenge: null, words: [], over: false, stopTimer: () => {} };

function showError(message) {
  $("error").textContent = message;
  $("error").hidden = !message;
}

function startRound(event) {
  event.preventDefault();
  showError("");
  state.words = [];
  state.over = false;
  renderBoard(state.challenge.faces);
  document.body.classList.add("in-round");
  $("round").hidden = false;
  $("results").hidden = true;
  $("my-words").replaceChildren();
  $("word-input").disabled = false;
  state.stopTimer = countdown($("timer"), state.challenge.seconds, finish);
  $("word-input").focus();
  traceWords((word) => enterWord(word));
}

function submitWord(event) {
  event.preventDefault();
  const word = $("word-input").value.trim();
  $("word-input").value = "";
  return enterWord(word);
}

async function enterWord(typed) {
  const word = typed.trim().toLowerCase();
  if (!word || state.over) return;
  const box = $("feedback");
  if (state.words.includes(word)) {
    box.textContent = `${word.toUpperCase()}: already found`;
    box.className = "feedback bad";
    tracedFeedback(word, "already found", false);
    return;
  }
  const request = { board: state.challenge.board, word, dictionary: state.challenge.dictionary };
  if (state.challenge.rules) request.rules = state.challenge.rules;
  try {
    const check = await api("/api/check", request);
    const good = check.status === "counted";
    box.textContent = `${word.toUpperCase()}: ${good ? `+${check.points}` : check.label}`;
    box.className = `feedback ${good ? "good" : "bad"}`;
    tracedFeedback(word, good ? `+${check.points}` : check.label, good);
    if (good && !state.over && !state.words.includes(check.word)) {
      state.words.push(check.word);
      drawPath(check.word, check.path);
      const item = document.createElement("li");
      item.className = "good";
      item.dataset.word = check.word;
      item.textContent = `${check.word} +${check.points}`;
      $("my-words").append(item);
    }
  } catch (error) {
    showError(error.message);
  }
}

async function finish() {
  if (state.over) return;
  state.over = true;
  state.stopTimer();
  traceWords(null);
  document.body.classList.remove("in-round");
  $("word-input").disabled = true;
  $("round").hidden = true;
  await sendResult($("challenge-name").value.trim());
}

async function sendResult(name) {
  try {
    const answer = await api(`/api/challenges/${code}/results`, { name, words: state.words });
    $("resend-form").hidden = true;
    showResults(answer, name);
  } catch (error) {
    showError(error.message);
    $("results").hidden = false;
    $("resend-form").hidden = false;  // a name taken: the same words under another
    $("resend-name").focus();
  }
}

function showResults(challenge, you) {
  state.challenge = challenge;
  $("results").hidden = false;
  $("challenge-form").hidden = true;
  const list = $("challenge-results");
  list.replaceChildren(...challenge.results.map((result) => {
    const item = document.createElement("li");
    item.className = "result-player";
    item.dataset.name = result.name;
    item.dataset.score = String(result.score);
    item.classList.toggle("you", result.name === you);
    const title = document.createElement("h3");
    title.textContent = `${result.name}: ${counted(result.score, "point")}, ` +
      counted(result.words.length, "word");
    const only = document.createElement("p");
    only.className = "only-you";
    only.textContent = result.only_you.length
      ? `Only ${result.name === you ? "you" : result.name}: ${result.only_you.join(", ")}`
      : "No word only this player found";
    item.append(title, only);
    return item;
  }));
  document.body.dataset.played = "true";
}

async function start() {
  $("challenge-form").addEventListener("submit", startRound);
  $("word-form").addEventListener("submit", submitWord);
  $("challenge-stop").addEventListener("click", finish);
  $("resend-form").addEventListener("submit", (event) => {
    event.preventDefault();
    showError("");
    sendResult($("resend-name").value.trim());
  });
  try {
    state.challenge = await api(`/api/challenges/${code}`);
    const c = state.challenge;
    const size = `${c.faces.length}x${c.faces[0].length}`;
    const played = c.results.length
      ? `${counted(c.results.length, "player has", "players have")} played it: their results come after your round.`
      : "Nobody has played it yet.";
    $("challenge-info").textContent =
      `A ${size} board, the ${c.dictionary} word list, ${c.seconds} seconds. ${played}`;
  } catch (error) {
    showError(error.message);
    $("challenge-form").hidden = true;
  }
  document.body.dataset.ready = "true";
}

start();

