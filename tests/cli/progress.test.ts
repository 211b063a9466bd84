// Progress on a terminal (a fake one: a stream that says it is a TTY and records what it gets):
// the batch's bar is drawn at once, counts a resumed run's stored results, clears the line before
// each redraw, and says on Ctrl-C how to resume; `--resume last` refuses other options; a running
// check reports its states and transitions.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runBatch, type BatchOptions } from '../../src/batch/batch.js';
import { Progress, StatusLine } from '../../src/batch/progress.js';
import type { SearchProgress } from '../../src/check/check.js';
import { UsageError } from '../../src/pairs/source.js';
import { checkPairFiles } from '../../src/pipeline/check-pair.js';
import { REPO_ROOT } from '../support/corpus.js';

const CLEAR = '\r\x1b[2K';

function terminal(columns = 200): { stream: NodeJS.WriteStream; writes: string[] } {
  const writes: string[] = [];
  const stream = { isTTY: true, columns, write: (text: string) => writes.push(text) > 0 } as unknown as NodeJS.WriteStream;
  return { stream, writes };
}

const entry = { group: 'g', app1: 'a', app2: 'b', mode: 'dpor', verdict: 'conflict' as const, ms: 5 };

afterEach(() => vi.restoreAllMocks());

describe('the batch progress bar', () => {
  it('is drawn at once, before any pair ends, with the results a resumed run already holds', () => {
    const { stream, writes } = terminal();
    const progress = new Progress(733, stream, { skipped: 107 });
    expect(writes).toHaveLength(1);
    expect(writes[0]).toContain('107 of 840 (107 of 840 already stored)');
    expect(writes[0]).toContain('time left unknown until a pair ends');
    progress.finished(entry);
    expect(writes.at(-1)).toContain('108 of 840');
    expect(writes.at(-1)).toContain('conflict 1');
    progress.end();
  });

  it('clears the line before every redraw and at the end, so no stale characters remain', () => {
    const { stream, writes } = terminal();
    const progress = new Progress(3, stream);
    progress.finished(entry);
    progress.end();
    expect(writes.length).toBeGreaterThan(2);
    for (const text of writes) expect(text.startsWith(CLEAR)).toBe(true);
    expect(writes.at(-1)).toBe(CLEAR);
  });

  it('writes nothing when its stream is no terminal (a log, a pipe)', () => {
    const writes: string[] = [];
    const progress = new Progress(3, { isTTY: false, write: (t: string) => writes.push(t) > 0 } as unknown as NodeJS.WriteStream);
    progress.finished(entry);
    progress.end();
    expect(writes).toEqual([]);
  });

  it('says on Ctrl-C how to resume the run, and exits 130', () => {
    const { stream, writes } = terminal();
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    const before = process.listenerCount('SIGINT');
    new Progress(10, stream, { resumeHint: 'stcheck batch --corpus apps --resume 3' });
    expect(process.listenerCount('SIGINT')).toBe(before + 1);
    process.emit('SIGINT');
    expect(exit).toHaveBeenCalledWith(130);
    expect(writes.join('')).toContain('interrupted: 0 results stored by this invocation; resume with:\n  stcheck batch --corpus apps --resume 3\n');
    expect(process.listenerCount('SIGINT')).toBe(before);
  });

  it('cuts a status line to the terminal width (a wrapped line could not be redrawn in place)', () => {
    const { stream, writes } = terminal(40);
    new StatusLine(stream).show('x'.repeat(100));
    expect(writes[0].length).toBe(CLEAR.length + 39);
  });
});

describe('--resume last', () => {
  it('refuses a store whose newest run has other options, naming the difference', async () => {
    const quiet = { write: () => true, isTTY: false } as unknown as NodeJS.WriteStream;
    const db = join(mkdtempSync(join(tmpdir(), 'stcheck-resume-')), 'r.db');
    const options: BatchOptions = { corpus: join(REPO_ROOT, 'apps'), groups: [], modes: ['dpor'], jobs: 1, budgetS: 20, memoryMb: 512, db, command: 'test', prefilter: true };
    await runBatch(options, quiet);
    const other = runBatch({ ...options, budgetS: 5, resume: 'last' }, quiet);
    await expect(other).rejects.toThrow(UsageError);
    await expect(other).rejects.toThrow(/the newest, run 1, differs in budgetS: 20 there, 5 here/);
    await expect(runBatch({ ...options, resume: 'last' }, quiet)).resolves.toMatchObject({ runId: 1, stored: 0 });
  });
});

describe('a running check', () => {
  it('reports its states and transitions as it goes, growing', () => {
    // An app counting motion events in its state: with motion-light the state space never ends,
    // so the search runs to its time budget, and reports on the way (at least when the budget ends it).
    const counter = join(mkdtempSync(join(tmpdir(), 'stcheck-progress-')), 'counter.groovy');
    writeFileSync(counter, 'preferences { section("s") { input "m", "capability.motionSensor"\n input "sw", "capability.switch" } }\n'
      + 'def installed() { subscribe(m, "motion", h) }\ndef h(evt) {\nstate.n = (state.n ?: 0) + 1\nif (state.n < 0) sw.on()\n}\n');
    const reports: SearchProgress[] = [];
    const result = checkPairFiles(counter, join(REPO_ROOT, 'apps', 'motion-light.groovy'), { mode: 'dpor', budgetMs: 1500, onProgress: (p) => reports.push(p) });
    expect(result.verdict).toBe('timeout');
    expect(reports.length).toBeGreaterThan(0);
    for (let i = 1; i < reports.length; i++) expect(reports[i].transitions).toBeGreaterThanOrEqual(reports[i - 1].transitions);
    expect(reports.at(-1)!.states).toBeGreaterThan(1);
    expect(reports.at(-1)!.elapsedMs).toBeGreaterThanOrEqual(250);
  });
});
