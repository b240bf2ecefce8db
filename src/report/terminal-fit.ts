/**
 * A table that fits a terminal: no borders, two spaces between columns, each heading wrapped
 * to the width of its column's figures ("CPU µs/req" over "11.4" takes two lines, not ten
 * columns), numbers right-aligned. When it is still too wide, the widest column whose cells
 * have spaces is wrapped narrower, one character at a time, until the table fits or no column
 * can give more; then text columns are cut inside words (a target named by a long path).
 */
import { displayWidth, TERMINAL_WIDTH, wrap } from './terminal-wrap.js';

export interface FitOptions {
  /** The widest a line may be (default 120). */
  width?: number;
  /** Spaces before every line (default 2). */
  indent?: number;
}

const GAP = '  ';
/** The narrowest a text column is cut to when whole words do not fit. */
const CUT_MIN = 12;
/** A figure, a ratio or a dash: right-aligned. */
const NUMBER = /^([−+-]?[\d.,]+( %)?|–)$/;

const linesOf = (cell: string) => cell.split('\n');
const widest = (texts: string[]) => Math.max(0, ...texts.map(displayWidth));
const longestWord = (text: string) => widest(text.split(/[\s]+/));

function pad(text: string, width: number, right: boolean): string {
  const room = ' '.repeat(Math.max(0, width - displayWidth(text)));
  return right ? room + text : text + room;
}

/** Each column's width: its widest cell, and at least its heading's longest word. */
function naturalWidths(head: string[], rows: string[][]): number[] {
  return head.map((title, c) => Math.max(longestWord(title), widest(rows.flatMap((row) => linesOf(row[c] ?? '')))));
}

/** The narrowest each column can be: its longest word, heading included. */
function minimumWidths(head: string[], rows: string[][]): number[] {
  return head.map((title, c) => Math.max(longestWord(title), ...rows.map((row) => longestWord(row[c] ?? ''))));
}

/** Narrows the widest columns that can give until the table fits `room` (or none can give more). */
function shrink(widths: number[], minimum: number[], room: number): number[] {
  const out = [...widths];
  const total = () => out.reduce((a, b) => a + b, 0);
  while (total() > room) {
    let pick = -1;
    for (const [c, w] of out.entries()) if (w > minimum[c] && (pick < 0 || w > out[pick])) pick = c;
    if (pick < 0) break;
    out[pick]--;
  }
  return out;
}

/** The table's lines, each `indent` spaces in and, where the cells allow, at most `width` wide. */
export function fittedTable(head: string[], rows: string[][], options: FitOptions = {}): string[] {
  const width = options.width ?? TERMINAL_WIDTH;
  const indent = ' '.repeat(options.indent ?? 2);
  const room = width - indent.length - GAP.length * (head.length - 1);
  const right = head.map((_, c) => {
    const cells = rows.map((row) => row[c] ?? '').filter((cell) => cell !== '');
    return cells.length > 0 && cells.every((cell) => NUMBER.test(cell));
  });
  const words = shrink(naturalWidths(head, rows), minimumWidths(head, rows), room);
  // Still too wide (a target named by a long path): text columns give up whole words too.
  const cut = head.map((title, c) => (right[c] ? words[c] : Math.min(words[c], Math.max(CUT_MIN, longestWord(title)))));
  const widths = shrink(words, cut, room);
  const cellLines = (cell: string, c: number) =>
    linesOf(cell).flatMap((line) => (displayWidth(line) > widths[c] ? wrap(line, widths[c]) : [line]));
  const block = (cells: string[]): string[] => {
    const wrapped = cells.map(cellLines);
    const height = Math.max(1, ...wrapped.map((lines) => lines.length));
    return Array.from({ length: height }, (_, i) =>
      (indent + wrapped.map((lines, c) => pad(lines[i] ?? '', widths[c], right[c])).join(GAP)).trimEnd(),
    );
  };
  // Headings sit on the rule: a heading of fewer lines than another starts lower.
  const headLines = head.map((title, c) => wrap(title, widths[c]));
  const headHeight = Math.max(...headLines.map((lines) => lines.length));
  const heading = Array.from({ length: headHeight }, (_, i) =>
    (
      indent +
      headLines.map((lines, c) => pad(lines[i - (headHeight - lines.length)] ?? '', widths[c], right[c])).join(GAP)
    ).trimEnd(),
  );
  const rule = indent + widths.map((w) => '─'.repeat(w)).join(GAP);
  const bodies = rows.map(block);
  // Rows of several lines are told apart by a blank line between them.
  const spaced = bodies.some((lines) => lines.length > 1);
  return [...heading, rule, ...bodies.flatMap((lines, r) => (spaced && r > 0 ? ['', ...lines] : lines))];
}
