// The words of a timed solo round (the daily board's, a challenge's) sent to the server for
// their check (POST /api/check) and not answered yet: kept with the round in the tab, so a
// reload cut short sends them again (`keptWords`). One implementation for both pages:
//
//   const pending = new PendingWords(() => keep());   // keep(): the page's round, stored
//   pending.sent(word);       // before the check is asked for (stored at once)
//   pending.answered(word);   // its answer (or error) came
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
    this.save();
  }

  // `word` was checked (or refused by an error): no longer sent again after a reload.
  answered(word) {
    const at = this.words.indexOf(word);
    if (at >= 0) this.words.splice(at, 1);
    this.save();
    if (!this.words.length) for (const done of [...this.waiting]) done(true);
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
    for (const done of [...this.waiting]) done(true);
  }
}

// The words whose check a reload cut short, as the round `kept` holds them: text only, at
// most MOST_KEPT (what the tab kept may be another version's, or damaged).
export function keptWords(kept) {
  const words = kept && Array.isArray(kept.pending) ? kept.pending : [];
  return words.filter((word) => typeof word === "string").slice(0, MOST_KEPT);
}
