// Bundles the HTML report's browser script (src/html/client/, with Observable Plot and d3) into one
// minified file that `stcheck html` inlines into every report, so a report needs no network.
import { buildSync } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const REPORT_CLIENT_BUNDLE = join(root, 'dist/html/report-client.js');

export function bundleReportClient() {
  buildSync({
    entryPoints: [join(root, 'src/html/client/main.ts')],
    outfile: REPORT_CLIENT_BUNDLE,
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    legalComments: 'none',
    logLevel: 'warning',
  });
}
