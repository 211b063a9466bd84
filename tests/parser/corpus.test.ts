// The whole study corpus: every app parses, real apps have the expected structure, and damaged
// apps give positioned errors quickly without anything escaping the parser.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Closure, MethodCall, Statement } from '../../src/parser/ast.js';
import { parseGroovy } from '../../src/parser/parser.js';
import { cpuClockMs } from '../../src/util/cpu-clock.js';
import { HAVE_CORPUS, SMARTAPPS_DIR } from '../support/corpus.js';

const SKIP_NOTE = `(skipped: corpus not found at ${SMARTAPPS_DIR})`;
const files = HAVE_CORPUS ? readdirSync(SMARTAPPS_DIR).filter((name) => name.endsWith('.groovy')).sort() : [];
const read = (name: string): string => readFileSync(join(SMARTAPPS_DIR, name), 'utf8');

function parseApp(name: string) {
  const result = parseGroovy(read(name), name);
  if (!result.ok) throw new Error(`${name}:${result.error.line}:${result.error.column}: ${result.error.message}`);
  return result.program;
}

const calls = (body: Statement[]): MethodCall[] =>
  body.flatMap((s) => (s.kind === 'ExpressionStatement' && s.expression.kind === 'MethodCall' ? [s.expression] : []));
const trailingClosure = (call: MethodCall): Closure => {
  const last = call.args.at(-1);
  if (last?.kind !== 'Closure') throw new Error(`${String(call.method)} has no trailing closure`);
  return last;
};

/** Asserts that a failed parse points inside `source` (1-based line and column). */
function expectPositionedInside(source: string, error: { line: number; column: number; message: string }): void {
  const lines = source.split(/\r\n|\r|\n/);
  expect(error.line).toBeGreaterThanOrEqual(1);
  expect(error.line).toBeLessThanOrEqual(lines.length);
  expect(error.column).toBeGreaterThanOrEqual(1);
  expect(error.column).toBeLessThanOrEqual(lines[error.line - 1]!.length + 1);
  expect(error.message).toMatch(/^expected .+, found .+$/);
}

