/// <reference lib="dom" />
// The report's browser script, bundled with Observable Plot into the page at build time (see
// scripts/report-client.mjs): reads the run's data from the page and draws the summary, the
// plots, the sortable and filterable pair table, and each pair's conflicts and state graphs.
import * as Plot from '@observablehq/plot';
import { MODES, VERDICTS, type Mode, type Verdict } from '../../results/types.js';
import type { ModeEntry, PairEntry, ReportData } from '../report-data.js';
import type { StateGraph } from '../state-graph.js';

const MODE_LABEL: Record<Mode, string> = { dpor: 'DPOR', nodpor: 'no DPOR' };
/** One colour per verdict, the same in the plots and the table. */
const VERDICT_COLOURS: Record<Verdict, string> = {
  conflict: '#d62728',
  'no-conflict': '#2ca02c',
  timeout: '#ff7f0e',
  'state-limit': '#e6ab02',
  'out-of-memory': '#9467bd',
  unsupported: '#7f7f7f',
  'parse-error': '#8c564b',
  error: '#444444',
};
const PLOT_WIDTH = 560;
/** Room for the facet labels (the mode) right of faceted plots. */
const FACET_MARGIN = 70;

function main(): void {
  const data = JSON.parse(document.getElementById('report-data')!.textContent!) as ReportData;
  renderSummary(data);
  renderPlots(data.pairs);
  new PairTable(data.pairs, document.getElementById('pairs')!).render();
  openLinkedPair();
}

/** A link to `report.html#pair-N` opens that pair's details. */
function openLinkedPair(): void {
  const row = location.hash.startsWith('#pair-') ? document.getElementById(location.hash.slice(1)) : null;
  row?.click();
  row?.scrollIntoView();
}

// ---- summary ---------------------------------------------------------------------------------

function renderSummary(data: ReportData): void {
  const summary = document.getElementById('summary')!;
  const facts: Array<[string, string]> = [
    ['run', `${data.run.id} (${data.run.command})`],
    ['started', data.run.startedAt],
    ['wall time', data.seconds === null ? 'unfinished' : `${data.seconds.toFixed(1)} s`],
    ['stcheck', data.run.toolVersion],
    ['store', data.db],
    ...Object.entries((data.run.config ?? {}) as Record<string, unknown>).map(([key, value]): [string, string] => configFact(key, value)),
  ];
  summary.append(definitionList(facts), verdictTable(data));
}

/** The run's options for people: a label and a plain value for each (the store keeps them as JSON). */
const CONFIG_FACTS: Record<string, [string, (v: unknown) => string]> = {
  corpus: ['corpus', String],
  lists: ['app lists', (v) => (v === null ? 'none: automatic groups by actuated capability' : String(v))],
  groups: ['groups', (v) => (Array.isArray(v) && v.length > 0 ? v.join(', ') : 'all')],
  modes: ['modes', (v) => (Array.isArray(v) ? v.map((m) => MODE_LABEL[m as Mode] ?? String(m)).join(', ') : String(v))],
  budgetS: ['time budget', (v) => `${v} s per pair and mode`],
  memoryMb: ['heap budget', (v) => `${v} MB per pair and mode`],
  maxStates: ['state limit', (v) => (v === null ? 'none' : `${v} states`)],
  prefilter: ['prefilter', (v) => (v ? 'on: pairs that can write no tracked attribute in common are decided without a search' : 'off')],
  firstConflict: ['first conflict', (v) => (v ? 'each search stops at its first conflict' : 'every conflict')],
  pairs: ['explicit pairs', (v) => (Array.isArray(v) ? `${v.reduce((n, g: { pairs?: unknown[] }) => n + (g.pairs?.length ?? 0), 0)} pairs in ${v.length} groups` : String(v))],
};

function configFact(key: string, value: unknown): [string, string] {
  const known = CONFIG_FACTS[key];
  if (known) return [known[0], known[1](value)];
  return [key, typeof value === 'string' ? value : Array.isArray(value) ? value.join(', ') : String(value)];
}

