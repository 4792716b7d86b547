// The daily board: the same board for everyone on a date, a timed solo round, a result to share.
// ?date=YYYY-MM-DD picks another day (the server's today in UTC otherwise).
import {
  api, copyText, countdown, drawPath, fillWordLists, renderBoard, showInView, wordButton,
} from "/static/board.js";
import { offerChallenge } from "/static/challenge-link.js";
import { traceWords, tracedFeedback } from "/static/trace.js";

const $ = (id) => document.getElementById(id);
const state = { daily: null, words: [], stopTimer: () => {}, over: false };

function showError(message) {
  $("error").textContent = message;
  $("error").hidden = !message;
}

// Which words count: all, standard or common; the others refused or set apart at 0 points.
function wordChoice() {
  return { word_level: $("daily-words-level").value, other_words: $("daily-words-others").value };
}

async function startRound(event) {
  event.preventDefault();
  showError("");
  const params = new URLSearchParams({ size: $("daily-size").value, dictionary: $("daily-dict").value });
  const date = new URLSearchParams(location.search).get("date");
  if (date) params.set("date", date);
  try {
    state.daily = await api(`/api/daily?${params}`);
  } catch (error) {
    showError(error.message);
    return;
  }
  state.words = [];
  state.over = false;
  $("daily-date").textContent = `Board of ${state.daily.date}.`;
  document.body.dataset.date = state.daily.date;
  renderBoard(state.daily.faces);
  $("my-words").replaceChildren();
  $("feedback").textContent = "";
  $("results").hidden = true;
  $("round").hidden = false;
  document.body.classList.add("in-round");
  $("daily-start").disabled = true;
  $("word-input").disabled = false;
  state.stopTimer = countdown($("timer"), state.daily.seconds, finish);
  $("word-input").focus();
  traceWords((word) => enterWord(word));
}

function submitWord(event) {
  event.preventDefault();
  const word = $("word-input").value.trim();
  $("word-input").value = "";
  return enterWord(word);
}

// A word typed or traced on the board.
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
  try {
    const check = await api("/api/check", {
      board: state.daily.board, word, dictionary: state.daily.dictionary, ...wordChoice(),
    });
    const found = check.word || word;  // as the server reads it: fullwidth letters are letters
    if (found !== word && state.words.includes(found)) {
      box.textContent = `${found.toUpperCase()}: already found`;
      box.className = "feedback bad";
      tracedFeedback(word, "already found", false);
      return;
    }
    const good = check.status === "counted";
    box.textContent = good ? `${found.toUpperCase()}: +${check.points}` : `${found.toUpperCase()}: ${check.label}`;
    box.className = `feedback ${good ? "good" : "bad"}`;
    if (check.status === "set_apart") state.words.push(found);
    tracedFeedback(word, good ? `+${check.points}` : check.label, good);
    if (good) {
      state.words.push(found);
      drawPath(found, check.path);
      const item = document.createElement("li");
      item.className = "good";
      item.dataset.word = found;
      item.textContent = `${found} +${check.points}`;
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
  try {
    const result = await api("/api/daily/result", {
      date: state.daily.date, dictionary: state.daily.dictionary,
      size: state.daily.size, words: state.words, ...wordChoice(),
    });
    const levels = result.levels;
    $("levels").textContent = levels
      ? `The board's words: ${levels.common} common, ${levels.standard} standard, ${levels.obscure} obscure.`
      : "";
    $("set-apart").hidden = !result.set_apart.length;
    $("set-apart").textContent = `Set apart (0 points): ${result.set_apart.join(", ")}`;
    const line = $("share-line");
    line.textContent = result.share;
    line.dataset.score = String(result.score);
    line.dataset.words = String(result.words);
    line.dataset.maximum = String(result.maximum);
    line.dataset.percent = String(result.percent);
    $("unfound").replaceChildren(...result.unfound.map(
      (w) => wordButton(w.word, w.path, `${w.word} ${w.points}`, state.daily.dictionary ?? null),
    ));
    $("round").hidden = true;
    $("results").hidden = false;
    showInView($("results"));
    $("daily-start").disabled = false;
    const { board, dictionary, rules, seconds } = state.daily;
    offerChallenge($("results"), {
      board, dictionary, rules: rules.name, min_length: rules.min_length, seconds, words: state.words,
    });
  } catch (error) {
    showError(error.message);
  }
}

async function start() {
  $("daily-form").addEventListener("submit", startRound);
  $("word-form").addEventListener("submit", submitWord);
  $("daily-stop").addEventListener("click", finish);
  $("copy-share").addEventListener("click",
    () => copyText($("share-line").textContent, $("copy-share"), $("share-line")));
  try {
    await fillWordLists($("daily-dict"));
  } catch (error) {
    showError(error.message);
  }
  document.body.dataset.ready = "true";
}

start();
