import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { scenarioDescriptions } from '../../src/api/selection.js';
import { renderHtml } from '../../src/report/html/page.js';
import { writeMarkdownCharts } from '../../src/report/markdown-charts.js';
import { projectRoot } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';
import { DEFAULT_RUN_RATES, DEFAULT_RUN_UNAVAILABLE, defaultRunResult } from '../helpers/default-run-result.js';
import { REPORT_SCENARIOS, reportResult } from '../helpers/report-result.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = join(projectRoot, 'test-artifacts');
/** A common laptop screen: what a reader sees before scrolling. */
const FIRST_SCREEN = { width: 1400, height: 800 };

async function launch(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    assert.fail(
      `no Chromium at ${CHROMIUM}: this test needs a real browser. Run \`apt-get install -y chromium\` (CI installs it), or set CHROMIUM_PATH to a Chromium binary.`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}

/** The charts each scenario must have, and the target names each must show. */
function expectedCharts(scenario: string): Record<string, string[]> {
  // json: broken failed verification and every express5 trial was invalid; neither is charted.
  const measured = ['node-http', 'fastify', 'koa', ...(scenario === 'json' ? [] : ['express5', 'broken'])];
  return {
    // the ranking first: every measured target against the baseline, which is 100 %
    [`vs-baseline-${scenario}`]: [...measured, '100 %', '95 % bootstrap interval'],
    [`cpu-vs-baseline-${scenario}`]: [...measured, '100 %', 'CPU per request vs baseline'],
    [`throughput-${scenario}`]: [...measured, 'median req/s', 'interval of the median'],
    [`cpu-${scenario}`]: [...measured, 'µs'],
    [`latency-${scenario}`]: [...measured, 'p50', 'p75', 'p90', 'p99', 'p99.9', 'max'],
    [`peak-rss-${scenario}`]: [...measured, 'MB', 'median peak RSS'],
    [`rss-${scenario}`]: [...measured, 'RSS (MB)'],
  };
}

/** The columns of rows.ts the test sorts by, found by what their headers say. */
const TARGET_COLUMN = /^Target$/;
const CPU_COLUMN = /^CPU µs\/req/;
const RATE_COLUMN = /^Req\/s/;

async function columnIndex(page: Page, table: string, column: RegExp): Promise<number> {
  const headers = await page.$$eval(`table[data-table="${table}"] thead th`, (ths) =>
    ths.map((th) => th.textContent!.trim()),
  );
  const index = headers.findIndex((h) => column.test(h));
  assert.ok(index >= 0, `a column ${column} among ${headers.join(' | ')}`);
  return index;
}

async function clickHeader(page: Page, table: string, column: RegExp): Promise<void> {
  await page
    .locator(`table[data-table="${table}"] thead th`)
    .nth(await columnIndex(page, table, column))
    .click();
}

async function headerSort(page: Page, table: string, column: RegExp): Promise<string | null> {
  return page
    .locator(`table[data-table="${table}"] thead th`)
    .nth(await columnIndex(page, table, column))
    .getAttribute('aria-sort');
}

async function columnCells(
  page: Page,
  table: string,
  column: RegExp,
): Promise<Array<{ text: string; key: string | null }>> {
  const index = await columnIndex(page, table, column);
  return page.$$eval(
    `table[data-table="${table}"] tbody tr`,
    (rows, i) =>
      rows.map((row) => ({
        text: (row as HTMLTableRowElement).cells[i].textContent!.trim(),
        key: (row as HTMLTableRowElement).cells[i].getAttribute('data-sort'),
      })),
    index,
  );
}

const columnTexts = async (page: Page, table: string, column: RegExp) =>
  (await columnCells(page, table, column)).map((c) => c.text);
const columnKeys = async (page: Page, table: string, column: RegExp) =>
  (await columnCells(page, table, column)).map((c) => Number(c.key));

const sortedCopy = <T>(values: T[], compare: (a: T, b: T) => number) => [...values].sort(compare);

test('the HTML report: one self-contained file whose charts, notes and sortable tables work in a browser', async () => {
  const result = reportResult();
  const html = renderHtml(result, scenarioDescriptions(result.plan.suite));
  const file = join(tempDir('html-report'), 'report.html');
  writeFileSync(file, html);

  // Self-contained: no external scripts, styles, images or fonts.
  assert.doesNotMatch(html, /<(script|img|iframe|link)\b[^>]*\b(src|href)=/i, 'nothing is loaded from elsewhere');
  assert.doesNotMatch(
    html,
    /url\((?!#)|@import/i,
    'styles fetch nothing (url() only points at clip paths in the page)',
  );
  for (const match of html.matchAll(/\b(?:src|href)="([^"]*)"/g)) {
    assert.ok(
      match[1].startsWith('#') || /^https?:\/\/example\.org\//.test(match[1]),
      `only in-page anchors and target homepages are linked: ${match[1]}`,
    );
  }

  const browser = await launch();
  try {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await browser.newPage({ colorScheme, viewport: { width: 1280, height: 900 } });
      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const url = pathToFileURL(file).href;
      await page.goto(url, { waitUntil: 'load' });

      // Every chart is there, drawn, and names what it should.
      const charts = await page.$$eval('[data-chart]', (els) =>
        els.map((el) => ({
          id: el.getAttribute('data-chart')!,
          shapes: el.querySelectorAll('svg path, svg text').length,
          text: el.querySelector('svg')?.textContent ?? '',
        })),
      );
      const ids = charts.map((c) => c.id);
      for (const scenario of REPORT_SCENARIOS) {
        for (const [id, names] of Object.entries(expectedCharts(scenario))) {
          const chart = charts.find((c) => c.id === id);
          assert.ok(chart, `chart ${id} is on the page (found: ${ids.join(', ')})`);
          assert.ok(chart.shapes > 10, `chart ${id} has drawn shapes`);
          for (const name of names) assert.ok(chart.text.includes(name), `chart ${id} shows "${name}"`);
          assert.ok(!chart.text.includes('mion'), `chart ${id} leaves out the unavailable target`);
        }
      }
      assert.ok(
        !charts.find((c) => c.id === 'throughput-json')!.text.includes('broken'),
        'a target that failed verification is not charted',
      );
      assert.ok(
        !charts.find((c) => c.id === 'throughput-json')!.text.includes('express5'),
        'an all-invalid cell is not drawn as a bar',
      );
      assert.ok(
        charts.find((c) => c.id === 'throughput-text')!.text.includes('node-http (baseline)'),
        'the baseline is marked',
      );
      assert.ok(
        charts.find((c) => c.id === 'throughput-param')!.text.includes('fastify *'),
        'a flagged cell is marked',
      );
      assert.match(
        charts.find((c) => c.id === 'throughput-text')!.text,
        /\d{2},\d{3}/,
        'req/s are printed with thousands separators',
      );
      assert.ok(
        charts.find((c) => c.id === 'throughput-text')!.text.includes('interval of the median (75 % confidence)'),
        'the whiskers say what they are',
      );
      assert.ok(
        charts.find((c) => c.id === 'throughput-param')!.text.includes('(≥ 50 % confidence)'),
        'a cell with fewer repeats lowers the stated confidence',
      );
      assert.match(
        charts.find((c) => c.id === 'cpu-text')!.text,
        /\d+\.\d µs/,
        'CPU per request is printed as 12.1 µs',
      );

      // Chart text follows the colour scheme (the page CSS re-colours the neutral tokens).
      const axisColour = await page.$eval('[data-chart="throughput-text"] svg text', (el) => getComputedStyle(el).fill);
      const [r, g, b] = axisColour.match(/\d+/g)!.map(Number);
      const light = (r + g + b) / 3;
      assert.ok(colorScheme === 'dark' ? light > 150 : light < 110, `${colorScheme} chart text is ${axisColour}`);

      // The run summary, environment and problems, in words.
      // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText is the rendered text a reader sees
      const body = await page.locator('body').innerText();
      for (const words of [
        'Run summary',
        'Environment',
        'autocannon',
        '0123456789abcdef',
        'fastify@5.12.8',
        'server on core 0',
        'mion was not run',
        'broken gave a wrong answer to GET /json (scenario json) in rounds 1, 2, 3',
        'express5 / json: every trial was invalid',
        'server exited',
        'GET / answers 200',
      ]) {
        assert.ok(body.includes(words), `the page says "${words}"`);
      }

      if (colorScheme === 'light') {
        // Sorting: the table starts best req/s first; a click on a header sorts by that column, another reverses it.
        const table = 'results-text';
        const before = await columnTexts(page, table, TARGET_COLUMN);
        await clickHeader(page, table, TARGET_COLUMN);
        const byName = await columnTexts(page, table, TARGET_COLUMN);
        assert.notDeepEqual(byName, before, 'clicking Target changed the order');
        assert.deepEqual(
          byName,
          sortedCopy(byName, (a, b) => a.localeCompare(b, 'en', { numeric: true })),
          'rows are in name order',
        );
        assert.equal(await headerSort(page, table, TARGET_COLUMN), 'ascending');

        await clickHeader(page, table, CPU_COLUMN);
        const cpuUp = await columnKeys(page, table, CPU_COLUMN);
        assert.ok(cpuUp.every(Number.isFinite), 'CPU cells carry their raw value');
        assert.deepEqual(
          cpuUp,
          sortedCopy(cpuUp, (a, b) => a - b),
          'CPU µs/req ascending',
        );
        assert.notDeepEqual(await columnTexts(page, table, TARGET_COLUMN), byName);
        await clickHeader(page, table, CPU_COLUMN);
        const cpuDown = await columnKeys(page, table, CPU_COLUMN);
        assert.deepEqual(
          cpuDown,
          sortedCopy(cpuDown, (a, b) => b - a),
          'CPU µs/req descending on the second click',
        );
        assert.equal(await headerSort(page, table, CPU_COLUMN), 'descending');

        await clickHeader(page, table, RATE_COLUMN);
        const rates = (await columnTexts(page, table, RATE_COLUMN)).map((t) =>
          Number(t.split(' ')[0].replace(/,/g, '')),
        );
        assert.deepEqual(
          rates,
          sortedCopy(rates, (a, b) => a - b),
          'req/s sort as numbers, not as text',
        );
        await clickHeader(page, table, RATE_COLUMN);
        const ratesDown = (await columnTexts(page, table, RATE_COLUMN)).map((t) =>
          Number(t.split(' ')[0].replace(/,/g, '')),
        );
        assert.deepEqual(
          ratesDown,
          sortedCopy(rates, (a, b) => b - a),
          'and back to best first',
        );
      }

      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({
        path: join(ARTIFACTS, colorScheme === 'light' ? 'html-report.png' : 'html-report-dark.png'),
        fullPage: true,
      });

      assert.deepEqual(errors, [], 'no script errors');
      assert.deepEqual(
        requests.filter((r) => r !== url),
        [],
        'the page requested nothing but its own file',
      );
      assert.ok(requests.includes(url));
      await page.close();
    }
  } finally {
    await browser.close();
  }
});

test('the HTML report opens with the answer: a verdict, then the ranking chart, within the first screen', async () => {
  const result = defaultRunResult();
  const file = join(tempDir('html-first-screen'), 'report.html');
  writeFileSync(file, renderHtml(result, scenarioDescriptions(result.plan.suite)));
  const browser = await launch();
  try {
    const page = await browser.newPage({ viewport: FIRST_SCREEN });
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });

    const chart = page.locator('[data-chart="vs-baseline-json"]');
    assert.equal(await chart.count(), 1, 'the ranking is drawn once, at the top');
    const box = (await chart.boundingBox())!;
    assert.ok(
      box.y >= 0 && box.y + box.height <= FIRST_SCREEN.height,
      `the ranking chart, caption included, lies within the first ${FIRST_SCREEN.height} px: ${box.y}–${box.y + box.height}`,
    );
    const drawn = (await chart.locator('svg').textContent()) ?? '';
    for (const target of Object.keys(DEFAULT_RUN_RATES)) assert.ok(drawn.includes(target), `the chart shows ${target}`);

    const verdict = page.locator('p.verdict');
    assert.ok(await verdict.isVisible(), 'the verdict is shown');
    const verdictBox = (await verdict.boundingBox())!;
    assert.ok(verdictBox.y >= 0 && verdictBox.y + verdictBox.height <= box.y, 'the verdict stands above the chart');
    const words = ((await verdict.textContent()) ?? '').replace(/\u00a0/g, ' ');
    assert.match(words, /^\S+ (\(flagged [^)]+\) )?leads the json scenario at \d+ % of node-http's req\/s/);
    assert.match(
      words,
      new RegExp(
        `${Object.keys(DEFAULT_RUN_RATES).length} targets ranked, ${DEFAULT_RUN_UNAVAILABLE.length} not measured\\.$`,
      ),
    );
    const caveat = page.locator('p.caveat');
    assert.ok(await caveat.isVisible(), 'the noise the run warned of is said beside the verdict');
    assert.match((await caveat.textContent()) ?? '', /noisy-ratios/);

    // The details follow the chart; the warnings are folded, their count and kinds on the summary line.
    const warnings = page.locator('details.warnings');
    assert.equal(await warnings.getAttribute('open'), null, 'the warnings start folded');
    const warningsBox = (await warnings.boundingBox())!;
    assert.ok(warningsBox.y > box.y + box.height, 'the warnings come after the ranking');
    const listed = result.warnings.filter((w) => !['unavailable', 'verification', 'failed-trial'].includes(w.kind));
    const summaryLine = ((await warnings.locator('summary').textContent()) ?? '').trim();
    assert.ok(summaryLine.startsWith(`${listed.length} warnings:`), summaryLine);
    for (const kind of new Set(listed.map((w) => w.kind)))
      assert.ok(summaryLine.includes(kind), `the summary line names ${kind}`);
    const noisy = warnings.locator('li', { hasText: 'ratios to the baseline carry' });
    assert.equal(await noisy.isVisible(), false);

    await page.screenshot({ path: '/tmp/html-first-screen.png' });
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, 'html-first-screen.png') });

    await warnings.locator('summary').click();
    assert.ok(await noisy.isVisible(), 'a click unfolds the warnings');
  } finally {
    await browser.close();
  }
});

test('Markdown charts: SVG files beside the report, linked by relative paths', () => {
  const result = reportResult();
  const dir = tempDir('md-charts');
  const markdown = writeMarkdownCharts(result, dir);
  const files = readdirSync(dir).sort();
  assert.deepEqual(
    files,
    REPORT_SCENARIOS.flatMap((s) => [
      `chart-cpu-${s}.svg`,
      `chart-throughput-${s}.svg`,
      `chart-vs-baseline-${s}.svg`,
    ]).sort(),
  );
  const links = [...markdown.matchAll(/!\[[^\]]+\]\(([^)]+)\)/g)].map((m) => m[1]);
  assert.deepEqual(links.sort(), files, 'every file is shown, by a relative path');
  for (const file of files) {
    const svg = readFileSync(join(dir, file), 'utf8');
    assert.match(svg, /^<\?xml[^>]*>\n<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    assert.ok(svg.trimEnd().endsWith('</svg>'));
    assert.match(svg, /prefers-color-scheme: dark/, 'the file follows a dark reader');
    assert.ok(svg.includes('node-http (baseline)'));
    assert.doesNotMatch(svg, /style="[^"]*font-family:[^";]*"[^>]*"/, 'no stray quote breaks a style attribute');
  }
});
