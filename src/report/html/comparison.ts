/** The A/B section of an `ab` run's page: both versions side by side with each figure's verdict. */
import { changeWithInterval, comparisonMethod, type ComparisonReport } from '../comparison-render.js';
import { FIGURES } from '../../compare/figures.js';
import { esc } from './escape.js';

export function comparisonSection(report: ComparisonReport): string {
  const rows = report.cells.map((cell) => {
    const figure = FIGURES.find((f) => f.key === cell.figure)!;
    const tone = cell.regression ? 'bad' : cell.verdict === 'better' ? 'good' : '';
    return (
      `<tr class="${tone}"><td>${esc(cell.scenario)}</td><td>${esc(cell.figureLabel)}</td>` +
      `<td class="num">${esc(figure.format(cell.medianA))}</td><td class="num">${esc(figure.format(cell.medianB))}</td>` +
      `<td class="num">${esc(changeWithInterval(cell))}</td>` +
      `<td class="num">${cell.pValue < 0.001 ? '&lt;0.001' : cell.pValue.toFixed(3)}</td>` +
      `<td>${cell.regression ? '<strong>REGRESSION:</strong> ' : ''}${esc(cell.verdictWords)}</td></tr>`
    );
  });
  const regressions = report.cells.filter((c) => c.regression).length;
  const threshold = `${(report.thresholdShare * 100).toFixed(1)} %`;
  return [
    '<section id="ab"><h2>A/B verdicts</h2>',
    `<p><strong>A</strong> = <code>${esc(report.before)}</code>, <strong>B</strong> = <code>${esc(report.after)}</code>, ${
      report.title.startsWith('gauntlet ab')
        ? 'measured interleaved in this run'
        : 'two saved runs; the rest of this page is B'
    }.</p>`,
    `<p class="banner ${regressions ? 'bad' : ''}">${
      regressions
        ? `${regressions} regression(s) beyond ${threshold} in ${esc(report.gated.join(', '))}.`
        : `No regression beyond ${threshold} in ${esc(report.gated.join(', '))} that the data can show.`
    }</p>`,
    '<table data-table="ab"><thead><tr><th>scenario</th><th>figure</th><th>A</th><th>B</th><th>change [95 % interval]</th><th>p</th><th>verdict</th></tr></thead>',
    `<tbody>${rows.join('')}</tbody></table>`,
    ...report.warnings.map((w) => `<p class="banner bad">${esc(w)}</p>`),
    `<p class="muted">${esc(comparisonMethod(report))}</p>`,
    '</section>',
  ].join('\n');
}
