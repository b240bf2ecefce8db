/**
 * Colours shared by the charts and the page. The charts are static SVG, so they carry fixed
 * colours; the few neutral ones below are "tokens" that the page's CSS (and the style block
 * of a standalone SVG file) re-colours for light and dark backgrounds by attribute selector.
 */

/** Axis labels, titles, legend text, whiskers and value labels. */
export const TEXT = '#6e7079';
/** Axis lines and ticks. */
export const AXIS = '#9a9ca3';
/** Grid (split) lines. */
export const GRID = '#dcdfe5';

/** Bars: one colour for every target; the baseline and invalid cells stand out. */
export const BAR = '#4e79a7';
export const BAR_BASELINE = '#f28e2b';

/**
 * Line colours, one per target, of middle lightness so each reads on white and on near-black.
 * After the colours run out, lines turn dashed and then dotted, and the symbols vary too.
 */
export const SERIES_COLOURS = [
  '#4e79a7',
  '#f28e2b',
  '#e15759',
  '#59a14f',
  '#b07aa1',
  '#d4a72c',
  '#76b7b2',
  '#ff9da7',
  '#9c755f',
  '#7b61ff',
  '#8cb82a',
  '#d6278f',
] as const;
export const LINE_TYPES = ['solid', 'dashed', 'dotted'] as const;
export const SYMBOLS = ['circle', 'rect', 'triangle', 'diamond', 'emptyCircle', 'emptyTriangle'] as const;

export interface SeriesLook {
  color: string;
  lineType: (typeof LINE_TYPES)[number];
  symbol: (typeof SYMBOLS)[number];
}

/** The look of the n-th target (by its place in the plan), the same in every chart. */
export function seriesLook(n: number): SeriesLook {
  return {
    color: SERIES_COLOURS[n % SERIES_COLOURS.length],
    lineType: LINE_TYPES[Math.floor(n / SERIES_COLOURS.length) % LINE_TYPES.length],
    symbol: SYMBOLS[n % SYMBOLS.length],
  };
}

/**
 * Chart text: Arial-metric fonts, because echarts lays out static SVG (legend spacing, room for
 * axis labels) with a built-in table of Helvetica/Arial glyph widths; a wider font would overlap.
 * No double quotes: echarts writes the family into a style="…" attribute without escaping them.
 */
export const FONT_FAMILY = "Arial, 'Liberation Sans', Helvetica, 'Helvetica Neue', sans-serif";

/** Token colours for light and dark backgrounds, used by the page CSS and standalone SVG files. */
export const TOKEN_COLOURS = {
  light: { background: '#ffffff', text: '#3d4048', axis: '#8a8d94', grid: '#e3e5ea' },
  dark: { background: '#1c1f26', text: '#d3d6dc', axis: '#80848d', grid: '#353a44' },
} as const;

/** CSS rules that re-colour the chart tokens; `scope` selects the SVG elements they apply to. */
export function tokenCss(scope: string, palette: 'light' | 'dark'): string {
  const c = TOKEN_COLOURS[palette];
  return [
    `${scope} [fill="${TEXT}"]{fill:${c.text}}`,
    `${scope} [stroke="${TEXT}"]{stroke:${c.text}}`,
    `${scope} [stroke="${AXIS}"]{stroke:${c.axis}}`,
    `${scope} [stroke="${GRID}"]{stroke:${c.grid}}`,
  ].join('\n');
}
