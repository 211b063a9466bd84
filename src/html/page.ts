// One self-contained HTML file: the page's CSS, the run's data as JSON, and the browser script
// bundled at build time with its charting library, all inline, so the report opens with no network.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ReportData } from './report-data.js';

/** Built by scripts/report-client.mjs; the same path from src/html (tests, tsx) and dist/html. */
const CLIENT_BUNDLE = fileURLToPath(new URL('../../dist/html/report-client.js', import.meta.url));

export function reportClientScript(): string {
  try {
    return readFileSync(CLIENT_BUNDLE, 'utf8');
  } catch {
    throw new Error(`the report's script ${CLIENT_BUNDLE} is missing: run npm run build`);
  }
}

export function reportPage(data: ReportData, script: string = reportClientScript()): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>stcheck run ${data.run.id}</title>
<style>${STYLE}</style>
</head>
<body>
<header><h1>stcheck run ${data.run.id}</h1><p>${escapeHtml(`${data.pairs.length} ordered pairs, report made ${data.generatedAt}`)}</p></header>
<noscript>This report draws its plots and tables with JavaScript.</noscript>
<section id="summary"><h2>Run</h2></section>
<section id="plots"><h2>Plots</h2>
<div class="plots">
<figure id="plot-states"><figcaption>States explored per pair, without and with DPOR (below the diagonal: DPOR explored fewer)</figcaption></figure>
<figure id="plot-verdicts"><figcaption>Verdicts per device group</figcaption></figure>
<figure id="plot-time"><figcaption>Time per pair</figcaption></figure>
<figure id="plot-speedup"><figcaption>Speedup of DPOR per pair (an unfinished mode counts as the budget)</figcaption></figure>
</div></section>
<section id="pairs"><h2>Pairs</h2><p>Click a pair for its conflicts, traces and, for small pairs, the explored state graph.</p></section>
<script id="report-data" type="application/json">${jsonForScript(data)}</script>
<script>${script.replace(/<\/script/gi, '<\\/script')}</script>
</body>
</html>
`;
}

/** JSON inside a script element: `<` escaped so no string in the data can close the element. */
function jsonForScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 1240px; padding: 0 20px 40px; color: #222; }
header { border-bottom: 1px solid #ddd; margin-bottom: 8px; }
h1 { margin: 16px 0 2px; font-size: 22px; } header p { margin: 0 0 10px; color: #666; }
h2 { font-size: 17px; margin: 22px 0 8px; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 14px; margin: 0 0 12px; }
dl.facts dt { color: #666; } dl.facts dd { margin: 0; overflow-wrap: anywhere; }
table { border-collapse: collapse; }
th, td { padding: 3px 6px; border-bottom: 1px solid #eee; text-align: left; white-space: nowrap; }
table.verdicts td:nth-child(n+2), table.pairs td:nth-child(n+6) { text-align: right; font-variant-numeric: tabular-nums; }
/* The pair table fits its box: headers wrap, and the names wrap where they must (long app names). */
table.pairs { width: 100%; table-layout: auto; }
table.pairs th { white-space: normal; vertical-align: bottom; }
table.pairs td:nth-child(-n+3) { white-space: normal; overflow-wrap: anywhere; min-width: 7em; }
td.verdict { font-weight: 600; }
p.note { color: #666; font-style: italic; }
table.pairs th { cursor: pointer; user-select: none; background: #f5f5f5; position: sticky; top: 0; }
table.pairs tr.pair { cursor: pointer; } table.pairs tr.pair:hover { background: #f0f6ff; }
tr.details > td { background: #fafafa; white-space: normal; padding: 6px 14px 14px; }
.plots { display: grid; grid-template-columns: repeat(auto-fit, minmax(560px, 1fr)); gap: 12px; }
figure { margin: 0; } figcaption { color: #555; font-size: 13px; margin-bottom: 4px; }
.controls { display: flex; gap: 10px; align-items: center; margin-bottom: 8px; }
.controls input { width: 260px; padding: 4px 6px; } #pair-count { color: #666; }
/* A trace box stays readable however long its trace (an endless cascade): it scrolls within a bounded height. */
pre.trace { font-size: 12px; background: white; border: 1px solid #e4e4e4; padding: 8px; overflow: auto; max-height: 28em; max-width: 100%; }
pre.trace mark { background: #ffe08a; }
p.error { color: #b00020; font-family: ui-monospace, monospace; font-size: 12px; }
figure.state-graph { display: inline-block; margin: 6px 18px 6px 0; vertical-align: top; }
`;
