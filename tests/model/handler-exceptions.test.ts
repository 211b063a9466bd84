// The platform's failure semantics: an exception an app raises in a handler ends that execution
// only. Its effects up to the throw stand, it is recorded (class, handler, line), whoever delivered
// the event goes on, and a pair with such an app is still decided, with the exception as a warning.
// A gap (an API the tool does not model) still stops the pair as `unsupported`, naming the API.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPairFiles } from '../../src/pipeline/check-pair.js';
import { lowerSource } from '../../src/pipeline/load.js';
import { Home } from '../../src/model/home.js';
import { REPO_ROOT } from '../support/corpus.js';

const fixture = (name: string) => join(REPO_ROOT, 'tests', 'census', 'fixtures', `${name}.groovy`);

function installed(body: string): Home {
  const source = `definition(name: "t", namespace: "t", author: "t", description: "t", category: "t")
preferences { section("s") { input "contact1", "capability.contactSensor"; input "light1", "capability.switch" } }
${body}`;
  const lowered = lowerSource(source, 'thrower.groovy');
  if (!lowered.ok) throw new Error(lowered.error.message);
  const home = new Home(lowered.app, { init: true });
  home.install();
  return home;
}

const light = (home: Home) => home.attribute(home.deviceOfInput('light1')!, 'switch');
const errors = (home: Home) => home.records.filter((r) => r.kind === 'error');

describe('an exception in a handler', () => {
  it("ends that execution: the command before the throw stands, and the exception is recorded with class, handler and line", () => {
    const home = installed(`def installed() { subscribe(contact1, "contact.open", openHandler) }
def openHandler(evt) {
  light1.off()
  def n = state.missing.size()
  light1.on()
}`);
    home.fireEvent('contact1', 'contact', 'open');
    expect(light(home)).toBe('off');
    expect(errors(home)).toEqual([expect.objectContaining({ app: 'App1', handler: 'openHandler', exception: 'NullPointerException', line: 6 })]);
  });

  it("from httpError is the endpoint's error answer: it ends the execution, and only the answer is recorded, not an exception of the app", () => {
    const home = installed(`def installed() { subscribe(contact1, "contact.open", openHandler) }
def openHandler(evt) {
  light1.off()
  httpError(404, "Device not found")
  light1.on()
}`);
    home.fireEvent('contact1', 'contact', 'open');
    expect(light(home)).toBe('off');
    expect(errors(home)).toEqual([]);
    expect(home.records.filter((r) => r.kind === 'message').map((r) => (r.kind === 'message' ? r.message.text : ''))).toEqual(['httpError 404 Device not found']);
  });

  it("in a timer's method ends the timer only: the handler that scheduled it goes on", () => {
    const home = installed(`def installed() { subscribe(contact1, "contact.open", openHandler) }
def openHandler(evt) {
  runIn(60, later)
  light1.off()
}
def later() { throw new IllegalStateException("boom") }`);
    home.fireEvent('contact1', 'contact', 'open');
    expect(light(home)).toBe('off');
    expect(errors(home)).toEqual([expect.objectContaining({ handler: 'later', exception: 'IllegalStateException', line: 8 })]);
  });

  it('in installed() keeps the subscriptions made before the throw', () => {
    const home = installed(`def installed() {
  subscribe(contact1, "contact.open", openHandler)
  def x = null
  x.foo()
}
def openHandler(evt) { light1.off() }`);
    expect(errors(home)).toEqual([expect.objectContaining({ handler: 'installed', exception: 'NullPointerException', line: 6 })]);
    home.fireEvent('contact1', 'contact', 'open');
    expect(light(home)).toBe('off');
  });
});

describe('a pair with an app that raises exceptions', () => {
  it('is decided, with each exception once as an app-exception warning (app, handler, line)', () => {
    const r = checkPairFiles(fixture('app-exception'), fixture('runs'), { mode: 'dpor' });
    expect(['conflict', 'no-conflict']).toContain(r.verdict);
    expect(r.warnings.filter((w) => w.kind === 'app-exception')).toEqual([
      expect.objectContaining({ app: 'app-exception', handler: 'openHandler', line: 15, message: expect.stringMatching(/^app-exception openHandler\(\): NullPointerException/) }),
    ]);
  });

  it('with a gap is unsupported, naming the API and where (not mistaken for a verdict)', () => {
    const r = checkPairFiles(fixture('gap'), fixture('runs'), { mode: 'dpor' });
    expect(r.verdict).toBe('unsupported');
    expect(r.error).toMatch(/^unsupported: method parseXml\(\) at .*gap\.groovy:12:20$/);
  });
});
