// The HTML report of a small real run, opened in headless Chromium (Debian's package, driven by
// playwright-core): the page must load with no network, draw its plots and the pair table, sort
// and filter the table, and show a pair's trace and state graph when the pair is clicked. With
// UPDATE_SCREENSHOT=1 the screenshot it takes becomes the README's picture of the report
// (results/report.png); otherwise it goes to a temporary folder, so a test run changes no file.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stcheck } from '../support/cli.js';
import { HAVE_CORPUS, REPO_ROOT } from '../support/corpus.js';
import { smallRun } from '../support/small-run.js';

const CHROMIUM = '/usr/bin/chromium';
const HAVE_CHROMIUM = existsSync(CHROMIUM);
const SCREENSHOT = process.env.UPDATE_SCREENSHOT === '1' ? join(REPO_ROOT, 'results', 'report.png') : join(mkdtempSync(join(tmpdir(), 'stcheck-report-')), 'report.png');
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

if (!HAVE_CHROMIUM) process.stderr.write(`note: ${CHROMIUM} is missing (apt-get install chromium): the HTML report's browser test is skipped\n`);

describe.skipIf(!HAVE_CORPUS || !HAVE_CHROMIUM)('the HTML report in headless Chromium', () => {
  let report: string;
  let context: BrowserContext;
  let page: Page;
  const requests: string[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    const { db } = await smallRun();
    report = join(db, '..', 'report.html');
    const run = stcheck('html', '--db', db, '-o', report);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^.*report\.html: run 1, 12 pairs\n$/);
    expect(run.code).toBe(0);
    context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'stcheck-chromium-')), {
      executablePath: CHROMIUM, headless: true, args: FLAGS, viewport: { width: 1280, height: 900 },
    });
    page = await context.newPage();
    page.on('request', (request) => requests.push(request.url()));
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
    await page.goto(`file://${report}`);
  });

  afterAll(async () => {
    await context?.close();
  });

  it('is one file that loads nothing else and runs without errors', () => {
    expect(requests).toEqual([`file://${report}`]);
    expect(errors).toEqual([]);
    expect(readFileSync(report, 'utf8')).not.toMatch(/<script[^>]+src=|<link[^>]+href=/);
  });

  it('shows the run summary and the four plots', async () => {
    await expect(page.locator('#summary dl.facts dt').allTextContents()).resolves.toEqual(expect.arrayContaining(['run', 'wall time', 'corpus', 'time budget', 'modes']));
    // The run's options read as words, not as the JSON the store keeps.
    const facts = Object.fromEntries(await page.locator('#summary dl.facts dt').evaluateAll((dts) => dts.map((dt) => [dt.textContent, dt.nextElementSibling?.textContent])));
    expect(facts).toMatchObject({ 'time budget': '20 s per pair and mode', modes: 'DPOR, no DPOR', groups: 'all', 'heap budget': '1024 MB per pair and mode' });
    for (const value of Object.values(facts)) expect(value).not.toMatch(/^[[{"]/);
    expect(await page.locator('table.verdicts tr').count()).toBe(1 + 2 * 2);
    for (const id of ['plot-states', 'plot-time', 'plot-speedup', 'plot-verdicts']) {
      expect(await page.locator(`#${id} svg`).count(), id).toBeGreaterThan(0);
    }
    // One point per pair on the states plot: the 12 ordered pairs all finished both ways.
    expect(await page.locator('#plot-states svg g[aria-label="dot"] path, #plot-states svg g[aria-label="dot"] circle').count()).toBe(12);
    expect(await page.locator('#plot-verdicts svg g[aria-label="bar"] rect').count()).toBeGreaterThan(0);
  });

  it('fits the pair table with all its columns in a 1280 px window, verdicts in their colours', async () => {
    const fit = await page.evaluate(() => {
      const box = document.getElementById('pairs')!;
      const headers = Array.from(document.querySelectorAll('table.pairs th')).map((th) => th.getBoundingClientRect().right);
      return { overflow: box.scrollWidth - box.clientWidth, rightmost: Math.max(...headers), window: document.documentElement.clientWidth, columns: headers.length };
    });
    expect(fit.columns).toBe(11);
    expect(fit.overflow).toBeLessThanOrEqual(0);
    expect(fit.rightmost).toBeLessThanOrEqual(fit.window);
    // The same colour for a verdict in the table and the plot: red for a conflict, green for none.
    const conflictCell = page.locator('table.pairs td.verdict-conflict').first();
    await expect(conflictCell.evaluate((td) => getComputedStyle(td).color)).resolves.toBe('rgb(214, 39, 40)');
    const fills = await page.locator('#plot-verdicts svg g[aria-label="bar"] rect').evaluateAll((rects) => [...new Set(rects.map((r) => r.getAttribute('fill')))]);
    expect(fills).toContain('#d62728');
    const verdictCells = await page.locator('table.pairs td.verdict').evaluateAll((tds) => tds.map((td) => [td.textContent, getComputedStyle(td).color]));
    const colourOf = Object.fromEntries(verdictCells);
    expect(colourOf).toMatchObject({ conflict: 'rgb(214, 39, 40)' });
    if (colourOf['no-conflict']) expect(colourOf['no-conflict']).toBe('rgb(44, 160, 44)');
  });

  it('lists every pair, sorts by a column and filters by name', async () => {
    const rows = page.locator('table.pairs tr.pair');
    expect(await rows.count()).toBe(12);
    await page.locator('table.pairs th', { hasText: /^states \(DPOR\)$/ }).click();
    const states = (await page.locator('table.pairs tr.pair td:nth-child(7)').allTextContents()).map(Number);
    expect(states).toEqual([...states].sort((a, b) => a - b));
    expect(states[0]).toBeLessThan(states.at(-1)!);
    await page.fill('#pair-filter', 'nfc');
    expect(await rows.count()).toBe(4);
    await expect(page.locator('#pair-count').textContent()).resolves.toBe('4 of 12 pairs');
  });

  it("shows a pair's trace and its state graph with the conflict's path when the pair is clicked", async () => {
    const pair = page.locator('table.pairs tr.pair', { has: page.locator('td:nth-child(2)', { hasText: /^enhanced-auto-lock-door$/ }) })
      .filter({ has: page.locator('td:nth-child(3)', { hasText: /^nfc-tag-toggle$/ }) });
    expect(await page.locator('tr.details').count()).toBe(0);
    await pair.click();
    const details = page.locator('tr.details');
    await expect(details.locator('pre.trace').first().textContent()).resolves.toContain('event touchSensor0.nfcTouch = touched (manual)');
    await expect(details.locator('pre.trace mark').allTextContents()).resolves.toEqual(expect.arrayContaining([
      expect.stringContaining('write lock0.lock = unlocked [line 66]   <== conflicting write'),
      expect.stringContaining('write lock0.lock = locked (manual) [line 131]   <== overridden write'),
    ]));
    const graphs = details.locator('figure.state-graph');
    expect(await graphs.count()).toBe(2);
    await expect(graphs.first().locator('figcaption').textContent()).resolves.toMatch(/^explored state graph, DPOR: 10 states; in red the path to lock0\.lock: /);
    expect(await graphs.first().locator('svg [stroke="crimson"]').count()).toBeGreaterThan(0);
    // A trace box has a bounded height and scrolls (an endless cascade's trace would be thousands of lines).
    const box = await details.locator('pre.trace').first().evaluate((pre) => ({ maxHeight: getComputedStyle(pre).maxHeight, overflowY: getComputedStyle(pre).overflowY }));
    expect(box.maxHeight).not.toBe('none');
    expect(parseFloat(box.maxHeight)).toBeLessThanOrEqual(600);
    expect(box.overflowY).toBe('auto');
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    await pair.click();
    expect(await page.locator('tr.details').count()).toBe(0);
  });
});
