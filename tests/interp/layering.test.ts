// The interpreter core knows Groovy and the Java classes, not the SmartThings platform: the platform
// is injected (context.ts's Platform), so event programs (src/explore) run without it. Checked on
// the source itself: no core module and no Java class module imports smartthings/.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/corpus.js';

const INTERP = join(REPO_ROOT, 'src', 'interp');

function importsOf(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/^import[^;]*?from '([^']+)';/gms)].map((m) => m[1]);
}

function modules(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(dir, f));
}

describe('interpreter layering', () => {
  it('finds the imports of a module', () => {
    expect(importsOf(join(INTERP, 'smartthings', 'platform.ts'))).toContain('./builtins.js');
  });

  it('keeps the SmartThings runtime out of the core and the Java classes', () => {
    const core = [...modules(INTERP), ...modules(join(INTERP, 'java'))];
    expect(core.length).toBeGreaterThan(15);
    const offending = core.flatMap((file) => importsOf(file).filter((i) => i.includes('smartthings')).map((i) => `${file}: ${i}`));
    expect(offending).toEqual([]);
  });

  it('keeps the SmartThings runtime out of event programs', () => {
    const offending = modules(join(REPO_ROOT, 'src', 'explore')).flatMap((file) => importsOf(file).filter((i) => i.includes('smartthings')));
    expect(offending).toEqual([]);
  });
});
