// The tables `stcheck report` prints, computed from one run's stored results: the paper's Tables
// A.1 and A.2 and a per-group Table 1, the paper's headline figures, the conflicts, and the
// reference study's per-group outcomes. See docs/tables.md.
import type { Store } from '../store/store.js';
import type { StoredResult } from '../results/types.js';
import type { RunRecord } from '../store/types.js';
import { matchPaper, paperRowOfPair } from './paper-join.js';
import type { ModeStats, PaperRow } from './paper.js';
import { orderedPairs, pairEvents, pairStats, pairsWithBothModes, sortedResults, unorderedPairs, type OrderedPair, type Outcome } from './run-pairs.js';
import { STUDY_OUTCOMES, type StudyOutcome } from './study-outcomes.js';
import { headline, PAPER_CLAIMS, timesFasterThanPaper, type Headline, type PairStats } from './summary.js';
import type { Cell, Column, Table } from './table.js';

export const TABLE_NAMES = ['a1', 'a2', '1', 'summary', 'conflicts', 'groups'] as const;
export type TableName = (typeof TABLE_NAMES)[number];

export interface ReportInput {
  results: readonly StoredResult[];
  /** The run's budget per pair and mode: unfinished runs count as this many seconds in a speedup. */
  budgetSeconds: number;
  /** The paper's Tables A.1 and A.2, to show beside ours. */
  paper?: readonly PaperRow[];
}

export function reportInput(store: Store, run: RunRecord, paper?: readonly PaperRow[]): ReportInput {
  return { results: store.results(run.id), budgetSeconds: (run.config as { budgetS: number }).budgetS, paper };
}

export function buildTable(name: TableName, input: ReportInput): Table {
  switch (name) {
    case 'a1': return pairTable(PAIR_TABLES.a1, input);
    case 'a2': return pairTable(PAIR_TABLES.a2, input);
    case '1': return groupTable(input);
    case 'summary': return summaryTable(input);
    case 'conflicts': return conflictsTable(input.results);
    case 'groups': return outcomesTable(input.results);
  }
}

const col = (key: string, label: string): Column => ({ key, label });
const finished = (m: ModeStats) => m.seconds !== null;
/** Ratios to two decimals; a mean over no pairs is empty, not NaN. */
const ratio = (x: number): number | null => (Number.isNaN(x) ? null : Math.round(x * 100) / 100);
const groupColumnNeeded = (pairs: readonly OrderedPair[]) => new Set(pairs.map((p) => p.group)).size > 1;

// --- Tables A.1 and A.2 --------------------------------------------------------------------------

interface PairTableKind {
  paperTable: PaperRow['table'];
  title: string;
  belongs: (s: PairStats) => boolean;
  /** The paper's own row order. */
  compare: (a: PairStats, b: PairStats) => number;
}

const PAIR_TABLES: Record<'a1' | 'a2', PairTableKind> = {
  a1: {
    paperTable: 'A.1',
    title: 'Table A.1: pairs finished only with DPOR',
    belongs: (s) => finished(s.dpor) && !finished(s.nodpor),
    compare: (a, b) => b.dpor.states! - a.dpor.states!,
  },
  a2: {
    paperTable: 'A.2',
    title: 'Table A.2: pairs finished with and without DPOR',
    belongs: (s) => finished(s.dpor) && finished(s.nodpor),
    compare: (a, b) => b.nodpor.states! - a.nodpor.states!,
  },
};

const FIGURES = [
  ['states_nodpor', 'States w/o DPOR'], ['transitions_nodpor', 'Trans. w/o DPOR'], ['time_s_nodpor', 'Time (s) w/o DPOR'],
  ['states_dpor', 'States w/ DPOR'], ['transitions_dpor', 'Trans. w/ DPOR'], ['time_s_dpor', 'Time (s) w/ DPOR'],
] as const;

/** A mode's figures as cells: "Unf" for a search that did not explore the whole state space. */
function figureCells(stats: { nodpor: ModeStats; dpor: ModeStats }): Cell[] {
  return [stats.nodpor, stats.dpor].flatMap((m) => [m.states, m.transitions, m.seconds].map((v) => (finished(m) ? v : 'Unf')));
}