function definitionList(facts: ReadonlyArray<[string, string]>): HTMLElement {
  const dl = element('dl', { className: 'facts' });
  for (const [term, value] of facts) dl.append(element('dt', { textContent: term }), element('dd', { textContent: value }));
  return dl;
}

function verdictTable(data: ReportData): HTMLElement {
  const verdicts = [...new Set(data.groups.flatMap((g) => MODES.flatMap((m) => Object.keys(g.verdicts[m] ?? {}))))].sort();
  const table = element('table', { className: 'verdicts' });
  table.append(row('th', ['group', 'pairs', 'mode', ...verdicts]));
  for (const g of data.groups) {
    for (const mode of MODES.filter((m) => g.verdicts[m])) {
      table.append(row('td', [g.group, String(g.pairs), MODE_LABEL[mode], ...verdicts.map((v) => String(g.verdicts[mode]![v] ?? 0))]));
    }
  }
  return table;
}

// ---- plots -----------------------------------------------------------------------------------

function renderPlots(pairs: readonly PairEntry[]): void {
  const bothModes = pairs.filter((p) => p.modes.dpor && p.modes.nodpor);
  const needsBoth = 'This plot compares the two modes: it needs a run with --mode both.';
  show('plot-states', bothModes.length > 0 ? statesPlot(bothModes) : note(needsBoth));
  show('plot-time', timePlot(pairs));
  show('plot-speedup', bothModes.some((p) => p.speedup !== null) ? speedupPlot(bothModes) : note(needsBoth));
  show('plot-verdicts', verdictPlot(pairs));
}

function show(id: string, plot: Element): void {
  document.getElementById(id)!.append(plot);
}

function note(text: string): Element {
  return element('p', { className: 'note', textContent: text });
}

const pairName = (p: PairEntry) => `${p.app1} × ${p.app2} (${p.group})`;

/** The paper's claim at a glance: every point below the diagonal is a pair DPOR explored with fewer states. */
function statesPlot(pairs: readonly PairEntry[]): Element {
  const points = pairs.filter((p) => (p.modes.dpor?.states ?? 0) > 0 && (p.modes.nodpor?.states ?? 0) > 0);
  const max = Math.max(1, ...points.flatMap((p) => [p.modes.dpor!.states!, p.modes.nodpor!.states!]));
  return Plot.plot({
    width: PLOT_WIDTH,
    height: PLOT_WIDTH * 0.8,
    grid: true,
    x: { type: 'log', label: 'states without DPOR', domain: [1, max * 1.5] },
    y: { type: 'log', label: 'states with DPOR', domain: [1, max * 1.5] },
    color: { legend: true, type: 'categorical' },
    symbol: { legend: true, domain: ['finished both ways', 'unfinished in a mode'] },
    marks: [
      Plot.line([[1, 1], [max * 1.5, max * 1.5]], { stroke: '#999', strokeDasharray: '4 3' }),
      Plot.dot(points, {
        x: (p: PairEntry) => p.modes.nodpor!.states,
        y: (p: PairEntry) => p.modes.dpor!.states,
        stroke: 'group',
        symbol: (p: PairEntry) => (p.modes.dpor!.complete && p.modes.nodpor!.complete ? 'finished both ways' : 'unfinished in a mode'),
        r: 4,
        channels: { pair: pairName },
        tip: true,
      }),
    ],
  });
}

interface ModeTime { mode: string; ms: number; pair: string }

