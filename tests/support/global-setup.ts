// Recompiles the grammar before a test run when it changed, so `npm test` never tests a stale parser,
// and bundles the HTML report's browser script (a fraction of a second), so it is never stale either.
// @ts-expect-error: a plain ES module script without type declarations
import { compileGrammar } from '../../scripts/grammar.mjs';
// @ts-expect-error: a plain ES module script without type declarations
import { bundleReportClient } from '../../scripts/report-client.mjs';

export default function setup(): void {
  compileGrammar();
  bundleReportClient();
}
