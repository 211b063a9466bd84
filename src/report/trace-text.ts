// Renders a conflict's trace as an indented timeline for the terminal: each event the environment
// fired, then the handlers, commands, writes and cascaded events under it, with source lines, and
// the two conflicting writes marked; and a whole result around its conflicts.
import { countsAsWrite } from '../devices/capabilities.js';
import type { TraceStep } from '../model/trace-step.js';
import type { TracedEvent } from '../results/trace.js';
import { isUnfinished, type ConflictReport, type RenderableResult, type UnfinishedVerdict } from '../results/types.js';

/** The budget that stops a search with each unfinished verdict, and the option that raises it. */
const STOPPED_BY: Readonly<Record<UnfinishedVerdict, string>> = {
  timeout: 'the time budget (--budget-s)',
  'state-limit': 'the state limit (--max-states)',
  'out-of-memory': 'the heap budget (--memory-mb)',
};

/** A result's verdict, statistics, conflicts with their traces, and warnings. */
export function renderResult(r: RenderableResult, indent = ''): string[] {
  const stat = (n: number | undefined) => n ?? '-';
  const lines = [
    `${indent}${r.mode}: ${r.verdict}${r.error ? ` (${r.error})` : ''}`,
    ...(r.decidedBy === 'static' ? [`${indent}  decided without a search: ${r.reason} (--no-prefilter explores it)`] : []),
    `${indent}  events ${stat(r.events)}, states ${stat(r.states)}, transitions ${stat(r.transitions)}, executions ${stat(r.executions)}, ${stat(r.ms)} ms, heap ${stat(r.peakMemoryMb)} MB`,
    // A search that found a conflict is `conflict` whatever stopped it: an unfinished one found none.
    ...(isUnfinished(r.verdict) ? [`${indent}  stopped by ${STOPPED_BY[r.verdict]} before the search ended: no conflict in the states explored, but the others may hold one`] : []),
  ];
  r.conflicts.forEach((c, i) => {
    lines.push(`${indent}  conflict ${i + 1}:`);
    lines.push(...renderConflict(c, `${indent}    `));
  });
  for (const w of r.warnings) lines.push(`${indent}  warning (${w.kind}): ${w.message}`);
  return lines;
}

export function renderConflict(conflict: ConflictReport, indent = ''): string[] {
  const { later, earlier } = conflict;
  const lines = [
    `${indent}${conflict.device}.${conflict.attribute}: ${later.appName} (${later.app}) writes ${later.value}${at(later.line)} ` +
      `while ${earlier.appName} (${earlier.app})'s ${earlier.value}${at(earlier.line)}${earlier.manual ? ' (a direct user action)' : ''} is in effect`,
    `${indent}  from the initial configuration init=${conflict.trace.init}:`,
  ];
  const isLater = (s: TraceStep) => writesConflictAttribute(s, conflict) && s.app === later.app && s.value === later.value;
  const overridden = overriddenWrite(conflict, isLater);
  const isEarlier = (s: TraceStep) => s === overridden;
  const { events, eventsLeftOut } = conflict.trace;
  let number = 1;
  events.forEach((traced, i) => {
    lines.push(`${indent}  ${number}. ${traced.event}`);
    const last = i === events.length - 1;
    lines.push(...renderSteps(traced, `${indent}     `, { isEarlier, isLater: last ? isLater : undefined }));
    number++;
    if (traced.repeated) {
      lines.push(`${indent}  ... the same ${plural(traced.repeated.length, 'event')} ${times(traced.repeated.times)}`);
      number += traced.repeated.length * traced.repeated.times;
    }
    if (eventsLeftOut?.after === i) {
      lines.push(`${indent}  ... ${plural(eventsLeftOut.count, 'more event')} left out`);
      number += eventsLeftOut.count;
    }
  });
  return lines;
}

const writesConflictAttribute = (s: TraceStep, c: ConflictReport): s is Extract<TraceStep, { kind: 'write' }> =>
  s.kind === 'write' && s.device === c.device && s.attribute === c.attribute;

/**
 * The write the conflicting write overrides: the last write of the attribute that counts
 * (`countsAsWrite`: a lock command that stored the value already current wrote nothing) before the
 * conflicting write, when it is the earlier app's value; undefined when the trace's kept steps do
 * not show it (left out, folded).
 */
