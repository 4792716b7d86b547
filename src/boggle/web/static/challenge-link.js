// "Challenge a friend" after any round (solo, daily, room): keeps the round on the server
// (POST /api/challenges) and shows the link to it, with a Copy button that works on plain
// http too (no clipboard API there: the link is selected and copied the old way).
import {
  api, copyText, focusLost, limitName, NAME_KEY, offerShare, sayLocalOnly, shareOrigin, shareURLs, showAddress,
  shownName,
} from "/static/board.js";

// "Challenge a friend" at the end of `container` for the round just played: `round` is
// { board, dictionary, rules, min_length, seconds, words, name, watching } (rules: a preset or
// null; words: those the player found, posted as their result, judged on the server). A room's
// host who showed the board and did not play (`watching`, a teacher's projector) makes the
// challenge with no result of theirs: "Ms Lee played it: 0 points" headed the class's homework,
// and the teacher stood last in its results and spreadsheet.
// A room's host passes `made` (the challenge the room keeps, { code, path }: shown at once,
// after a reload or on another device) and `onMade` (told the challenge made, for the room to
// keep it).
export function offerChallenge(container, round) {
  let offer = container.querySelector(".challenge-offer");
  if (!offer) {
    offer = document.createElement("form");
    offer.className = "challenge-offer row wrap";
    offer.autocomplete = "off";
    container.append(offer);
  }
  const watching = Boolean(round.watching);
  const label = document.createElement("label");
  const name = document.createElement("input");
  name.id = "challenge-your-name";
  name.setAttribute("autocorrect", "off");  // a name stays as typed (iOS corrects words it lacks)
  name.spellcheck = false;
  name.value = round.name || localStorage.getItem(NAME_KEY) || "";
  label.append("Your name ", name);
  const button = document.createElement("button");
  button.type = "submit";
  button.id = "challenge-button";
  button.textContent = watching ? "Make a challenge of this board" : "Challenge a friend";
  const status = document.createElement("span");
  status.className = "help";
  status.setAttribute("role", "status");
  if (watching) {
    status.textContent = "(homework: each pupil plays this board at home; you are not in its results)";
    offer.replaceChildren(button, status);
  } else {
    offer.replaceChildren(label, button, status);
  }
  limitName(name, (message) => { status.textContent = message; });
  const body = {
    board: round.board,
    dictionary: round.dictionary || null,
    rules: round.rules || null,
    min_length: round.min_length || null,
    seconds: Math.min(3600, Math.max(5, Math.round(Number(round.seconds) || 180))),
  };
  const words = [...new Set(round.words || [])].slice(0, 300);
  let made = round.made || null;
  offer.onsubmit = async (event) => {
    event.preventDefault();
    const you = shownName(name.value);  // as the server keeps it
    if (!you && !watching) {
      status.textContent = "Your name goes beside your score.";
      name.focus();
      return;
    }
    button.disabled = true;
    status.textContent = "Making the link…";
    try {
      made = made || await api("/api/challenges", body);
      if (!watching) await api(`/api/challenges/${made.code}/results`, { name: you, words });
    } catch (error) {
      button.disabled = false;
      status.textContent = error.message;
      return;
    }
    // the maker who did not play: the challenge's page shows them everyone's results (and the
    // spreadsheet) as they come, where it offered them only a round of their own to play
    localStorage.setItem(`boggle-challenge-${made.code}`, JSON.stringify(watching ? { made: true } : { name: you }));
    if (!watching) localStorage.setItem(NAME_KEY, you);
    if (round.onMade) round.onMade(made);
    await showMade(watching ? "Send this link: whoever opens it plays the same round, and sees everyone's results."
      : "Your score is in. Send this link: whoever opens it plays the same round.", true);
  };
  // the link (made now, or kept by the room), its Copy and, for the room's host, everyone's
  // results as a spreadsheet
  const showMade = async (said, pressed) => {
    // on the server's network address (boggle serve --lan) when this page was opened on the
    // machine itself, whose 127.0.0.1 reaches no friend: as a room's link is
    const url = new URL(made.path, shareOrigin(await shareURLs())).href;
    const link = document.createElement("a");
    link.id = "challenge-link";
    link.className = "challenge-link";  // wraps: a long address never runs off a phone's screen
    link.href = url.startsWith(location.origin) ? made.path : url;
    showAddress(link, url, made.code);  // before its code, never inside it
    link.dataset.code = made.code;
    const copy = document.createElement("button");
    copy.type = "button";
    copy.id = "challenge-copy";
    copy.className = "secondary";
    copy.textContent = "Copy link";
    copy.addEventListener("click", () => copyText(url, copy, link));
    status.textContent = said;
    const local = document.createElement("p");
    local.id = "challenge-local";
    local.className = "help challenge-local";
    const shown = [status, link, copy];
    if (round.made || round.onMade) {
      const download = document.createElement("a");
      download.id = "challenge-download";
      download.href = `/api/challenges/${made.code}/results.csv`;
      download.textContent = "Download everyone's results";
      shown.push(download);
    }
    offer.replaceChildren(...shown, local);
    sayLocalOnly(local, url);  // 127.0.0.1 without --lan: no friend's phone opens it
    offerShare(copy, () => ({ url }));
    // the button pressed is gone with the form: the keyboard goes on at the link to send
    if (pressed && focusLost()) link.focus();
  };
  if (round.made) {  // kept by the room: its page reloaded, or the host's other device
    if (watching) localStorage.setItem(`boggle-challenge-${made.code}`, JSON.stringify({ made: true }));
    showMade("This round's challenge: whoever opens the link plays the same round.", false);
  }
}
