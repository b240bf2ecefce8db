/** The page's stylesheet: light by default, dark where the reader prefers it, charts on cards. */
import { TOKEN_COLOURS, tokenCss } from './theme.js';

const { light, dark } = TOKEN_COLOURS;

export const STYLES = `
:root {
  color-scheme: light dark;
  --bg: #f5f6f8; --fg: #1f2328; --muted: #5b616b; --card: ${light.background}; --border: #d9dce2;
  --accent: #2f6db5; --warn-bg: #fff6e0; --warn-border: #e0b650; --bad-bg: #fdecec; --bad-border: #d96b6b;
  --row-alt: #f8f9fb; --head: #eef0f4;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #121418; --fg: #e3e6ea; --muted: #a1a7b0; --card: ${dark.background}; --border: #343a45;
    --accent: #7fb0ee; --warn-bg: #33290f; --warn-border: #9c7a24; --bad-bg: #3a1d1f; --bad-border: #a4484d;
    --row-alt: #20242c; --head: #262b34;
  }
}
* { box-sizing: border-box; }
body {
  margin: 0; background: var(--bg); color: var(--fg);
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
}
main { max-width: 1240px; margin: 0 auto; padding: 24px 20px 64px; }
h1 { font-size: 1.7rem; margin: 0 0 4px; }
header p { margin: 0; }
h2 { font-size: 1.35rem; margin: 40px 0 8px; padding-bottom: 4px; border-bottom: 1px solid var(--border); }
h3 { font-size: 1.05rem; margin: 24px 0 6px; }
a { color: var(--accent); }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.9em; }
.muted { color: var(--muted); }
nav.toc { margin: 12px 0 0; display: flex; flex-wrap: wrap; gap: 6px 16px; }
p.verdict { font-size: 1.12rem; margin: 12px 0 4px; }
p.verdict-more { margin: 4px 0; }
p.caveat { color: var(--muted); }
figure.chart.lead { margin-top: 10px; }
.card { background: var(--card); border: 1px solid var(--border); border-radius: 8px; padding: 12px 16px; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; overflow-wrap: anywhere; }
.banner { border-radius: 8px; padding: 10px 14px; margin: 12px 0; border: 1px solid var(--warn-border); background: var(--warn-bg); }
.banner.bad { border-color: var(--bad-border); background: var(--bad-bg); }
tr.bad td { background: var(--bad-bg); }
ul.notes { margin: 6px 0; padding-left: 20px; }
ul.notes li { margin: 3px 0; }
details > summary { cursor: pointer; color: var(--accent); margin: 2px 0 6px 20px; }
details.warnings { background: var(--warn-bg); border: 1px solid var(--warn-border); border-radius: 8px; padding: 8px 14px; margin: 12px 0; }
details.warnings > summary { margin: 0; color: var(--fg); font-weight: 600; }
details.warnings[open] > summary { margin-bottom: 6px; }
figure.chart { margin: 16px 0; background: var(--card); border: 1px solid var(--border); border-radius: 8px; padding: 8px; }
figure.chart svg { display: block; width: 100%; height: auto; max-width: 100%; }
figure.chart figcaption { color: var(--muted); font-size: 0.88rem; padding: 4px 8px 2px; }
${tokenCss('figure.chart svg', 'light')}
@media (prefers-color-scheme: dark) {
${tokenCss('figure.chart svg', 'dark')}
}
.table-wrap { overflow-x: auto; border: 1px solid var(--border); border-radius: 8px; background: var(--card); }
table { border-collapse: collapse; width: 100%; font-size: 0.85rem; }
th, td { padding: 5px 8px; text-align: left; border-bottom: 1px solid var(--border); vertical-align: top; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
td.num, td.name, td.nowrap { white-space: nowrap; }
td .bracket { display: block; font-size: 0.85em; color: var(--muted); }
td code { white-space: nowrap; }
thead th { background: var(--head); position: sticky; top: 0; }
tbody tr:nth-child(even) { background: var(--row-alt); }
tbody tr:last-child td { border-bottom: none; }
table.sortable thead th { cursor: pointer; user-select: none; }
table.sortable thead th::after { content: "\\00a0\\2195"; color: var(--muted); font-size: 0.8em; }
table.sortable thead th[aria-sort="ascending"]::after { content: "\\00a0\\25B2"; color: var(--fg); }
table.sortable thead th[aria-sort="descending"]::after { content: "\\00a0\\25BC"; color: var(--fg); }
table.sortable thead th:focus-visible { outline: 2px solid var(--accent); outline-offset: -2px; }
footer { margin-top: 48px; color: var(--muted); font-size: 0.85rem; }
`;
