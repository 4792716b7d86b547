// The words of a timed solo round (the daily board's, a challenge's) sent to the server for
// their check (POST /api/check) and not answered yet: kept with the round in the tab, so a
// reload cut short sends them again (`keptWords`). One implementation for both pages:
//
//   const pending = new PendingWords(() => keep());   // keep(): the page's round, stored
//   pending.sent(word);       // before the check is asked for (stored at once)
//   pending.answered(word);   // its answer came
//   catch (error) { await pending.pageStays(error); pending.answered(word); ... }
//   keepRound(KEY, { ..., pending: pending.words });
//   for (const word of keptWords(kept)) enterWord(word);  // after a reload
//   await pending.settled();  // the round over: the words entered in time, answered
//
// A word entered before the round ends counts even when its answer comes after the end, or
// when the round ended while the page was reloading (the words the reload cut short are sent
// again first, then the end is waited on): the result is asked for once every check has
// answered, or SETTLE_MS has passed.
export const MOST_KEPT = 50;  // the words sent again after a reload, at most
export const SETTLE_MS = 10000;  // how long the round's end waits for checks under way
const LEAVING_MS = SETTLE_MS;  // a navigation begun (beforeunload) under way, at most
const LEAVING_POLL_MS = 250;  // how often a failed check asks again whether the page stays

// A reload cuts the checks under way short as the page is left: their requests are cancelled
// while the page unloads (Chromium: in the task that dispatches pagehide, after its first
// listener; Firefox: as the navigation begins, after beforeunload), rejecting the fetch, or
// the reading of an answer whose body had not all come, with no answer from the server. Such
// a word must stay kept for the reload to send again: its failure is not taken as an answer
// until the page is known to stay (pageStays).
let hidden = false;  // pagehide came, no pageshow since (the page unloads or is in the bfcache)
let leftAt = -Infinity;  // when beforeunload came (performance.now())
const beforeLeaving = () => { leftAt = performance.now(); };
if (typeof window !== "undefined") {
  window.addEventListener("pagehide", () => { hidden = true; });
  window.addEventListener("pageshow", () => { hidden = false; leftAt = -Infinity; });
}

// The page is being left: hidden to be unloaded, or a navigation begun (by beforeunload)
// less than LEAVING_MS ago (one called off, a download, lets the page stay after it).
function leaving() {
  return hidden || performance.now() - leftAt < LEAVING_MS;
}

// beforeunload listened to only while checks are under way (a listener keeps some browsers
// from keeping the page in their back/forward cache).
function listenBeforeLeaving(on) {
  if (typeof window === "undefined") return;
  if (on) window.addEventListener("beforeunload", beforeLeaving);
  else window.removeEventListener("beforeunload", beforeLeaving);
}

export class PendingWords {
  // `save` stores the round (with `words`) each time they change.
  constructor(save) {
    this.words = [];
    this.save = save;
    this.waiting = [];  // settled()'s answers, called once nothing is waiting
  }

  // `word` is being sent for its check: kept, so a reload before the answer sends it again.
  sent(word) {
    this.words.push(word);
    listenBeforeLeaving(true);
    this.save();
  }

  // `word` was checked (or refused by an error): no longer sent again after a reload.
  answered(word) {
    const at = this.words.indexOf(word);
    if (at >= 0) this.words.splice(at, 1);
    if (!this.words.length) listenBeforeLeaving(false);
    this.save();
    if (!this.words.length) for (const done of [...this.waiting]) done(true);
  }

  // A word's check failed with `error` (board.js api()): resolves once that is the page's to
  // say (the caller then calls `answered` and says it). A refusal the server answered
  // (error.status): at once. No answer (the request failed, or its answer was cut short): a
  // task later, once the page is not being left; the word meanwhile stays kept. When the page
  // is being left it never resolves (an unloaded page runs no timer), so a check the reload
  // cut short is not taken for an answer: the word stays kept, and the reload sends it again.
  // Back from the back/forward cache (pageshow) the page stays: the failure is said.
  pageStays(error) {
    if (error?.status) return Promise.resolve();
    return new Promise((resolve) => {
      const ask = () => {
        if (leaving()) setTimeout(ask, LEAVING_POLL_MS);
        else resolve();
      };
      setTimeout(ask, 0);
    });
  }

  // Once every word sent has its answer: true, or false when `most` milliseconds passed first
  // (the words still in `words` were not answered).
  settled(most = SETTLE_MS) {
    if (!this.words.length) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (all) => {
        clearTimeout(timer);
        this.waiting = this.waiting.filter((other) => other !== done);
        resolve(all);
      };
      const timer = setTimeout(() => done(false), most);
      this.waiting.push(done);
    });
  }

  // A round begins (or is taken up again): nothing is waiting.
  clear() {
    this.words = [];
    listenBeforeLeaving(false);
    for (const done of [...this.waiting]) done(true);
  }
}

// The words whose check a reload cut short, as the round `kept` holds them: text only, at
// most MOST_KEPT (what the tab kept may be another version's, or damaged).
export function keptWords(kept) {
  const words = kept && Array.isArray(kept.pending) ? kept.pending : [];
  return words.filter((word) => typeof word === "string").slice(0, MOST_KEPT);
}
