// `stcheck check APP --against DIR` for people: the corpus apps the app conflicts with, ranked,
// each with the attribute, the two values and the shortest trace; then the rest in one line each.
import { distinctConflicts, rankClass, type AgainstPartner, type AgainstReport } from '../batch/against.js';
import { basename } from 'node:path';
import { renderConflict } from './trace-text.js';

export function renderAgainst(report: AgainstReport): string[] {
  const { partners } = report;
  const lines = [
    `${report.app} against ${report.corpus}: ${count(partners.length, 'app')} of its ${report.corpusApps} share a device, the location mode or the Smart Home Monitor with it; each pair checked in both orders (${report.app} as App1, then as App2) in ${(report.ms / 1000).toFixed(1)} s`,
  ];
  const conflicting = partners.filter((p) => rankClass(p) === 0);
  lines.push('', conflicting.length > 0 ? `conflicts with ${count(conflicting.length, 'app')}:` : 'conflicts with no app');
  conflicting.forEach((partner, i) => lines.push(...renderConflicting(partner, i + 1)));
  const others: Array<[string, AgainstPartner[]]> = [
    ['unfinished (a budget ended the search without a conflict)', partners.filter((p) => rankClass(p) === 1)],
    ['not checked (an app does not parse, lower or run)', partners.filter((p) => rankClass(p) === 2)],
    ['no conflict', partners.filter((p) => rankClass(p) === 3)],
  ];
  for (const [title, group] of others) {
    if (group.length > 0) lines.push('', `${title}: ${count(group.length, 'app')}`, ...group.map((p) => `  ${p.app}${verdictNote(p)}`));
  }
  return [...lines, ...leftOut(report)];
}

/** The corpus files left out: device handlers in one line; each app that does not parse or lower with where it fails. */
function leftOut(report: AgainstReport): string[] {
  const handlers = report.failures.filter((f) => f.kind === 'not-a-smartapp');
  const broken = report.failures.filter((f) => f.kind !== 'not-a-smartapp');
  const lines: string[] = [];
  const what = handlers.length === 1 ? 'a device handler, not a SmartApp' : 'device handlers, not SmartApps';
  if (handlers.length > 0) lines.push('', `${count(handlers.length, 'file')} of the corpus left out: ${what}`);
  if (broken.length > 0) {
    lines.push('', `${count(broken.length, 'app')} of the corpus left out: ${broken.length === 1 ? 'it does' : 'they do'} not parse or lower`);
    lines.push(...broken.map((f) => `  ${basename(f.file)}:${f.line}:${f.column}: ${f.message}`));
  }
  return lines;
}

function renderConflicting(partner: AgainstPartner, rank: number): string[] {
  const conflicts = distinctConflicts(partner);
  const lines = [`${rank}. ${partner.app} (${count(conflicts.length, 'distinct conflict')}; groups ${partner.groups.join(', ')})`];
  for (const c of conflicts) {
    lines.push(`   ${c.device}.${c.attribute}: ${c.later.appName} writes ${c.later.value} over ${c.earlier.appName}'s ${c.earlier.value} (trace of ${count(c.trace.events.length, 'event')})`);
  }
  lines.push('   the shortest trace:', ...renderConflict(conflicts[0], '     '));
  return lines;
}

function verdictNote(partner: AgainstPartner): string {
  const notes = partner.results.filter((r) => r.verdict !== 'no-conflict').map((r) => `${r.mode}, ${r.order}: ${r.verdict}${r.error ? ` (${r.error})` : ''}`);
  return notes.length > 0 ? ` (${notes.join('; ')})` : '';
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