/**
 * Without the paper: the run's pairs of the table's kind, in the paper's order. With it: first the
 * paper's rows of that table, in its order, each beside the run's matching pairs whatever they
 * gave; then the run's other pairs of the table's kind, beside the paper's row for them if any.
 */
function pairTable(kind: PairTableKind, input: ReportInput): Table {
  const pairs = pairsWithBothModes(orderedPairs(input.results));
  const ofKind = pairs.filter((p) => kind.belongs(pairStats(p))).sort((a, b) => kind.compare(pairStats(a), pairStats(b)));
  let rows: Array<{ pair: OrderedPair; paper?: PaperRow }> = ofKind.map((pair) => ({ pair }));
  if (input.paper) {
    const matched = matchPaper(input.paper.filter((r) => r.table === kind.paperTable), pairs).flatMap((m) => m.pairs.map((pair) => ({ pair, paper: m.row })));
    const paperRowOf = paperRowOfPair(matchPaper(input.paper, pairs));
    const listed = new Set(matched.map((m) => m.pair));
    rows = [...matched, ...ofKind.filter((pair) => !listed.has(pair)).map((pair) => ({ pair, paper: paperRowOf.get(pair) }))];
  }
  const withGroup = groupColumnNeeded(pairs);
  const withPaper = input.paper !== undefined;
  const columns = [
    col('no', 'No.'),
    ...(withPaper ? [col('paper_row', 'Paper row')] : []),
    ...(withGroup ? [col('group', 'Group')] : []),
    col('app1', 'App1'), col('app2', 'App2'),
    ...interleave([col('events', 'Evt.'), ...FIGURES.map(([key, label]) => col(key, label))], withPaper),
  ];
  return {
    title: kind.title,
    columns,
    rows: rows.map(({ pair, paper }, i) => [
      i + 1,
      ...(withPaper ? [paper ? `${paper.table} #${paper.no}` : null] : []),
      ...(withGroup ? [pair.group] : []),
      pair.app1, pair.app2,
      ...interleaveCells([pairEvents(pair), ...figureCells(pairStats(pair))], withPaper ? (paper ? [paper.events, ...figureCells(paper)] : null) : undefined),
    ]),
    notes: [
      `Unf: not finished, the search stopped by the budget (${input.budgetSeconds} s per pair and mode here; 2 hours or out of memory in the paper) or failed.`,
      ...(withPaper ? [`Paper row: the paper's row for the pair, matched by app names, in the paper's order or else reversed (see docs/tables.md). The paper's figures follow ours in the "(paper)" columns.`] : []),
    ],
  };
}

/** Each column followed by its "(paper)" twin when the paper is shown. */
function interleave(columns: Column[], withPaper: boolean): Column[] {
  return withPaper ? columns.flatMap((c) => [c, col(`paper_${c.key}`, '(paper)')]) : columns;
}

/** Ours and the paper's cells side by side (undefined: no paper columns; null: no paper row). */
function interleaveCells(ours: Cell[], paper: Cell[] | null | undefined): Cell[] {
  if (paper === undefined) return ours;
  return ours.flatMap((cell, i) => [cell, paper === null ? null : paper[i]]);
}

// --- Table 1: per group -------------------------------------------------------------------------

const HEADLINE_COLUMNS = [
  col('pairs', 'Pairs'), col('finished_nodpor', 'Finished w/o DPOR'), col('finished_dpor', 'Finished w/ DPOR'),
  col('only_dpor', 'Only w/ DPOR'), col('only_nodpor', 'Only w/o DPOR'),
  col('state_reduction', 'States ×'), col('transition_reduction', 'Trans. ×'), col('speedup', 'Speedup ×'),
];

function headlineCells(h: Headline): Cell[] {
  return [h.pairs, h.finishedNodpor, h.finishedDpor, h.onlyDpor, h.onlyNodpor, ratio(h.stateReduction), ratio(h.transitionReduction), ratio(h.speedupGeometric)];
}

/**
 * Per group: the headline figures of its pairs (those checked in both modes), and with the paper,
 * the same figures from the paper's rows for those pairs (the paper gives no per-group numbers).
 */
