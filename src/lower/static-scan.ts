// Subscriptions and schedules read from the source: every `subscribe(...)`, `runIn(...)`,
// `schedule(...)`, ... call in the app's methods, wherever it is (helpers, conditionals, loops),
// as the reference's token scan finds them (§2.2). At run time the interpreter reports the
// subscriptions actually made to the host; this static list is what the pair's event list is
// built from.
import type * as ast from '../parser/ast.js';
import { walk } from '../parser/walk.js';
import type { ScheduleIR, ScheduleKind, SourceLocation, SubscriptionIR, SubscriptionSource } from '../ir/ir.js';

function locationOf(file: string, node: ast.Node): SourceLocation {
  return { file, line: node.range.start.line, column: node.range.start.column };
}

/** A call of a runtime function: `name(...)` or `this.name(...)`. */
function runtimeCall(node: ast.Node, names: (n: string) => boolean): ast.MethodCall | null {
  if (node.kind !== 'MethodCall' || typeof node.method !== 'string' || !names(node.method)) return null;
  if (node.receiver !== null && node.receiver.kind !== 'ThisExpr') return null;
  return node;
}

/** The input a subscription source expression names: `x`, `settings.x`, `settings["x"]`, `x[i]`. */
function sourceOf(e: ast.Expression, inputs: ReadonlySet<string>): SubscriptionSource | null {
  if (e.kind === 'Identifier') {
    if (e.name === 'location' || e.name === 'Location') return { kind: 'location' };
    if (e.name === 'app') return { kind: 'app' };
    return inputs.has(e.name) ? { kind: 'input', input: e.name } : null;
  }
  if (e.kind === 'PropertyAccess' && e.object.kind === 'Identifier' && e.object.name === 'settings') {
    const name = typeof e.property === 'string' ? e.property : e.property.kind === 'StringLiteral' ? e.property.value : null;
    return name !== null && inputs.has(name) ? { kind: 'input', input: name } : null;
  }
  if (e.kind === 'Index') {
    if (e.object.kind === 'Identifier' && e.object.name === 'settings' && e.index.kind === 'StringLiteral') {
      return inputs.has(e.index.value) ? { kind: 'input', input: e.index.value } : null;
    }
    return sourceOf(e.object, inputs);
  }
  if (e.kind === 'MethodCall' && e.receiver) return sourceOf(e.receiver, inputs);
  return null;
}

/** A handler argument: a bare method name, a string, a GString template, `this.&h`. */
function handlerOf(e: ast.Expression | undefined): string | null {
  if (!e) return null;
  if (e.kind === 'Identifier') return e.name;
  if (e.kind === 'StringLiteral') return e.value;
  if (e.kind === 'MethodReference') return e.method;
  if (e.kind === 'GString') return e.strings.map((s, i) => (i === 0 ? s : `\${}${s}`)).join('');
  return null;
}

export interface ScanProblem {
  message: string;
  location: SourceLocation;
}

/**
 * The handler SmartThings calls for the one-argument `subscribe(app)` (`appTouch`) and
 * `subscribe(location)` (`changedLocationMode`), when the app declares it.
 */
function conventionalHandler(source: SubscriptionSource, methods: ReadonlySet<string>): string | null {
  const handler = source.kind === 'app' ? 'appTouch' : source.kind === 'location' ? 'changedLocationMode' : null;
  return handler !== null && methods.has(handler) ? handler : null;
}

function subscriptionOf(call: ast.MethodCall, method: string, file: string, inputs: ReadonlySet<string>, methods: ReadonlySet<string>): SubscriptionIR | ScanProblem | null {
  const location = locationOf(file, call);
  const [sourceExpr, second, third] = call.args;
  const source = sourceExpr ? sourceOf(sourceExpr, inputs) : null;
  if (source && call.args.length === 1) {
    const handler = conventionalHandler(source, methods);
    if (handler === null) return null;
    return { source, handler, inMethod: method, location, attribute: source.kind === 'app' ? 'app' : 'location' };
  }
  if (!source) return { message: `subscribe to a source that is not an input, location or app`, location };
  const named = second?.kind === 'StringLiteral';
  const handler = handlerOf(named ? third : second);
  if (handler === null) return { message: 'subscribe with a handler that is not a method name', location };
  const base = { source, handler, inMethod: method, location };
  if (!named) return { ...base, attribute: source.kind === 'app' ? 'app' : source.kind === 'location' ? 'location' : '' };
  const text = second.value;
  const dot = text.indexOf('.');
  return dot < 0 ? { ...base, attribute: text } : { ...base, attribute: text.slice(0, dot), value: text.slice(dot + 1) };
}

const SCHEDULE_APIS: Readonly<Record<string, { kind: ScheduleKind; handlerArg: number }>> = {
  runIn: { kind: 'runIn', handlerArg: 1 },
  runOnce: { kind: 'runOnce', handlerArg: 1 },
  schedule: { kind: 'schedule', handlerArg: 1 },
  runDaily: { kind: 'runDaily', handlerArg: 1 },
};

function scheduleApi(name: string): { kind: ScheduleKind; handlerArg: number } | undefined {
  if (/^runEvery\d+(Minute|Minutes|Hour|Hours)$/.test(name)) return { kind: 'runEvery', handlerArg: 0 };
  return SCHEDULE_APIS[name];
}

function isFirstStatement(decl: ast.MethodDecl, call: ast.MethodCall): boolean {
  const first = decl.body.body[0];
  return first?.kind === 'ExpressionStatement' && first.expression === call;
}

export interface ScanResult {
  subscriptions: SubscriptionIR[];
  schedules: ScheduleIR[];
  problems: ScanProblem[];
}

export function scanMethods(decls: readonly ast.MethodDecl[], file: string, inputs: ReadonlySet<string>): ScanResult {
  const result: ScanResult = { subscriptions: [], schedules: [], problems: [] };
  const methods = new Set(decls.map((d) => d.name));
  for (const decl of decls) {
    walk(decl.body, (node) => {
      const sub = runtimeCall(node, (n) => n === 'subscribe');
      if (sub) {
        const s = subscriptionOf(sub, decl.name, file, inputs, methods);
        if (s === null) return;
        if ('handler' in s) result.subscriptions.push(s);
        else result.problems.push(s);
        return;
      }
      const call = runtimeCall(node, (n) => scheduleApi(n) !== undefined);
      if (!call) return;
      const api = scheduleApi(call.method as string)!;
      const handler = handlerOf(call.args.filter((a) => a.kind !== 'MapLiteral')[api.handlerArg]);
      if (handler === null) {
        result.problems.push({ message: `${call.method as string} with a handler that is not a method name`, location: locationOf(file, call) });
        return;
      }
      result.schedules.push({
        kind: api.kind,
        api: call.method as string,
        handler,
        inMethod: decl.name,
        firstStatement: isFirstStatement(decl, call),
        location: locationOf(file, call),
      });
    });
  }
  return result;
}