describe.skipIf(!HAVE_CORPUS)(`the study corpus ${HAVE_CORPUS ? '' : SKIP_NOTE}`, () => {
  it('parses all 269 apps', () => {
    const failures = files.flatMap((name) => {
      const result = parseGroovy(read(name), name);
      return result.ok ? [] : [`${name}:${result.error.line}:${result.error.column}: ${result.error.message}`];
    });
    expect(files).toHaveLength(269);
    expect(failures).toEqual([]);
  });

  it('reads enhanced-auto-lock-door: its methods and its preferences builder', () => {
    const { body } = parseApp('enhanced-auto-lock-door.groovy');
    const methods = body.flatMap((s) => (s.kind === 'MethodDecl' ? [s.name] : []));
    expect(methods).toEqual(['installed', 'updated', 'initialize', 'lockDoor', 'unlockDoor', 'doorHandler']);
    const [definition, preferences] = calls(body);
    expect(definition).toMatchObject({ method: 'definition', namedArgs: expect.arrayContaining([expect.objectContaining({ key: expect.objectContaining({ value: 'name' }) })]) });
    expect(preferences?.method).toBe('preferences');
    const sections = calls(trailingClosure(preferences!).body);
    expect(sections.map((s) => s.method)).toEqual(['section', 'section', 'section', 'section', 'section']);
    expect(sections[0]).toMatchObject({ args: [{ value: 'Select the door lock:' }, { kind: 'Closure' }] });
    // `input(...) { input ... }`: a nested input in the last section.
    expect(calls(trailingClosure(sections[4]!).body)).toMatchObject([
      { method: 'input', commandForm: false, args: [{ value: 'recipients' }, { value: 'contact' }, { kind: 'Closure', body: [{ expression: { method: 'input', commandForm: true } }] }] },
    ]);
    expect(calls(trailingClosure(sections[0]!).body)).toMatchObject([
      { method: 'input', commandForm: true, args: [{ value: 'lock1' }, { value: 'capability.lock' }], namedArgs: [{ key: { value: 'required' }, value: { value: true } }] },
    ]);
  });

  it('reads auto-lock-door with its Allman-style preferences block', () => {
    const { body } = parseApp('auto-lock-door.smartapp.groovy');
    const preferences = calls(body).find((c) => c.method === 'preferences');
    expect(preferences && calls(trailingClosure(preferences).body).every((s) => s.method === 'section')).toBe(true);
  });

  it('reads the mappings of an endpoint app as labelled statements', () => {
    const { body } = parseApp('02-control-devices-with-an-HTTP-request.groovy');
    const mappings = calls(body).find((c) => c.method === 'mappings')!;
    const paths = calls(trailingClosure(mappings).body);
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      expect(path.method).toBe('path');
      expect(trailingClosure(path).body[0]).toMatchObject({ kind: 'Labeled', label: 'action', body: { expression: { kind: 'MapLiteral' } } });
    }
  });

  it('gives every node a range whose lines and columns match its offsets', () => {
    for (const name of ['enhanced-auto-lock-door.groovy', 'hue-connect.groovy', 'StriimLightConnect.groovy']) {
      const source = read(name);
      const lineStarts = [0, ...[...source.matchAll(/\n/g)].map((match) => match.index + 1)];
      const expectedAt = (offset: number) => {
        const line = lineStarts.findLastIndex((start) => start <= offset) + 1;
        return { offset, line, column: offset - lineStarts[line - 1]! + 1 };
      };
      let checked = 0;
      const visit = (value: unknown): void => {
        if (Array.isArray(value)) return value.forEach(visit);
        if (value === null || typeof value !== 'object') return;
        const node = value as { kind?: string; range?: { start: { offset: number }; end: { offset: number } } };
        if (node.kind !== undefined) {
          expect(Object.keys(node.range!)).toEqual(['start', 'end']);
          expect(node.range).toEqual({ start: expectedAt(node.range!.start.offset), end: expectedAt(node.range!.end.offset) });
          expect(node.range!.start.offset).toBeLessThanOrEqual(node.range!.end.offset);
          checked++;
        }
        for (const [key, child] of Object.entries(value)) if (key !== 'range') visit(child);
      };
      visit(parseApp(name));
      expect(checked).toBeGreaterThan(300);
    }
  });

  it('reports a method body cut off at end of file at the last line', () => {
    const source = read('enhanced-auto-lock-door.groovy');
    const cut = source.slice(0, source.indexOf('def lockDoor(){') + 'def lockDoor(){'.length);
    const result = parseGroovy(cut, 'cut.groovy');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.line).toBe(cut.split('\n').length);
    expect(result.error.message).toMatch(/found end of input$/);
  });

  it('reports a removed closing parenthesis where the argument list goes wrong', () => {
    const source = read('enhanced-auto-lock-door.groovy');
    const at = source.indexOf('subscribe(lock1, "lock"');
    const lineEnd = source.indexOf(')', at);
    const broken = source.slice(0, lineEnd) + source.slice(lineEnd + 1);
    const result = parseGroovy(broken, 'broken.groovy');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    // Newlines inside ( ) are whitespace: the error shows where the next line's call begins.
    const line = source.slice(0, at).split('\n').length;
    expect(result.error).toMatchObject({ line: line + 1, column: 5 });
    expect(result.error.message).toMatch(/^expected .*"\)".*, found "s"$/);
  });

  it('gives positioned errors for every app cut in the middle of its text', () => {
    for (const name of files) {
      const source = read(name);
      const cut = source.slice(0, Math.floor(source.length / 2));
      const result = parseGroovy(cut, name);
      if (!result.ok) expectPositionedInside(cut, result.error);
    }
  });

  it('never lets an exception escape and finishes each damaged app in under a second', () => {
    const texts = files.map(read);
    const edit = fc.oneof(
      fc.record({ op: fc.constant('delete' as const), at: fc.nat(), text: fc.constant('') }),
      fc.record({ op: fc.constant('insert' as const), at: fc.nat(), text: fc.string({ maxLength: 3 }) }),
      fc.record({ op: fc.constant('insert' as const), at: fc.nat(), text: fc.constantFrom('{', '}', '(', ')', '[', ']', '"', "'", '/', '$', '\n', ':', ',', '"""', '/*', '${') }),
      fc.record({ op: fc.constant('replace' as const), at: fc.nat(), text: fc.string({ minLength: 1, maxLength: 1 }) }),
      fc.record({ op: fc.constant('truncate' as const), at: fc.nat(), text: fc.constant('') }),
    );
    fc.assert(
      fc.property(fc.nat({ max: texts.length - 1 }), fc.array(edit, { minLength: 1, maxLength: 4 }), (index, edits) => {
        let source = texts[index]!;
        for (const { op, at, text } of edits) {
          const p = at % (source.length + 1);
          if (op === 'delete') source = source.slice(0, p) + source.slice(p + 1);
          else if (op === 'insert') source = source.slice(0, p) + text + source.slice(p);
          else if (op === 'replace') source = source.slice(0, p) + text + source.slice(p + 1);
          else source = source.slice(0, p);
        }
        const started = cpuClockMs(); // CPU time: a busy machine does not slow it
        const result = parseGroovy(source, files[index]!);
        const elapsed = cpuClockMs() - started;
        expect(elapsed).toBeLessThan(1000);
        if (!result.ok) expectPositionedInside(source, result.error);
      }),
      { numRuns: 200, seed: 20240601 },
    );
  });
});