function groupTable(input: ReportInput): Table {
  const pairs = pairsWithBothModes(orderedPairs(input.results));
  const groups = [...new Set(pairs.map((p) => p.group))];
  const row = (label: string, members: OrderedPair[]): Cell[] => {
    const cells = [label, eventRange(members), ...headlineCells(headline(members.map(pairStats), input.budgetSeconds))];
    if (!input.paper) return cells;
    const paperRows = matchPaper(input.paper, members).filter((m) => m.pairs.length > 0).map((m) => m.row);
    return [...cells, ...headlineCells(headline(paperRows, PAPER_CLAIMS.budgetSeconds))];
  };
  return {
    title: 'Table 1: per group',
    columns: [
      col('group', 'Group'), col('events', 'Evt.'), ...HEADLINE_COLUMNS,
      ...(input.paper ? HEADLINE_COLUMNS.map((c) => col(`paper_${c.key}`, `${c.label} (paper)`)) : []),
    ],
    rows: [...groups.map((g) => row(g, pairs.filter((p) => p.group === g))), row('all', pairs)],
    notes: [
      'Ordered pairs checked in both modes. States × and Trans. ×: geometric means of w/o ÷ w/ DPOR over the pairs finished both ways; ' +
        `Speedup ×: geometric mean of w/o ÷ w/ DPOR time over the pairs finished in either mode, an unfinished run counted as the budget (${input.budgetSeconds} s here, 7,200 s in the paper).`,
      ...(input.paper ? ["(paper): the same figures from the paper's Tables A.1 and A.2, over its rows for this group's pairs (it lists only pairs finished in at least one mode)."] : []),
    ],
  };
}

/** The fewest and most events of the pairs, as one cell. */
function eventRange(pairs: readonly OrderedPair[]): Cell {
  const events = pairs.map(pairEvents).filter((e): e is number => e !== null);
  if (events.length === 0) return null;
  const [min, max] = [Math.min(...events), Math.max(...events)];
  return min === max ? min : `${min}–${max}`;
}

// --- Summary: the paper's headline figures --------------------------------------------------------

const SUMMARY_FIGURES: Array<{ key: string; label: string; of: (h: Headline) => number | null; claim: number | null }> = [
  { key: 'pairs', label: 'pairs', of: (h) => h.pairs, claim: PAPER_CLAIMS.finishedBoth + PAPER_CLAIMS.onlyDpor + PAPER_CLAIMS.onlyNodpor },
  { key: 'finished_nodpor', label: 'finished w/o DPOR', of: (h) => h.finishedNodpor, claim: PAPER_CLAIMS.finishedBoth + PAPER_CLAIMS.onlyNodpor },
  { key: 'finished_dpor', label: 'finished w/ DPOR', of: (h) => h.finishedDpor, claim: PAPER_CLAIMS.finishedBoth + PAPER_CLAIMS.onlyDpor },
  { key: 'finished_both', label: 'finished both ways', of: (h) => h.finishedBoth, claim: PAPER_CLAIMS.finishedBoth },
  { key: 'only_dpor', label: 'finished only w/ DPOR', of: (h) => h.onlyDpor, claim: PAPER_CLAIMS.onlyDpor },
  { key: 'only_nodpor', label: 'finished only w/o DPOR', of: (h) => h.onlyNodpor, claim: PAPER_CLAIMS.onlyNodpor },
  { key: 'state_reduction', label: 'state reduction × (geometric mean, finished both ways)', of: (h) => ratio(h.stateReduction), claim: PAPER_CLAIMS.stateReduction },
  { key: 'transition_reduction', label: 'transition reduction × (geometric mean, finished both ways)', of: (h) => ratio(h.transitionReduction), claim: PAPER_CLAIMS.transitionReduction },
  { key: 'dpor_slower', label: 'finished both ways, DPOR slower', of: (h) => h.dporSlower, claim: null },
  { key: 'speedup', label: 'speedup × (geometric mean, Unf = budget)', of: (h) => ratio(h.speedupGeometric), claim: PAPER_CLAIMS.speedup },
  { key: 'speedup_arithmetic', label: 'speedup × (arithmetic mean, Unf = budget)', of: (h) => ratio(h.speedupArithmetic), claim: null },
];

