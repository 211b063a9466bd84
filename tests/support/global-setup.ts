// Recompiles the grammar before a test run when it changed, so `npm test` never tests a stale parser.
// @ts-expect-error: a plain ES module script without type declarations
import { compileGrammar } from '../../scripts/grammar.mjs';

export default function setup(): void {
  compileGrammar();
}