/** Per-pair time in each mode, binned on a log scale (a run's times span orders of magnitude). */
function timePlot(pairs: readonly PairEntry[]): Element {
  const times: ModeTime[] = pairs.flatMap((p) => MODES.filter((m) => p.modes[m]?.ms != null).map((m) => ({ mode: MODE_LABEL[m], ms: Math.max(p.modes[m]!.ms!, 1), pair: pairName(p) })));
  return Plot.plot({
    width: PLOT_WIDTH,
    height: 260,
    x: { label: 'time per pair (ms, log scale)', tickFormat: powerOf(10, ' ms') },
    y: { label: 'pairs', grid: true },
    fy: { label: null },
    marginRight: FACET_MARGIN,
    color: { legend: true },
    marks: [
      Plot.rectY(times, Plot.binX<Plot.RectYOptions>({ y: 'count' }, { x: (t: ModeTime) => Math.log10(t.ms), fy: 'mode', fill: 'mode', interval: 0.25, tip: true })),
      Plot.ruleY([0]),
    ],
  });
}

/** No-DPOR time over DPOR time per pair, binned on a log scale; right of 1× DPOR was faster. */
function speedupPlot(pairs: readonly PairEntry[]): Element {
  const speedups = pairs.filter((p) => p.speedup !== null).map((p) => ({ log2: Math.log2(p.speedup!), pair: pairName(p) }));
  return Plot.plot({
    width: PLOT_WIDTH,
    height: 220,
    x: { label: 'speedup: no-DPOR time / DPOR time (log scale)', tickFormat: powerOf(2, '×') },
    y: { label: 'pairs', grid: true },
    marks: [
      Plot.rectY(speedups, Plot.binX<Plot.RectYOptions>({ y: 'count' }, { x: 'log2', interval: 0.5, fill: 'steelblue', tip: true })),
      Plot.ruleX([0], { stroke: '#333', strokeDasharray: '4 3' }),
      Plot.ruleY([0]),
    ],
  });
}

function verdictPlot(pairs: readonly PairEntry[]): Element {
  const results = pairs.flatMap((p) => MODES.filter((m) => p.modes[m]).map((m) => ({ group: p.group, mode: MODE_LABEL[m], verdict: p.modes[m]!.verdict })));
  return Plot.plot({
    width: PLOT_WIDTH,
    height: 80 + 28 * new Set(pairs.map((p) => p.group)).size * 2,
    marginLeft: 130,
    x: { label: 'results', grid: true },
    y: { label: null },
    fy: { label: null },
    marginRight: FACET_MARGIN,
    // The verdicts in a fixed order with their fixed colours, only those present.
    color: { legend: true, ...verdictScale(VERDICTS.filter((v) => results.some((r) => r.verdict === v))) },
    marks: [Plot.barX(results, Plot.groupY({ x: 'count' }, { y: 'group', fy: 'mode', fill: 'verdict', tip: true }))],
  });
}

/** A colour scale of verdicts: red for a conflict, green for none, warm for unfinished, greys for failures. */
function verdictScale(verdicts: readonly Verdict[]): { domain: Verdict[]; range: string[] } {
  return { domain: [...verdicts], range: verdicts.map((v) => VERDICT_COLOURS[v]) };
}

/** Axis labels for a log-binned axis: the value whose logarithm the tick is. */
function powerOf(base: number, unit: string): (exponent: number) => string {
  return (exponent) => `${Number((base ** exponent).toPrecision(2))}${unit}`;
}

function stateGraphPlot(graph: StateGraph): Element {
  const at = new Map(graph.nodes.map((n) => [n.id, n]));
  // Edges on the conflict's path last, so they are drawn over the others.
  const edges = [...graph.edges].sort((a, b) => Number(a.onPath) - Number(b.onPath));
  const columns = Math.max(...graph.nodes.map((n) => n.x)) + 1;
  const rows = Math.max(...graph.nodes.map((n) => n.y)) + 1;
  return Plot.plot({
    width: Math.min(PLOT_WIDTH, 90 * columns + 60),
    height: Math.max(120, 34 * rows + 40),
    axis: null,
    inset: 16,
    marks: [
      Plot.arrow(edges, {
        x1: (e) => at.get(e.src)!.x, y1: (e) => at.get(e.src)!.y, x2: (e) => at.get(e.dst)!.x, y2: (e) => at.get(e.dst)!.y,
        stroke: (e) => (e.onPath ? 'crimson' : '#bbb'), strokeWidth: (e) => (e.onPath ? 2.5 : 1), bend: true, inset: 7, title: 'event',
      }),
      Plot.dot(graph.nodes, {
        x: 'x', y: 'y', r: 6, stroke: (n) => (n.onPath ? 'crimson' : '#555'),
        fill: (n) => (n.initial ? '#555' : n.onPath ? '#fbb' : 'white'), title: (n) => `state ${n.id}${n.initial ? ' (initial)' : ''}`, tip: true,
      }),
    ],
  });
}