/**
 * The paper's headline figures from the run, beside what the paper claims (its §6), what its own
 * Tables A.1 and A.2 give, and (with the paper) what they give for the pairs of this run only.
 */
function summaryTable(input: ReportInput): Table {
  const all = orderedPairs(input.results);
  const pairs = pairsWithBothModes(all);
  const columns: Array<{ column: Column; headline: Headline | null; budget: number }> = [
    { column: col('ours', 'This run'), headline: headline(pairs.map(pairStats), input.budgetSeconds), budget: input.budgetSeconds },
    { column: col('paper_claims', 'Paper (claimed)'), headline: null, budget: PAPER_CLAIMS.budgetSeconds },
  ];
  if (input.paper) {
    const matched = matchPaper(input.paper, pairs).filter((m) => m.pairs.length > 0).map((m) => m.row);
    columns.push(
      { column: col('paper_tables', "Paper (its tables)"), headline: headline(input.paper, PAPER_CLAIMS.budgetSeconds), budget: PAPER_CLAIMS.budgetSeconds },
      { column: col('paper_tables_this_run', "Paper (its tables, this run's pairs)"), headline: headline(matched, PAPER_CLAIMS.budgetSeconds), budget: PAPER_CLAIMS.budgetSeconds },
    );
  }
  const skipped = all.length - pairs.length;
  return {
    title: 'Summary: the paper\'s headline figures',
    columns: [col('figure', 'Figure'), ...columns.map((c) => c.column)],
    rows: [
      ...SUMMARY_FIGURES.map((f) => [f.label, ...columns.map((c) => (c.headline ? f.of(c.headline) : f.claim))]),
      ...(input.paper ? againstPaperRows(input.paper, pairs, columns.length) : []),
      ['budget per pair and mode (s)', ...columns.map((c) => c.budget)],
    ],
    notes: [
      'Pairs are ordered pairs checked in both modes; a pair finishes when its search explores the whole state space.',
      'The speedup is w/o ÷ w/ DPOR time over the pairs finished in at least one mode, an unfinished run counted as the budget.',
      ...(input.paper
        ? [
            "Paper (its tables): recomputed from the paper's Tables A.1 and A.2; the last column restricts them to the rows matching this run's pairs.",
            "Times faster than the paper's tool: per paper row finished both there and here in that mode, the paper's seconds ÷ this run's (at least 1 ms), as a geometric mean; different machines (the paper's: a 3.5 GHz Xeon) and different state spaces, so it compares the tools, not the algorithm.",
          ]
        : ["Give --paper DIR to add the figures the paper's own tables give."]),
      ...(skipped > 0 ? [`${skipped} pairs checked in one mode only are left out.`] : []),
    ],
  };
}

/** This run's time against the paper's, per mode, in the "This run" column. */
function againstPaperRows(paper: readonly PaperRow[], pairs: readonly OrderedPair[], columnCount: number): Cell[][] {
  const matched = matchPaper(paper, pairs).flatMap((m) => m.pairs.map((pair) => ({ row: m.row, ours: pairStats(pair) })));
  const row = (label: string, mode: 'nodpor' | 'dpor'): Cell[] => [
    label,
    ratio(timesFasterThanPaper(matched.map((m) => ({ paper: m.row[mode], ours: m.ours[mode] })))),
    ...Array<Cell>(columnCount - 1).fill(null),
  ];
  return [row("times faster than the paper's tool w/o DPOR (geometric mean per pair)", 'nodpor'), row("times faster than the paper's tool w/ DPOR (geometric mean per pair)", 'dpor')];
}

// --- Conflicts ------------------------------------------------------------------------------------

