// "Challenge a friend" after a round (solo, daily, room): a challenge of the same board,
// word list, rules and time (POST /api/challenges), its link shown with "Copy link".
//
//   offerChallenge($("play-results"), () => ({ board, dictionary, rules, seconds }));
import { api, copyText } from "/static/board.js";

export function offerChallenge(container, settings) {
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
  offer.append(make);
  make.addEventListener("click", async () => {
    make.disabled = true;
    try {
      const body = Object.fromEntries(Object.entries(settings()).filter(([, v]) => v));
      const made = await api("/api/challenges", body);
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
