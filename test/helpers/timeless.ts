/** What dates a text a user reads: a commit hash (7–40 hex digits with a letter and a digit) or a clock time. */
export const DATING_PATTERNS: Array<[RegExp, string]> = [
  [/\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}\b/, 'holds a commit hash'],
  [/\b\d{1,2}:\d{2}\b/, 'holds a clock time'],
];
