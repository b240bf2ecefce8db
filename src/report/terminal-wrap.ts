/**
 * Prose for a terminal: lines wrapped to a width with a hanging indent, and lines clipped to
 * one. A clause (after a "; " outside parentheses) that does not fit the rest of a line starts
 * a line of its own, so that a reader finds the start of each part of a long sentence at the
 * start of a line.
 */

/** The width every line of the terminal report keeps to. */
export const TERMINAL_WIDTH = 120;
/** A warning's one line may be longer than the report's other lines: it says which cell, what and what to do. */
export const WARNING_WIDTH = 160;

/** Characters a terminal shows for `text` (every character gauntlet prints is one column wide). */
export function displayWidth(text: string): number {
  return [...text].length;
}

/** `text` cut to `width` characters, with an ellipsis where it was cut. */
export function clip(text: string, width: number): string {
  const chars = [...text];
  return chars.length <= width ? text : `${chars.slice(0, width - 1).join('')}…`;
}

/** The longest quoted string kept whole: a quote left open (a clipped body) must not glue the rest of a line together. */
const QUOTED_MAX = 60;

/** The words of a line; a short quoted string ("$(go env GOPATH)/bin/k6") is one word, never broken. */
function wordsOf(paragraph: string): string[] {
  const words: string[] = [];
  let quoted = false;
  for (const word of paragraph.split(' ').filter((w) => w !== '')) {
    if (quoted) words[words.length - 1] += ` ${word}`;
    else words.push(word);
    if ((word.match(/"/g)?.length ?? 0) % 2 === 1) quoted = !quoted;
    if (quoted && displayWidth(words[words.length - 1]) > QUOTED_MAX) quoted = false;
  }
  return words;
}

/** For each word, whether a clause ends with it: it ends in ";" outside any parentheses or brackets. */
function clauseEnds(words: string[]): boolean[] {
  let depth = 0;
  return words.map((word) => {
    for (const char of word) {
      if (char === '(' || char === '[') depth++;
      else if ((char === ')' || char === ']') && depth > 0) depth--;
    }
    return depth === 0 && word.endsWith(';');
  });
}

/** The width of the words from `from` to the end of their clause. */
function clauseWidth(words: string[], ends: boolean[], from: number): number {
  let width = -1;
  for (let i = from; i < words.length; i++) {
    width += 1 + displayWidth(words[i]);
    if (ends[i]) break;
  }
  return width;
}

/**
 * `text` as lines of at most `width` characters: the first starts with `first`, the others
 * with `rest` (a hanging indent). Line breaks in `text` are kept.
 */
export function wrap(text: string, width: number = TERMINAL_WIDTH, first = '', rest = first): string[] {
  const lines: string[] = [];
  let line = first;
  let empty = true;
  const breakLine = () => {
    lines.push(line.trimEnd());
    line = rest;
    empty = true;
  };
  for (const [p, paragraph] of text.split('\n').entries()) {
    if (p > 0) breakLine();
    const words = wordsOf(paragraph);
    const ends = clauseEnds(words);
    for (const [i, word] of words.entries()) {
      const fits = displayWidth(line) + (empty ? 0 : 1) + displayWidth(word) <= width;
      // A clause that would be split here starts a line of its own.
      const clauseMoves =
        !empty && i > 0 && ends[i - 1] && displayWidth(line) + 1 + clauseWidth(words, ends, i) > width;
      if (!empty && (!fits || clauseMoves)) breakLine();
      let remaining = word;
      // A word longer than a whole line (a long path) is cut where the line ends.
      while (empty && displayWidth(remaining) > width - displayWidth(line)) {
        const room = Math.max(1, width - displayWidth(line));
        line += [...remaining].slice(0, room).join('');
        remaining = [...remaining].slice(room).join('');
        breakLine();
      }
      if (remaining === '') continue;
      line += empty ? remaining : ` ${remaining}`;
      empty = false;
    }
  }
  lines.push(line.trimEnd());
  return lines;
}

/** "method:  …" with the text wrapped under its first word. */
export function labelled(label: string, text: string): string[] {
  const head = `${label}:`.padEnd(9);
  return wrap(text, TERMINAL_WIDTH, head, ' '.repeat(head.length));
}

/** An indented line, wrapped with a deeper indent. */
export function indented(text: string, indent = 2): string[] {
  return wrap(text, TERMINAL_WIDTH, ' '.repeat(indent), ' '.repeat(indent + 2));
}

/** A heading line: wrapped, its continuation indented under it. */
export function titled(text: string): string[] {
  return wrap(text, TERMINAL_WIDTH, '', '  ');
}
