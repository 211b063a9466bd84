// Progress of a batch: a one-line bar redrawn in place on a terminal, otherwise one line per
// finished pair (logs and CI stay readable).
import type { Verdict } from '../results/types.js';

export interface ProgressEntry {
  group: string;
  app1: string;
  app2: string;
  mode: string;
  verdict: Verdict;
  ms: number;
}

export class Progress {
  private done = 0;
  private readonly counts = new Map<Verdict, number>();
  private readonly started = Date.now();

  constructor(
    private readonly total: number,
    private readonly out: NodeJS.WriteStream = process.stdout,
    private readonly interactive = out.isTTY === true,
  ) {}

  finished(entry: ProgressEntry): void {
    this.done++;
    this.counts.set(entry.verdict, (this.counts.get(entry.verdict) ?? 0) + 1);
    if (this.interactive) this.out.write(`\r${this.bar()}`);
    else this.out.write(`[${this.done}/${this.total}] ${entry.group} ${entry.app1} × ${entry.app2} ${entry.mode}: ${entry.verdict} (${(entry.ms / 1000).toFixed(1)} s)\n`);
  }

  end(): void {
    if (this.interactive) this.out.write('\n');
  }

  private bar(): string {
    const width = 30;
    const filled = Math.round((this.done / Math.max(1, this.total)) * width);
    const elapsed = (Date.now() - this.started) / 1000;
    const rate = this.done / Math.max(elapsed, 1e-3);
    const left = rate > 0 ? (this.total - this.done) / rate : 0;
    const verdicts = [...this.counts].map(([v, n]) => `${v} ${n}`).join(', ');
    return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${this.done}/${this.total} ${rate.toFixed(1)}/s, ${formatDuration(left)} left | ${verdicts}`;
  }
}

function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s` : `${s}s`;
}
