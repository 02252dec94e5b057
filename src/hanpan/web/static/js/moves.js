// Choosing a move by clicking: a selection of tokens narrows the legal moves.
//
// A token is one or more words of notation ("c3", "green", "space 2", "rotate c17 cw").  A legal move
// matches a selection when every selected token stands in it as a run of whole words, the runs not
// overlapping.  A board highlights what is clickable (a token that keeps at least one move matching)
// and the page submits a move as soon as one candidate is left.

/** @param {string} text @returns {string[]} */
export function words(text) {
  return text.toLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * Whether `move` holds every token of `selection` as non-overlapping runs of whole words.
 * @param {string} move @param {string[]} selection @returns {boolean}
 */
export function matches(move, selection) {
  const have = words(move);
  const used = new Array(have.length).fill(false);
  // Longer tokens first, so "space 2" is not spent on a lone "2".
  const tokens = [...selection].map(words).sort((a, b) => b.length - a.length);
  for (const token of tokens) {
    let found = -1;
    for (let i = 0; i + token.length <= have.length && found < 0; i++) {
      let ok = true;
      for (let j = 0; j < token.length && ok; j++) ok = !used[i + j] && have[i + j] === token[j];
      if (ok) found = i;
    }
    if (found < 0) return false;
    for (let j = 0; j < token.length; j++) used[found + j] = true;
  }
  return true;
}

/**
 * The state of a move being chosen: the legal moves and the tokens clicked so far.
 */
export class Chooser {
  /** @param {string[]} legal */
  constructor(legal) {
    /** @type {string[]} */
    this.legal = legal;
    /** @type {string[]} */
    this.selection = [];
  }

  /** @returns {string[]} the legal moves that match the selection */
  candidates() {
    return this.legal.filter((m) => matches(m, this.selection));
  }

  /** @param {string} token @returns {boolean} */
  chosen(token) {
    return this.selection.includes(token.toLowerCase());
  }

  /** @param {string} token @returns {boolean} clicking it keeps at least one move (or unselects it) */
  clickable(token) {
    const t = token.toLowerCase();
    if (this.selection.includes(t)) return true;
    const next = [...this.selection, t];
    return this.legal.some((m) => matches(m, next));
  }

  /**
   * Click a token: unselect it when chosen; else add it (starting over with it alone when it fits
   * no move together with the earlier tokens).  Returns the single move left, or null.
   * @param {string} token @returns {string | null}
   */
  click(token) {
    const t = token.toLowerCase();
    if (this.selection.includes(t)) {
      this.selection = this.selection.filter((s) => s !== t);
      return null;
    }
    const next = [...this.selection, t];
    if (this.legal.some((m) => matches(m, next))) this.selection = next;
    else if (this.legal.some((m) => matches(m, [t]))) this.selection = [t];
    else return null;
    const left = this.candidates();
    // A token that is a whole move (e.g. "space 2", "end") is that move even when longer ones share it.
    const whole = left.find((m) => words(m).join(" ") === words(this.selection.join(" ")).join(" "));
    if (left.length === 1) return left[0];
    if (whole && this.selection.length === 1 && words(t).length === words(whole).length) return whole;
    return null;
  }

  clear() {
    this.selection = [];
  }
}
