// The numbers an app compares values against (`if (evt.integerValue < 30)`, `temp >= tooHot`):
// the thresholds where a numeric sensor's value changes what the app does. The full environment
// (src/model/events.ts) fires numeric events on each side of them. Static and approximate: every
// number literal that is a direct operand of a relational operator in a method, and the app's
// numeric settings that reach such an operator, with the attributes whose values can reach
// that comparison.
//
// Where a value comes from is value-sources.ts's analysis; a comparison with a side it does not
// know splits every attribute the app observes, with every numeric setting among its numbers,
// as every comparison did before the analysis: it only ever narrows where it knows.
import type { AppIR } from '../ir/ir.js';
import type * as ast from '../parser/ast.js';
import { walk } from '../parser/walk.js';
import { constantNumber } from '../parser/literals.js';
import { perApp } from './per-app.js';
import { union, ValueSources } from './value-sources.js';

const RELATIONAL = new Set<ast.BinaryOperator>(['<', '<=', '>', '>=', '<=>']);

/** A number an app compares against: a literal, or one of the app's numeric settings (by input name). */
export type ComparedNumber = number | { setting: string };

/** One relational comparison: its numbers, and the attributes whose values reach it (`any`: not known). */
export interface Comparison {
  numbers: readonly ComparedNumber[];
  attributes: ReadonlySet<string> | 'any';
}

/** The relational comparisons of the app's methods that compare a number. */
export const comparisons: (ir: AppIR) => readonly Comparison[] = perApp(comparisonsOf);

/** The relational comparisons of one app that compare a number, with where their sides' values come from. */
function comparisonsOf(ir: AppIR): Comparison[] {
  const values = new ValueSources(ir);
  const found: Comparison[] = [];
  for (const { decl } of ir.methods) {
    walk(decl, (node) => {
      if (node.kind !== 'Binary' || !RELATIONAL.has(node.operator)) return;
      const sides = values.sourcesOf(node.left, decl);
      union(sides, values.sourcesOf(node.right, decl));
      const numbers: ComparedNumber[] = [node.left, node.right].flatMap((side) => constantNumber(side) ?? []);
      for (const setting of sides.unknown ? values.numberSettings : sides.settings) numbers.push({ setting });
      if (numbers.length > 0) found.push({ numbers, attributes: sides.unknown ? 'any' : sides.attributes });
    });
  }
  return found;
}
