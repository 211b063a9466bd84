// Renders a conflict's trace as an indented timeline for the terminal: each event the environment
// fired, then the handlers, commands, writes and cascaded events under it, with source lines, and
// the two conflicting writes marked; and a whole result around its conflicts.
import type { TraceStep } from '../model/trace-step.js';
import type { ConflictReport, RenderableResult } from '../results/types.js';

/** A result's verdict, statistics, conflicts with their traces, and warnings. */
export function renderResult(r: RenderableResult, indent = ''): string[] {
  const stat = (n: number | undefined) => n ?? '-';
  const lines = [
    `${indent}${r.mode}: ${r.verdict}${r.error ? ` (${r.error})` : ''}`,
    ...(r.decidedBy === 'static' ? [`${indent}  decided without a search: ${r.reason} (--no-prefilter explores it)`] : []),
    `${indent}  events ${stat(r.events)}, states ${stat(r.states)}, transitions ${stat(r.transitions)}, executions ${stat(r.executions)}, ${stat(r.ms)} ms, heap ${stat(r.peakMemoryMb)} MB`,
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
  const isLater = (s: TraceStep) => s.kind === 'write' && s.app === later.app && s.value === later.value && s.attribute === conflict.attribute;
  const isEarlier = (s: TraceStep) => s.kind === 'write' && s.app === earlier.app && s.value === earlier.value && s.attribute === conflict.attribute;
  conflict.trace.events.forEach((traced, i) => {
    lines.push(`${indent}  ${i + 1}. ${traced.event}`);
    const last = i === conflict.trace.events.length - 1;
    for (const step of traced.steps) {
      const mark = last && isLater(step) ? '   <== conflicting write' : isEarlier(step) ? '   <== overridden write' : '';
      lines.push(`${indent}     ${'  '.repeat(step.depth)}${describeStep(step)}${mark}`);
    }
  });
  return lines;
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
      return `${step.api} -> ${step.handler}()${step.fired ? ' fires at once' : ' stays pending'}`;
    case 'error':
      return `error in ${step.handler}: ${step.message}`;
    case 'message':
      return `${step.message.kind}${step.message.to ? ` to ${step.message.to}` : ''}: ${step.message.text}`;
  }
}

function at(line: number | undefined): string {
  return line === undefined ? '' : ` [line ${line}]`;
}
