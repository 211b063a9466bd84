// Recompiles the grammar before a test run when it changed, so `npm test` never tests a stale parser,
// and bundles the HTML report's browser script (a fraction of a second), so it is never stale either.
// Gives the run a temporary directory of its own and removes it afterwards: the tests (and the
// stcheck processes they start) make their stores, corpora and browser profiles under `tmpdir()`,
// and a run used to leave a few hundred directories behind in the system's.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error: a plain ES module script without type declarations
import { compileGrammar } from '../../scripts/grammar.mjs';
// @ts-expect-error: a plain ES module script without type declarations
import { bundleReportClient } from '../../scripts/report-client.mjs';

export default function setup(): () => void {
  compileGrammar();
  bundleReportClient();
  const runDir = mkdtempSync(join(tmpdir(), 'stcheck-tests-'));
  // Open to every user, sticky, as the system's is: a test runs stcheck as an unprivileged user too.
  chmodSync(runDir, 0o1777);
  const before = process.env.TMPDIR;
  process.env.TMPDIR = runDir; // read by os.tmpdir() in the test workers and in every child process
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    rmSync(runDir, { recursive: true, force: true });
  };
}
