// Runs Groovy snippets: lowers a small app source and invokes one of its methods in a Home.
import { toStr } from '../../src/interp/operators.js';
import type { Value } from '../../src/interp/values.js';
import { lowerSource } from '../../src/pipeline/load.js';
import { Home } from '../../src/model/home.js';

export function homeFor(source: string): Home {
  const lowered = lowerSource(source, 'snippet.groovy');
  if (!lowered.ok) throw new Error(lowered.error.message);
  const home = new Home(lowered.app, { init: true });
  home.install();
  return home;
}

/** The value of `def f() { <body> }`. */
export function run(body: string, extra = ''): Value {
  return homeFor(`def f() {\n${body}\n}\n${extra}`).app.invoke('f', []);
}

/** The Groovy string of the value of `def f() { <body> }`. */
export function show(body: string, extra = ''): string {
  return toStr(run(body, extra));
}