// ---- the pair table --------------------------------------------------------------------------

interface Column {
  label: string;
  value: (p: PairEntry) => string | number | null;
  format?: (v: number) => string;
  /** The cell holds a verdict: coloured as the plots colour it. */
  verdict?: boolean;
}

const stat = (mode: Mode, key: keyof ModeEntry) => (p: PairEntry) => (p.modes[mode]?.[key] ?? null) as number | string | null;
const COLUMNS: Column[] = [
  { label: 'group', value: (p) => p.group },
  { label: 'App1', value: (p) => p.app1 },
  { label: 'App2', value: (p) => p.app2 },
  { label: 'DPOR', value: stat('dpor', 'verdict'), verdict: true },
  { label: 'no DPOR', value: stat('nodpor', 'verdict'), verdict: true },
  { label: 'states (no DPOR)', value: stat('nodpor', 'states') },
  { label: 'states (DPOR)', value: stat('dpor', 'states') },
  { label: 'ms (no DPOR)', value: stat('nodpor', 'ms') },
  { label: 'ms (DPOR)', value: stat('dpor', 'ms') },
  { label: 'speedup', value: (p) => p.speedup, format: (v) => `${v.toFixed(2)}×` },
  { label: 'conflicts', value: (p) => p.conflicts.length },
];

class PairTable {
  private sortColumn = 0;
  private ascending = true;
  private filter = '';
  private verdict = '';
  private readonly tbody = element('tbody');

  constructor(private readonly pairs: readonly PairEntry[], private readonly container: HTMLElement) {}

  render(): void {
    const table = element('table', { className: 'pairs' });
    const head = element('thead');
    head.append(this.headerRow());
    table.append(head, this.tbody);
    this.container.append(this.controls(), table);
    this.fill();
  }

  private controls(): HTMLElement {
    const search = element('input', { type: 'search', placeholder: 'filter by app or group', id: 'pair-filter' });
    search.addEventListener('input', () => { this.filter = search.value.toLowerCase(); this.fill(); });
    const verdicts = [...new Set(this.pairs.flatMap((p) => MODES.map((m) => p.modes[m]?.verdict).filter((v) => v !== undefined)))].sort();
    const select = element('select', { id: 'verdict-filter' });
    select.append(element('option', { value: '', textContent: 'any verdict' }), ...verdicts.map((v) => element('option', { value: v, textContent: v })));
    select.addEventListener('change', () => { this.verdict = select.value; this.fill(); });
    const bar = element('div', { className: 'controls' });
    bar.append(search, select, element('span', { id: 'pair-count' }));
    return bar;
  }

  private headerRow(): HTMLElement {
    const tr = element('tr');
    COLUMNS.forEach((column, i) => {
      const th = element('th', { textContent: column.label, title: 'sort' });
      th.addEventListener('click', () => {
        this.ascending = this.sortColumn === i ? !this.ascending : true;
        this.sortColumn = i;
        this.fill();
      });
      tr.append(th);
    });
    return tr;
  }

  private visible(): PairEntry[] {
    const matches = (p: PairEntry) => (this.filter === '' || `${p.group} ${p.app1} ${p.app2}`.toLowerCase().includes(this.filter))
      && (this.verdict === '' || MODES.some((m) => p.modes[m]?.verdict === this.verdict));
    const value = COLUMNS[this.sortColumn].value;
    return this.pairs.filter(matches).sort((a, b) => compare(value(a), value(b)) * (this.ascending ? 1 : -1));
  }