function overriddenWrite(conflict: ConflictReport, isLater: (s: TraceStep) => boolean): TraceStep | undefined {
  const { events } = conflict.trace;
  let last: Extract<TraceStep, { kind: 'write' }> | undefined;
  for (const [i, traced] of events.entries()) {
    for (const step of traced.steps) {
      if (i === events.length - 1 && isLater(step)) {
        return last?.app === conflict.earlier.app && last.value === conflict.earlier.value ? last : undefined;
      }
      if (writesConflictAttribute(step, conflict) && countsAsWrite(step)) last = step;
    }
  }
  return undefined;
}

/**
 * One event's steps, folded runs as one line each; in the last event the trace stops at the
 * conflicting write, and says how many steps came after it and how the event ended.
 */
function renderSteps(traced: TracedEvent, indent: string, marks: { isEarlier: (s: TraceStep) => boolean; isLater?: (s: TraceStep) => boolean }): string[] {
  const lines: string[] = [];
  const repeats = new Map((traced.stepRepeats ?? []).map((r) => [r.at, r]));
  for (const [i, step] of traced.steps.entries()) {
    const conflicting = marks.isLater?.(step) === true;
    const mark = conflicting ? '   <== conflicting write' : marks.isEarlier(step) ? '   <== overridden write' : '';
    lines.push(`${indent}${'  '.repeat(step.depth)}${describeStep(step)}${mark}`);
    if (conflicting) {
      const after = stepsAfter(traced, i);
      const lastStep = traced.steps[traced.steps.length - 1];
      if (after > 0) lines.push(`${indent}... ${plural(after, 'more step')} after the conflicting write${lastStep.kind === 'error' ? `, ending with: ${describeStep(lastStep)}` : ''}`);
      return lines;
    }
    const repeat = repeats.get(i);
    if (repeat) lines.push(`${indent}${'  '.repeat(step.depth)}... the same ${plural(repeat.length, 'step')} ${times(repeat.times)}${repeat.varies ? ' (with other arguments)' : ''}`);
  }
  if (traced.stepsLeftOut) lines.push(`${indent}... ${plural(traced.stepsLeftOut, 'more step')} left out`);
  return lines;
}

/** The steps an event had after its kept step `index`, folded and left-out ones counted. */
function stepsAfter(traced: TracedEvent, index: number): number {
  const repeated = (traced.stepRepeats ?? []).filter((r) => r.at >= index).reduce((n, r) => n + r.length * r.times, 0);
  return traced.steps.length - index - 1 + repeated + (traced.stepsLeftOut ?? 0);
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

function times(n: number): string {
  return n === 1 ? '1 more time' : `${n} more times`;
}

export function describeStep(step: TraceStep): string {
  switch (step.kind) {
    case 'event':
      return `event ${step.source}.${step.name} = ${step.value}${step.manual ? ' (manual)' : ''}`;
    case 'handler':
      return `${step.appName} (${step.app}) runs ${step.handler}(${step.cause})`;
    case 'command':
      return `command ${step.device}.${step.command}(${step.args.join(', ')})${at(step.line)}`;
    case 'write':
      return `write ${step.device}.${step.attribute} = ${step.value}${step.changed ? '' : ' (already current)'}${step.manual ? ' (manual)' : ''}${at(step.line)}`;
    case 'timer':
      return `${step.api} -> ${step.handler}()${timerOutcome(step)}`;
    case 'error':
      return `error in ${step.handler}: ${step.message}`;
    case 'message':
      return `${step.message.kind}${step.message.to ? ` to ${step.message.to}` : ''}: ${step.message.text}`;
  }
}

function at(line: number | undefined): string {
  return line === undefined ? '' : ` [line ${line}]`;
}

/** What became of a timer: run at once (the reference), pending until its event, or come due. */
function timerOutcome(step: Extract<TraceStep, { kind: 'timer' }>): string {
  if (step.timing === 'set') return ' pending until it comes due';
  if (step.timing === 'due') return ' comes due and runs';
  return step.fired ? ' fires at once' : ' stays pending';
}
