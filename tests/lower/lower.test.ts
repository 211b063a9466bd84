// Lowering real corpus apps: inputs from the preferences DSL, static subscriptions and schedules.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lowerFile, lowerSource } from '../../src/pipeline/load.js';
import type { AppIR } from '../../src/ir/ir.js';
import { HAVE_CORPUS, REPO_ROOT, SMARTAPPS_DIR } from '../support/corpus.js';

function lower(name: string): AppIR {
  const r = lowerFile(join(SMARTAPPS_DIR, name));
  if (!r.ok) throw new Error(r.error.message);
  return r.app;
}

describe.skipIf(!HAVE_CORPUS)('lowering corpus apps', () => {
  it('enhanced-auto-lock-door: inputs, subscriptions with value filters, runIn schedules', () => {
    const app = lower('enhanced-auto-lock-door.groovy');
    expect(app.metadata.name).toBe('Enhanced Auto Lock Door');
    expect(app.inputs.map((i) => [i.name, i.type])).toEqual([
      ['lock1', 'capability.lock'],
      ['contact', 'capability.contactSensor'],
      ['minutesLater', 'number'],
      ['secondsLater', 'number'],
      ['recipients', 'contact'],
      ['phoneNumber', 'phone'],
    ]);
    expect(app.subscriptions.map((s) => [s.source, s.attribute, s.value, s.handler, s.inMethod])).toEqual([
      [{ kind: 'input', input: 'lock1' }, 'lock', undefined, 'doorHandler', 'initialize'],
      [{ kind: 'input', input: 'lock1' }, 'unlock', undefined, 'doorHandler', 'initialize'],
      [{ kind: 'input', input: 'contact' }, 'contact', 'open', 'doorHandler', 'initialize'],
      [{ kind: 'input', input: 'contact' }, 'contact', 'closed', 'doorHandler', 'initialize'],
    ]);
    expect(app.schedules.map((s) => [s.api, s.handler])).toEqual([
      ['runIn', 'unlockDoor'],
      ['runIn', 'lockDoor'],
      ['runIn', 'lockDoor'],
    ]);
  });

  it('nested input closures are inputs too (lock-it-when-i-leave)', () => {
    const app = lower('lock-it-when-i-leave.groovy');
    expect(app.inputs.map((i) => i.name)).toEqual(['presence1', 'lock1', 'unlock', 'recipients', 'spam']);
    expect(app.inputs.find((i) => i.name === 'presence1')?.multiple).toBe(true);
    expect(app.inputs.find((i) => i.name === 'unlock')?.options).toEqual(['Yes', 'No']);
  });

  it('runs dynamic pages defined by methods, with the inputs seen so far bound', () => {
    // preferences { page name: "mainPage" } → def mainPage() { dynamicPage(...) { section { input ... } } }
    const app = lower('color-coordinator.groovy');
    expect(app.inputs.map((i) => [i.name, i.type, i.multiple, i.page])).toEqual([
      ['master', 'capability.colorControl', false, 'mainPage'],
      ['slaves', 'capability.colorControl', true, 'mainPage'],
      ['randomYes', 'bool', false, 'mainPage'],
    ]);
  });

  it('subscriptions in helpers called from installed, and to location and app', () => {
    const app = lower('keep-me-cozy-ii.groovy');
    expect(app.subscriptions.every((s) => s.inMethod === 'subscribeToEvents')).toBe(true);
    const sources = lower('good-night-house.groovy').subscriptions.map((s) => s.source.kind);
    expect(sources).toContain('app');
  });

  it('every corpus app lowers or fails with a positioned message', () => {
    const files = readdirSync(SMARTAPPS_DIR).filter((f) => f.endsWith('.groovy'));
    expect(files).toHaveLength(269);
    const failures: string[] = [];
    const deviceHandlers: string[] = [];
    for (const f of files) {
      const r = lowerFile(join(SMARTAPPS_DIR, f));
      if (r.ok) continue;
      expect(r.error.line).toBeGreaterThan(0);
      if (r.error.kind === 'not-a-smartapp') {
        expect(r.error.message).toMatch(/^not a SmartApp: a device handler/);
        deviceHandlers.push(f);
        continue;
      }
      expect(r.error.message).toMatch(/^(parse error|in preferences|unsupported):/);
      expect(['parse', 'unsupported', 'app-error', 'budget']).toContain(r.error.kind);
      failures.push(`${f}:${r.error.line}:${r.error.column} ${r.error.message}`);
    }
    process.stdout.write(`lowered ${files.length - failures.length - deviceHandlers.length}/${files.length}, device handlers: ${deviceHandlers.join(', ')}\n${failures.join('\n')}\n`);
    // The corpus holds ten device handlers (none in the reference's lists), each with a `metadata` block.
    expect(deviceHandlers).toHaveLength(10);
    expect(failures.length).toBeLessThanOrEqual(13);
  });
});

