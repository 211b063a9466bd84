// Which device input the receiver of a call certainly is, so that the write bound (write-bound.ts)
// can take a command named on one input as a command of that input's capability only:
// `fans.off()` turns a switch off, never a thermostat of the same app. Syntactic and sure, or
// nothing: a receiver is an input when it is
// - the input's name, not shadowed: no local, parameter, closure parameter, loop variable or catch
//   parameter of that name in the method, no field of that name and no assignment to the bare name
//   anywhere in the app (the interpreter reads a field before an input);
// - the parameter of a closure an iteration calls with the elements of an input
//   (`switches.each { it.off() }`, `lights.findAll { ... }.each { s -> s.off() }`), or the variable
//   of `for (s in switches)`.
// Anything else (a list built of several inputs, a method's parameter, `settings.fans`) is unknown,
// and the bound stays as wide as before.
import type { AppIR } from '../ir/ir.js';
import type * as ast from '../parser/ast.js';
import { walk } from '../parser/walk.js';
import { appRoots, namesDeclaredBy, walkApp } from './app-roots.js';
import { deviceInputs } from './commands.js';
import { ELEMENT_ITERATIONS } from './iteration.js';

/** Methods whose result holds only elements of their receiver. */
const SUBSETS: ReadonlySet<string> = new Set(['findAll', 'sort', 'unique', 'reverse', 'toList', 'asList', 'grep', 'take', 'drop']);

/** Names no receiver may be taken for an input by: fields and bare names assigned anywhere in the app. */
export function shadowingNames(app: AppIR): Set<string> {
  const names = new Set(app.fields.flatMap((f) => f.declarations.map((d) => d.name)));
  const visit = (node: ast.Node) => {
    if (node.kind === 'Assign' && node.target.kind === 'Identifier') names.add(node.target.name);
  };
  walkApp(app, visit);
  return names;
}

/**
 * Visits every node of the app's code (each method, field and top-level statement) with the
 * capability of the device input a receiver certainly holds, or undefined.
 */
export function walkWithInputs(app: AppIR, visit: (node: ast.Node, capabilityOf: (receiver: ast.Expression | null) => string | undefined) => void): void {
  const inputs = deviceInputs(app);
  const shadowed = shadowingNames(app);
  for (const root of appRoots(app)) {
    const receivers = new ReceiverResolver(root, inputs, shadowed);
    const capabilityOf = (receiver: ast.Expression | null) => {
      const input = receiver === null ? undefined : receivers.inputOf(receiver);
      return input === undefined ? undefined : inputs.get(input);
    };
    walk(root, (node) => visit(node, capabilityOf));
  }
}

/** Resolves receivers inside one method, field or top-level statement (`root`). */
export class ReceiverResolver {
  private readonly parents = new Map<ast.Node, ast.Node | null>();
  private readonly declared = new Set<string>();

  constructor(
    root: ast.Node,
    private readonly inputs: ReadonlyMap<string, string>,
    private readonly shadowed: ReadonlySet<string>,
  ) {
    walk(root, (node, parent) => {
      this.parents.set(node, parent);
      for (const name of namesDeclaredBy(node)) this.declared.add(name);
    });
  }

  /** The device input `e` certainly holds (a device or a list of devices of that input), or undefined. */
  inputOf(e: ast.Expression): string | undefined {
    if (e.kind === 'Identifier') return this.nameInput(e);
    if (e.kind === 'MethodCall' && typeof e.method === 'string' && SUBSETS.has(e.method) && e.receiver !== null) return this.inputOf(e.receiver);
    return undefined;
  }

  private nameInput(id: ast.Identifier): string | undefined {
    for (let node: ast.Node | null | undefined = this.parents.get(id); node; node = this.parents.get(node)) {
      // Only the first parameter (or `it`) is the element; `eachWithIndex`'s second is its index.
      if (node.kind === 'Closure' && closureBinds(node, id.name)) return isElementParameter(node, id.name) ? this.elementInput(node) : undefined;
      if (node.kind === 'ForIn' && node.variable === id.name) return this.inputOf(node.iterable);
    }
    if (this.declared.has(id.name) || this.shadowed.has(id.name) || !this.inputs.has(id.name)) return undefined;
    return id.name;
  }

  /** The input whose elements an iteration passes to the closure's first parameter. */
  private elementInput(closure: ast.Closure): string | undefined {
    const call = this.parents.get(closure);
    if (call?.kind !== 'MethodCall' || typeof call.method !== 'string' || !ELEMENT_ITERATIONS.has(call.method) || call.receiver === null) return undefined;
    if (!call.args.includes(closure)) return undefined;
    return this.inputOf(call.receiver);
  }
}

/** Whether the closure declares `name`: one of its parameters, or `it` when it names none. */
function closureBinds(closure: ast.Closure, name: string): boolean {
  return closure.params === null ? name === 'it' : closure.params.some((p) => p.name === name);
}

/** Whether `name` is the closure's element parameter: its first, or `it` when it names none. */
function isElementParameter(closure: ast.Closure, name: string): boolean {
  return closure.params === null || closure.params[0]?.name === name;
}
