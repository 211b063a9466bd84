// java.util.Formatter, as `String.format`, the GDK's `sprintf` and a string's `format` use it.
import * as num from '../numbers.js';
import { toStr } from '../operators.js';
import { isNumber, type Value } from '../values.js';

/** java.util.Formatter for %s %d %f %.Nf %0Nd %x %%. */
export function formatJava(fmt: string, args: Value[]): string {
  let i = 0;
  return fmt.replace(/%([-0]?)(\d*)(?:\.(\d+))?([sdfxX%n])/g, (_m, flag: string, width: string, precision: string | undefined, conv: string) => {
    if (conv === '%') return '%';
    if (conv === 'n') return '\n';
    const v = args[i++] ?? null;
    let text: string;
    if (conv === 'd') text = String(num.toInt(v));
    else if (conv === 'f') text = num.numValue(isNumber(v) ? v : num.parseDouble(toStr(v))).toFixed(precision === undefined ? 6 : Number(precision));
    else if (conv === 'x' || conv === 'X') text = num.toInt(v).toString(16)[conv === 'X' ? 'toUpperCase' : 'toLowerCase']();
    else text = precision === undefined ? toStr(v) : toStr(v).slice(0, Number(precision));
    const w = Number(width || 0);
    if (flag === '-') return text.padEnd(w);
    return text.padStart(w, flag === '0' ? '0' : ' ');
  });
}
