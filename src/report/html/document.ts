/** The frame every HTML report shares: head, styles, the sorting script and the footer. */
import type { Result } from '../../model/schema.js';
import { esc } from './escape.js';
import { SORT_SCRIPT } from './script.js';
import { STYLES } from './styles.js';

export function reportFooter(result: Result): string {
  return `<footer>Written by gauntlet ${esc(result.environment.gauntletVersion)} from run ${esc(result.id)}. Charts drawn with Apache ECharts, rendered to SVG when the report was written.</footer>`;
}

/** One self-contained page of a run's result around the body's sections (empty ones dropped). */
export function htmlDocument(result: Result, body: string[]): string {
  return htmlPage(`gauntlet ${result.plan.suite}: ${result.id}`, body);
}

/** One self-contained page titled `title` around the body's sections (empty ones dropped). */
export function htmlPage(title: string, body: string[]): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark">',
    `<title>${esc(title)}</title>`,
    `<style>${STYLES}</style>`,
    '</head>',
    '<body>',
    '<main>',
    ...body.filter(Boolean),
    '</main>',
    `<script>${SORT_SCRIPT}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
