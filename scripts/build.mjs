// Build: compile the peggy grammar to an ES module, then type-check and emit with tsc, then bundle
// the HTML report's browser script.
// The generated parser lives beside the hand-written parser sources (git-ignored) so that
// both tsc (via its .d.ts) and vitest (via the .js) find it; tsc does not copy .js files, so we do.
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileGrammar, GENERATED_JS } from './grammar.mjs';
import { bundleReportClient } from './report-client.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
compileGrammar();
execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', root], { stdio: 'inherit' });
// The package's bin is executable as built: `npx stcheck` runs it through a link that npm made
// (and made executable) once per checkout path, so a fresh clone at a path used before would
// otherwise get "Permission denied".
chmodSync(join(root, 'dist/cli/main.js'), 0o755);
const target = join(root, 'dist/parser/generated/groovy-parser.js');
mkdirSync(dirname(target), { recursive: true });
copyFileSync(GENERATED_JS, target);
bundleReportClient();