function conflictsTable(results: readonly StoredResult[]): Table {
  return {
    title: 'Conflicts',
    columns: [
      col('group', 'Group'), col('app1', 'App1'), col('app2', 'App2'), col('mode', 'Mode'), col('device', 'Device'), col('attribute', 'Attribute'),
      col('later_app', 'Later app'), col('later_value', 'Later value'), col('earlier_app', 'Earlier app'), col('earlier_value', 'Earlier value'), col('earlier_manual', 'Earlier manual'),
    ],
    rows: sortedResults(results).flatMap((r) => r.conflicts.map((c) => [
      r.group, r.app1, r.app2, r.mode, c.device, c.attribute, c.laterApp, c.laterValue, c.earlierApp, c.earlierValue, c.earlierManual,
    ])),
    notes: ['One row per distinct conflict of a result: the later write overrode the other app\'s earlier value, still in effect.'],
  };
}

// --- Groups: the reference study's outcome layout ---------------------------------------------------

/**
 * Unordered pairs per group by outcome (a conflict if either order found one), beside the reference
 * study's counts for the groups it has. Its three small switch groups are one row there, so here too.
 */
function outcomesTable(results: readonly StoredResult[]): Table {
  const outcomes = unorderedPairs(results);
  const groups = [...new Set(outcomes.map((o) => o.group))];
  const count = (members: string[]) => {
    const of = outcomes.filter((o) => members.includes(o.group));
    const n = (outcome: Outcome) => of.filter((o) => o.outcome === outcome).length;
    const counted = (flag: 'decidedStatically' | 'failed' | 'gap' | 'withAppExceptions') => of.filter((o) => o[flag]).length;
    return [of.length, n('conflict'), n('no-conflict'), counted('decidedStatically'), n('unfinished'), counted('failed'), counted('gap'), counted('withAppExceptions')];
  };
  const studyRows = STUDY_OUTCOMES.map((s) => ({ study: s, members: s.groups.filter((g) => groups.includes(g)) })).filter((s) => s.members.length > 0);
  const inStudy = new Set(studyRows.flatMap((s) => s.members));
  const rows: Cell[][] = [
    ...studyRows.map(({ study, members }) => [members.join(' + '), study.label, ...count(members),
      study.conflict + study.noConflict + study.unfinished, study.conflict, study.noConflict, study.unfinished]),
    ...groups.filter((g) => !inStudy.has(g)).map((g) => [g, null, ...count([g]), null, null, null, null]),
  ];
  const studyTotal = (pick: (s: StudyOutcome) => number) => (studyRows.length === 0 ? null : studyRows.reduce((sum, { study }) => sum + pick(study), 0));
  rows.push(['all', null, ...count(groups), studyTotal((s) => s.conflict + s.noConflict + s.unfinished), studyTotal((s) => s.conflict), studyTotal((s) => s.noConflict), studyTotal((s) => s.unfinished)]);
  return {
    title: 'Outcomes per group (unordered pairs)',
    columns: [
      col('group', 'Group'), col('study_group', 'Study group'), col('pairs', 'Pairs'), col('conflict', 'Conflict'), col('no_conflict', 'No conflict'),
      col('no_conflict_static', 'of which static'), col('unfinished', 'Unfinished'), col('failed', 'of which failed'), col('gap', 'of which gaps'),
      col('app_exceptions', 'Decided with app exceptions'),
      col('study_pairs', 'Pairs (study)'), col('study_conflict', 'Conflict (study)'), col('study_no_conflict', 'No error (study)'), col('study_unfinished', 'Non-terminated (study)'),
    ],
    rows,
    notes: [
      'A pair conflicts if either order (in either mode) found a conflict; it has no conflict if every order checked finished in some mode; otherwise it is unfinished.',
      '"of which static": no conflict decided by the prefilter without a search (the apps can write no tracked attribute in common; docs/model.md).',
      '"of which failed": unfinished because an app does not load or a check failed, not because of a budget.',
      '"of which gaps": failed on something the tool does not model (an `unsupported` API or construct): no verdict about the apps.',
      '"Decided with app exceptions": decided pairs where an app raised an exception of its own in a handler; as on SmartThings it ended that execution only (the result\'s app-exception warnings say where).',
      "(study): IoTCheck's published outcomes (iotcheck-data automation sheets, reference §1.7); its non-terminated pairs include other errors. Totals cover the rows shown.",
    ],
  };
}