describe('lowering snippets', () => {
  it('reads getters as properties and keeps mappings as metadata', () => {
    const r = lowerSource(
      'mappings { path("/switches") { action: [GET: "listSwitches", PUT: "update"] } }\nprivate getAllOk() { true }\ndef isOpen() { false }\ndef listSwitches() {}',
      'm.groovy',
    );
    if (!r.ok) throw new Error(r.error.message);
    expect(r.app.methods.map((m) => [m.name, m.getterProperty])).toEqual([
      ['getAllOk', 'allOk'],
      ['isOpen', 'open'],
      ['listSwitches', undefined],
    ]);
    expect(r.app.mappings).toEqual([{ path: '/switches', actions: { GET: 'listSwitches', PUT: 'update' } }]);
  });

  it('marks a schedule that is the first statement of installed()', () => {
    const r = lowerSource('def installed() { schedule("0 0 * * * ?", "tick")\n runIn(60, other) }\ndef tick() {}\ndef other() {}', 's.groovy');
    if (!r.ok) throw new Error(r.error.message);
    expect(r.app.schedules.map((s) => [s.kind, s.handler, s.firstStatement])).toEqual([
      ['schedule', 'tick', true],
      ['runIn', 'other', false],
    ]);
  });

  it('declares the inputs of a page written at the top level, outside `preferences`, reached by an href', () => {
    const source = [
      'preferences { page name: "main" }',
      'def main() { dynamicPage(name: "main") { section { input "lights", "capability.switch"\n href "heat", title: "Heating" } } }',
      'page(name: "heat", title: "Heating") { section { input "thermostat", "capability.thermostat"\n input "setpoint", "number" } }',
    ].join('\n');
    const r = lowerSource(source, 'pages.groovy');
    if (!r.ok) throw new Error(r.error.message);
    expect(r.app.inputs.map((i) => `${i.name}:${i.type}`)).toEqual(['lights:capability.switch', 'thermostat:capability.thermostat', 'setpoint:number']);
    expect(r.app.unboundInputs).toEqual([]);
  });

  it('opens a page linked with params with those params bound, once per params, and bounds a page linking to itself', () => {
    const r = lowerFile(join(REPO_ROOT, 'tests', 'model', 'fixtures', 'environment', 'scene-on-departure.groovy'));
    if (!r.ok) throw new Error(r.error.message);
    const names = r.app.inputs.map((i) => i.name);
    // Scenes 1 and 2 from the scenes page; 3 and on from each scene's link to the next, up to the bound.
    expect(names.slice(0, 5)).toEqual(['person', 'light_1', 'on_1', 'light_2', 'on_2']);
    expect(names).toHaveLength(1 + 2 * 16);
    expect(r.app.inputs.find((i) => i.name === 'light_2')).toMatchObject({ type: 'capability.switch', capability: 'switch', page: 'scenePage' });
    // The declared page is never opened bare (its params would read as null).
    expect(names.some((n) => n.includes('null'))).toBe(false);
    expect(r.app.warnings).toEqual([]);
  });

  it('gives the settings a page opened with params names from them, as the platform opens the link', () => {
    const source = [
      'preferences { page(name: "main") { section { input "lights", "capability.switch", multiple: true\n href "device", params: [room: "hall"]\n href(page: "device", params: [room: "attic"]) } } }',
      'def device(params) { dynamicPage(name: "device") { section { input "${params.room}_level", "number" } } }',
    ].join('\n');
    const r = lowerSource(source, 'rooms.groovy');
    if (!r.ok) throw new Error(r.error.message);
    expect(r.app.inputs.map((i) => `${i.name}:${i.type}`)).toEqual(['lights:capability.switch', 'hall_level:number', 'attic_level:number']);
  });

  it('renders a page declared with `content:` by the method it names, also when a link opens it', () => {
    // Connect apps: page(name: "auth", content: "authPage"); the method's dynamicPage keeps the page's name.
    const source = [
      'preferences { page(name: "auth", title: "Setup", content: "authPage", install: true)\n page(name: "devices", content: "listDevices") }',
      'def authPage() { dynamicPage(name: "auth", nextPage: "devices") { section { input "zipcode", "number" } } }',
      'def listDevices() { dynamicPage(name: "devices") { section { input "lights", "capability.switch", multiple: true } } }',
    ].join('\n');
    const r = lowerSource(source, 'connect.groovy');
    if (!r.ok) throw new Error(r.error.message);
    expect(r.app.inputs.map((i) => `${i.name}:${i.type}:${i.page}`)).toEqual(['zipcode:number:auth', 'lights:capability.switch:devices']);
  });

  it("keeps a child app whose page fails on its parent's answer, with the inputs declared before and a warning; any other app fails", () => {
    // The parent's code is not in the model: `parent.colors()` answers null, so `.name` fails.
    const page = [
      'preferences { page name: "main"\n page name: "more" }',
      'def main() { dynamicPage(name: "main", nextPage: "more") { section { input "lights", "capability.switch"\n input "color", "enum", options: parent.colors().name } } }',
      'def more() { dynamicPage(name: "more") { section { input "level", "number" } } }',
    ].join('\n');
    const child = lowerSource(`definition(name: "Child", namespace: "ns", parent: "ns:Parent")\n${page}`, 'child.groovy');
    if (!child.ok) throw new Error(child.error.message);
    expect(child.app.inputs.map((i) => i.name)).toEqual(['lights', 'level']);
    expect(child.app.warnings.map((w) => [w.message, w.location.line])).toEqual([["page main: NullPointerException: Cannot get property 'name' on null object", 5]]);
    const standalone = lowerSource(`definition(name: "Alone", namespace: "ns")\n${page}`, 'alone.groovy');
    expect(standalone.ok ? 'lowered' : standalone.error).toMatchObject({ kind: 'app-error', line: 5 });
  });

  it('reports a parse error with its position', () => {
    const r = lowerSource('def f( {', 'bad.groovy');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/^parse error/);
  });
});
