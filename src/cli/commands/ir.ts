// `stcheck ir <app.groovy> [--json]`: the app's inputs, subscriptions, schedules and methods.
import { EXIT, exitCodesHelp, requireFile } from '../exit.js';
import type { Command } from 'commander';
import type { AppIR, SubscriptionSource } from '../../ir/ir.js';
import { lowerFile } from '../../pipeline/load.js';

function sourceName(s: SubscriptionSource): string {
  return s.kind === 'input' ? s.input : s.kind;
}

/** The JSON view of an AppIR (the AST of methods is left out). */
export function irSummary(app: AppIR) {
  return {
    name: app.metadata.name,
    metadata: app.metadata,
    inputs: app.inputs.map((i) => ({ name: i.name, type: i.type, multiple: i.multiple, required: i.required, page: i.page, section: i.section })),
    subscriptions: app.subscriptions.map((s) => ({
      source: sourceName(s.source),
      attribute: s.attribute,
      ...(s.value !== undefined ? { value: s.value } : {}),
      handler: s.handler,
      inMethod: s.inMethod,
    })),
    schedules: app.schedules.map((s) => ({ api: s.api, handler: s.handler, inMethod: s.inMethod, firstStatement: s.firstStatement })),
    methods: [...new Set(app.methods.map((m) => m.name))],
    mappings: app.mappings,
    warnings: app.warnings.map((w) => `${w.location.line}:${w.location.column} ${w.message}`),
  };
}

function printText(summary: ReturnType<typeof irSummary>): void {
  const lines = [`app ${summary.name}`, 'inputs:'];
  for (const i of summary.inputs) lines.push(`  ${i.name}: ${i.type}${i.multiple ? ' (multiple)' : ''}`);
  lines.push('subscriptions:');
  for (const s of summary.subscriptions) lines.push(`  ${s.source}.${s.attribute}${s.value !== undefined ? `.${s.value}` : ''} -> ${s.handler}`);
  lines.push('schedules:');
  for (const s of summary.schedules) lines.push(`  ${s.api} -> ${s.handler} (in ${s.inMethod}${s.firstStatement ? ', first statement' : ''})`);
  lines.push(`methods: ${summary.methods.join(', ')}`);
  for (const w of summary.warnings) lines.push(`warning: ${w}`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

export function registerIr(program: Command): void {
  program
    .command('ir')
    .description("Lower a SmartApp and print its inputs, subscriptions, schedules and methods")
    .argument('<app>', 'the .groovy file')
    .option('--json', 'print one JSON object')
    .addHelpText('after', exitCodesHelp([EXIT.ok, EXIT.usage, EXIT.appError]))
    .action((file: string, options: { json?: boolean }) => {
      requireFile('ir', file);
      const result = lowerFile(file);
      if (!result.ok) {
        const { line, column, message } = result.error;
        process.stderr.write(`${file}:${line}:${column}: ${message}\n`);
        process.exitCode = EXIT.appError;
        return;
      }
      const summary = irSummary(result.app);
      if (options.json) process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
      else printText(summary);
    });
}
