// `stcheck report --table accuracy --labels FILE`: a run's verdicts against labelled pairs (the
// manual study's `manual` column and IoTCheck's `automation` column of ../shared/labels/dev.csv).
// A pair is a conflict if either order conflicts; a labelled pair the run left undecided (a budget,
// a failure, or not run at all) counts as a miss: a false negative when labelled conflict, a false
// positive when labelled non-conflict. Device groups and location-mode groups are counted apart.
// See docs/accuracy.md.
import { unorderedKey, type PairRow } from '../pairs/pair-file.js';
import { trackedAttributesOfRun } from '../batch/stored-run.js';
import type { StoredResult } from '../results/types.js';
import { unorderedPairs } from './run-pairs.js';
import type { Cell, Table } from './table.js';

/** Our verdict on a labelled pair. */
export type Ours = 'conflict' | 'no-conflict' | 'unfinished' | 'not run';

export interface LabelledPair {
  row: PairRow;
  ours: Ours;
  /** The first conflict found, for people (`lock: a=locked over b=unlocked`). */
  conflict?: string;
  /** Whether the group tracks only the location mode (the global-variable study). */
  global: boolean;
}

export interface AccuracyInput {
  results: readonly StoredResult[];
  labels: readonly PairRow[];
  /** Whether a group tracks only location variables: from the run's configuration or groups.json. */
  isGlobalGroup: (group: string) => boolean;
}

export function labelledPairs(input: AccuracyInput): LabelledPair[] {
  const outcomes = new Map(unorderedPairs(input.results).map((o) => [unorderedKey(o.group, ...o.apps), o.outcome]));
  const conflicts = new Map<string, string>();
  for (const r of input.results) {
    const c = r.conflicts[0];
    const key = unorderedKey(r.group, r.app1, r.app2);
    if (c && !conflicts.has(key)) conflicts.set(key, `${c.device}.${c.attribute}: ${c.laterApp}=${c.laterValue} over ${c.earlierApp}=${c.earlierValue}${c.earlierManual ? ' (manual)' : ''}`);
  }
  return input.labels.map((row) => {
    const key = unorderedKey(row.group, row.app1, row.app2);
    return { row, ours: outcomes.get(key) ?? 'not run', conflict: conflicts.get(key), global: input.isGlobalGroup(row.group) };
  });
}

interface Confusion {
  pairs: number;
  tp: number;
  fp: number;
  fn: number;
  tn: number;
  /** Labelled pairs we did not decide (counted in fp or fn as well). */
  undecided: number;
}

/** Counts ours against a label that is `conflict` or not; pairs without a usable label are skipped. */
function confusion(pairs: readonly LabelledPair[], label: (p: LabelledPair) => boolean | undefined, ours: (p: LabelledPair) => Ours): Confusion {
  const c: Confusion = { pairs: 0, tp: 0, fp: 0, fn: 0, tn: 0, undecided: 0 };
  for (const p of pairs) {
    const truth = label(p);
    if (truth === undefined) continue;
    const verdict = ours(p);
    c.pairs++;
    if (verdict !== 'conflict' && verdict !== 'no-conflict') c.undecided++;
    if (truth) verdict === 'conflict' ? c.tp++ : c.fn++;
    else verdict === 'no-conflict' ? c.tn++ : c.fp++;
  }
  return c;
}

const round3 = (x: number): number | null => (Number.isFinite(x) ? Math.round(x * 1000) / 1000 : null);

const manualLabel = (p: LabelledPair) => labelValue(p.row.extra.manual);
const automationLabel = (p: LabelledPair) => labelValue(p.row.extra.automation);
/** IoTCheck's verdict in our vocabulary; `non-terminated` is undecided, `other` was not run. */
const automationVerdict = (p: LabelledPair): Ours => {
  const v = p.row.extra.automation;
  return v === 'conflict' ? 'conflict' : v === 'no-conflict' ? 'no-conflict' : v === 'non-terminated' ? 'unfinished' : 'not run';
};

