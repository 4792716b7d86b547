// "Challenge a friend" after any round (solo, daily, room): keeps the round on the server
// (POST /api/challenges) and shows the link to it, with a Copy button that works on plain
// http too (no clipboard API there: the link is selected and copied the old way).
import { api } from "/static/board.js";

// Copy `text`; without the clipboard API, select `element`'s text and copy that.
export async function copyText(text, element, button) {
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = "Copied";
    return;
  } catch (error) {
    // plain http, or permission refused: fall back to the selection
  }
  const range = document.createRange();
  range.selectNodeContents(element);
  const selection = window.getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
  let copied = false;
  try {
    copied = document.execCommand("copy");
  } catch (error) {
    copied = false;
  }
  button.textContent = copied ? "Copied" : "Selected: copy it with Ctrl+C";
}

// A "Challenge a friend" button at the end of `container` for the round just played:
// `round` is { board, dictionary, rules, min_length, seconds } (rules: a preset or null).
export function offerChallenge(container, round) {
  let offer = container.querySelector(".challenge-offer");
  if (!offer) {
    offer = document.createElement("div");
    offer.className = "challenge-offer row wrap";
    container.append(offer);
  }
  const button = document.createElement("button");
  button.type = "button";
  button.id = "challenge-button";
  button.textContent = "Challenge a friend";
  const status = document.createElement("span");
  status.className = "help";
  status.setAttribute("role", "status");
  offer.replaceChildren(button, status);
  const body = {
    board: round.board,
    dictionary: round.dictionary || null,
    rules: round.rules || null,
    min_length: round.min_length || null,
    seconds: Math.min(3600, Math.max(5, Math.round(Number(round.seconds) || 180))),
  };
  button.addEventListener("click", async () => {
    button.disabled = true;
    status.textContent = "Making the link…";
    try {
      const made = await api("/api/challenges", body);
      const url = new URL(made.path, location.href).href;
      const link = document.createElement("a");
      link.id = "challenge-link";
      link.href = made.path;
      link.textContent = url;
      link.dataset.code = made.code;
      const copy = document.createElement("button");
      copy.type = "button";
      copy.id = "challenge-copy";
      copy.className = "secondary";
      copy.textContent = "Copy link";
      copy.addEventListener("click", () => copyText(url, link, copy));
      status.textContent = "Send this link: whoever opens it plays the same round.";
      offer.replaceChildren(status, link, copy);
    } catch (error) {
      button.disabled = false;
      status.textContent = error.message;
    }
  });
}
