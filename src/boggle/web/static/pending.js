// The words of a timed solo round (the daily board's, a challenge's) sent to the server for
// their check (POST /api/check) and not answered yet: kept with the round in the tab, so a
// reload cut short sends them again (`keptWords`). One implementation for both pages:
//
//   const pending = new PendingWords(() => keep());   // keep(): the page's round, stored
//   pending.sent(word);       // before the check is asked for (stored at once)
//   pending.answered(word);   // its answer (or error) came
//   keepRound(KEY, { ..., pending: pending.words });
//   for (const word of keptWords(kept)) enterWord(word);  // after a reload
export const MOST_KEPT = 50;  // the words sent again after a reload, at most

export class PendingWords {
  // `save` stores the round (with `words`) each time they change.
  constructor(save) {
    this.words = [];
    this.save = save;
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
  }

  // A round begins (or is taken up again): nothing is waiting.
  clear() {
    this.words = [];
  }
}

// The words whose check a reload cut short, as the round `kept` holds them: text only, at
// most MOST_KEPT (what the tab kept may be another version's, or damaged).
export function keptWords(kept) {
  const words = kept && Array.isArray(kept.pending) ? kept.pending : [];
  return words.filter((word) => typeof word === "string").slice(0, MOST_KEPT);
}
