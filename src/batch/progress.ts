// Progress on a terminal: a status line redrawn in place (cleared first, so no stale characters
// remain), and the batch's bar on it. Progress is never the requested data: it goes to stderr, and
// only when stderr is a terminal (a log or a pipe gets nothing).
import type { Verdict } from '../results/types.js';

export interface ProgressEntry {
  group: string;
  app1: string;
  app2: string;
  mode: string;
  verdict: Verdict;
  ms: number;
}

/** Erase the whole line and return to its start. */
const CLEAR_LINE = '\r\x1b[2K';

/** One line of a terminal, redrawn in place; does nothing on anything but a terminal. */
export class StatusLine {
  readonly interactive: boolean;
  private shown = false;

  constructor(private readonly out: NodeJS.WriteStream = process.stderr) {
    this.interactive = out.isTTY === true;
  }

  show(text: string): void {
    if (!this.interactive) return;
    // A line wider than the terminal would wrap, and `\r` then returns to its second row only.
    const width = Math.max(20, (this.out.columns ?? 80) - 1);
    this.out.write(`${CLEAR_LINE}${text.length > width ? `${text.slice(0, width - 1)}…` : text}`);
    this.shown = true;
  }

  /** Clears the line, so what follows starts on an empty one. */
  clear(): void {
    if (this.shown) this.out.write(CLEAR_LINE);
    this.shown = false;
  }
}

export interface ProgressOptions {
  /** Results of the run stored before (a resumed run): they are not done again. */
  skipped?: number;
  /** What to tell a person who interrupts the batch (Ctrl-C): how to resume it. */
  resumeHint?: string;
}

/** How often the bar is redrawn while no pair ends (elapsed time moves on). */
const REDRAW_MS = 1000;

/** The batch's bar: drawn at once, redrawn as pairs end and every second; Ctrl-C says how to resume. */
export class Progress {
  private done = 0;
  private readonly counts = new Map<Verdict, number>();
  private readonly started = Date.now();
  private readonly line: StatusLine;
  private timer: NodeJS.Timeout | undefined;
  private readonly onInterrupt = () => this.interrupted();

  constructor(
    private readonly total: number,
    private readonly out: NodeJS.WriteStream = process.stderr,
    private readonly options: ProgressOptions = {},
  ) {
    this.line = new StatusLine(out);
    if (!this.line.interactive) return;
    this.draw();
    this.timer = setInterval(() => this.draw(), REDRAW_MS).unref();
    process.once('SIGINT', this.onInterrupt);
  }

  finished(entry: ProgressEntry): void {
    this.done++;
    this.counts.set(entry.verdict, (this.counts.get(entry.verdict) ?? 0) + 1);
    this.draw();
  }

  end(): void {
    clearInterval(this.timer);
    process.removeListener('SIGINT', this.onInterrupt);
    this.line.clear();
  }

  private draw(): void {
    this.line.show(this.bar());
  }

  private interrupted(): void {
    this.end();
    this.out.write(`interrupted: ${this.done} results stored by this invocation${this.options.resumeHint ? `; resume with:\n  ${this.options.resumeHint}` : ''}\n`);
    process.exit(130);
  }

  /** `[####......] 120 of 840 (107 already stored), 0.8/s, 14m05s left | conflict 7, no-conflict 6` */
  private bar(): string {
    const skipped = this.options.skipped ?? 0;
    const all = this.total + skipped;
    const position = this.done + skipped;
    const width = 30;
    const filled = Math.round((position / Math.max(1, all)) * width);
    const elapsed = (Date.now() - this.started) / 1000;
    // The rate of this invocation only: results stored before cost it nothing.
    const rate = this.done / Math.max(elapsed, 1e-3);
    const eta = this.done === 0 ? 'time left unknown until a pair ends' : `${formatDuration((this.total - this.done) / rate)} left`;
    const stored = skipped > 0 ? ` (${skipped} of ${all} already stored)` : '';
    const verdicts = [...this.counts].map(([v, n]) => `${v} ${n}`).join(', ');
    return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${position} of ${all}${stored}, ${formatDuration(elapsed)} elapsed, ${eta}${verdicts ? ` | ${verdicts}` : ''}`;
  }
}

export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s` : `${s}s`;
}
