// "Challenge a friend" after a round (solo, daily, room): a challenge of the same board,
// word list, rules and time (POST /api/challenges) with this player's result in it (their
// name, asked for when the page does not know it, and the words they found), its link
// shown with "Copy link".
//
//   offerChallenge($("play-results"), () => ({ board, dictionary, rules, seconds }),
//                  () => ({ name, words }));
import { api, copyText } from "/static/board.js";

export function offerChallenge(container, settings, mine) {
  let offer = container.querySelector(".challenge-offer");
  if (offer) {
    offer.remove();  // a new round: a new challenge
  }
  offer = document.createElement("div");
  offer.className = "challenge-offer row wrap";
  const make = document.createElement("button");
  make.type = "button";
  make.className = "challenge-make";
  make.textContent = "Challenge a friend";
  const known = mine().name;
  const label = document.createElement("label");
  label.textContent = "Your name ";
  const name = document.createElement("input");
  name.className = "challenge-name";
  name.maxLength = 24;
  label.append(name);
  if (!known) offer.append(label);
  offer.append(make);
  make.addEventListener("click", async () => {
    const player = known || name.value.trim();
    if (!player) {
      name.focus();
      make.textContent = "Challenge a friend: your name first";
      return;
    }
    make.disabled = true;
    try {
      const body = Object.fromEntries(Object.entries(settings()).filter(([, v]) => v));
      const made = await api("/api/challenges", body);
      await api(`/api/challenges/${made.code}/results`, { name: player, words: mine().words });
      label.remove();
      const address = new URL(made.url, location.href).href;
      const link = document.createElement("a");
      link.className = "challenge-link";
      link.href = made.url;
      link.textContent = address;
      const copy = document.createElement("button");
      copy.type = "button";
      copy.className = "secondary";
      copy.textContent = "Copy link";
      copy.addEventListener("click", () => copyText(address, copy, link));
      make.replaceWith(link, copy);
    } catch (error) {
      make.disabled = false;
      make.textContent = `Challenge a friend (${error.message})`;
    }
  });
  container.append(offer);
}