/** `conflict` → true, `non-conflict`/`no-conflict` → false, anything else (non-terminated, other) → no label. */
function labelValue(value: string | undefined): boolean | undefined {
  if (value === 'conflict') return true;
  if (value === 'non-conflict' || value === 'no-conflict') return false;
  return undefined;
}

const SCOPES: Array<[string, (p: LabelledPair) => boolean]> = [
  ['device groups', (p) => !p.global],
  ['global (location mode)', (p) => p.global],
  ['all', () => true],
];

const COMPARISONS: Array<[string, (p: LabelledPair) => boolean | undefined, (p: LabelledPair) => Ours]> = [
  ['stcheck vs manual', manualLabel, (p) => p.ours],
  ['stcheck vs automation (IoTCheck)', automationLabel, (p) => p.ours],
  ['IoTCheck vs manual', manualLabel, automationVerdict],
];

export function accuracyTable(pairs: readonly LabelledPair[]): Table {
  const rows: Cell[][] = [];
  for (const [scope, inScope] of SCOPES) {
    const of = pairs.filter(inScope);
    if (of.length === 0) continue;
    for (const [name, label, ours] of COMPARISONS) {
      const c = confusion(of, label, ours);
      rows.push([scope, name, c.pairs, c.tp, c.fp, c.fn, c.tn, c.undecided, round3(c.tp / (c.tp + c.fp)), round3(c.tp / (c.tp + c.fn)), round3((c.tp + c.tn) / c.pairs)]);
    }
  }
  return {
    title: 'Accuracy against the labels (unordered pairs)',
    columns: [
      { key: 'scope', label: 'Pairs' }, { key: 'comparison', label: 'Comparison' }, { key: 'labelled', label: 'Labelled' },
      { key: 'tp', label: 'TP' }, { key: 'fp', label: 'FP' }, { key: 'fn', label: 'FN' }, { key: 'tn', label: 'TN' }, { key: 'undecided', label: 'of which undecided' },
      { key: 'precision', label: 'Precision' }, { key: 'recall', label: 'Recall' }, { key: 'agreement', label: 'Agreement' },
    ],
    rows,
    notes: [
      'A pair is a conflict if either order found one. "Labelled": pairs whose reference column is conflict or non-conflict (IoTCheck\'s `non-terminated` and `other` are no label).',
      'Undecided pairs (a budget ran out, an app failed, or the run did not hold the pair) count as misses: FN when labelled conflict, FP when labelled non-conflict.',
      'IoTCheck vs manual: its `non-terminated` and `other` (not run) pairs count as undecided, the same way.',
    ],
  };
}

/** Every labelled pair where our verdict differs from the manual study's, with the study's notes. */
export function disagreementsTable(pairs: readonly LabelledPair[]): Table {
  const wrong = pairs.filter((p) => {
    const truth = manualLabel(p);
    return truth !== undefined && (truth ? p.ours !== 'conflict' : p.ours !== 'no-conflict');
  });
  return {
    title: `Disagreements with the manual study (${wrong.length})`,
    columns: [
      { key: 'line', label: 'Line' }, { key: 'group', label: 'Group' }, { key: 'app1', label: 'App1' }, { key: 'app2', label: 'App2' },
      { key: 'ours', label: 'stcheck' }, { key: 'manual', label: 'Manual' }, { key: 'automation', label: 'IoTCheck' }, { key: 'conflict', label: 'Our conflict' }, { key: 'notes', label: 'Notes' },
    ],
    rows: wrong.map((p) => [p.row.line, p.row.group, p.row.app1, p.row.app2, p.ours, p.row.extra.manual ?? null, p.row.extra.automation ?? null, p.conflict ?? null, p.row.extra.notes ?? null]),
    notes: ['Line: the line of the labels file. Our conflict: the first conflict stored for either order.'],
  };
}

/** Whether each group of a run tracks only location variables (the attributes the batch tracked for it). */
export function globalGroupsOfRun(config: unknown): (group: string) => boolean {
  const attributesOf = trackedAttributesOfRun(config);
  return (group) => attributesOf(group)?.every((a) => a.startsWith('location.')) ?? false;
}