  private fill(): void {
    const shown = this.visible();
    this.tbody.replaceChildren(...shown.map((p) => this.pairRow(p)));
    document.getElementById('pair-count')!.textContent = `${shown.length} of ${this.pairs.length} pairs`;
  }

  private pairRow(pair: PairEntry): HTMLElement {
    const tr = element('tr', { className: `pair ${pair.conflicts.length > 0 ? 'has-conflicts' : ''}` });
    tr.id = `pair-${this.pairs.indexOf(pair)}`;
    for (const column of COLUMNS) {
      const v = column.value(pair);
      const td = element('td', { textContent: v === null ? '–' : typeof v === 'number' && column.format ? column.format(v) : String(v) });
      if (column.verdict && v !== null) {
        td.className = `verdict verdict-${v}`;
        td.style.color = VERDICT_COLOURS[v as Verdict];
      }
      tr.append(td);
    }
    tr.addEventListener('click', () => this.toggleDetails(tr, pair));
    return tr;
  }

  private toggleDetails(tr: HTMLElement, pair: PairEntry): void {
    const next = tr.nextElementSibling;
    if (next?.classList.contains('details')) {
      next.remove();
      return;
    }
    const cell = element('td');
    cell.colSpan = COLUMNS.length;
    cell.append(...pairDetails(pair));
    const details = element('tr', { className: 'details' });
    details.append(cell);
    tr.after(details);
  }
}

function compare(a: string | number | null, b: string | number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
}

// ---- a pair's details --------------------------------------------------------------------------

function pairDetails(pair: PairEntry): HTMLElement[] {
  const parts: HTMLElement[] = [element('h3', { textContent: pairName(pair) })];
  for (const mode of MODES) {
    const m = pair.modes[mode];
    if (m?.error) parts.push(element('p', { className: 'error', textContent: `${MODE_LABEL[mode]}: ${m.verdict}: ${m.error}` }));
  }
  if (pair.conflicts.length === 0) parts.push(element('p', { textContent: 'No conflict found.' }));
  pair.conflicts.forEach((c, i) => {
    parts.push(element('h4', { textContent: `conflict ${i + 1} (found by ${c.modes.map((m) => MODE_LABEL[m]).join(' and ')})` }), traceBlock(c.lines));
  });
  if (pair.warnings.length > 0) {
    const list = element('ul', { className: 'warnings' });
    list.append(...pair.warnings.map((w) => element('li', { textContent: w })));
    parts.push(element('h4', { textContent: 'warnings' }), list);
  }
  for (const graph of pair.graphs) {
    const caption = `explored state graph, ${MODE_LABEL[graph.mode]}: ${graph.nodes.length} states${graph.marked ? `; in red the path to ${graph.marked}` : ''}`;
    const figure = element('figure', { className: 'state-graph' });
    figure.append(stateGraphPlot(graph), element('figcaption', { textContent: caption }));
    parts.push(figure);
  }
  return parts;
}

/** The trace as `stcheck show` prints it, with the two conflicting writes highlighted. */
function traceBlock(lines: readonly string[]): HTMLElement {
  const pre = element('pre', { className: 'trace' });
  for (const line of lines) {
    pre.append(line.includes('<==') ? element('mark', { textContent: line }) : document.createTextNode(line), '\n');
  }
  return pre;
}

// ---- DOM helpers ---------------------------------------------------------------------------------

function element<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}): HTMLElementTagNameMap[K] {
  return Object.assign(document.createElement(tag), props);
}

function row(cell: 'th' | 'td', values: readonly string[]): HTMLElement {
  const tr = element('tr');
  tr.append(...values.map((v) => element(cell, { textContent: v })));
  return tr;
}

main();
