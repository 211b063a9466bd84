// `app.updateSetting(name, value)` (src/interp/smartthings/objects.ts, instance.ts): the setting's
// new value is part of the app's state, so later handler runs see it, snapshots copy it, the state
// key shows it, and the update is a write (a read of the setting a read) the model checker sees.
import { describe, expect, it } from 'vitest';
import { InterpError } from '../../src/interp/errors.js';
import { homeFor } from './helpers.js';

const APP = `preferences {
  section("s") {
    input "lvl", "number", title: "level"
    input "light", "capability.switch", title: "light"
  }
}
def raise() { app.updateSetting("lvl", 42) }
def typed() { app.updateSetting("lvl", [type: "number", value: 7]) }
def reset() { app.updateSetting("lvl", 50) }
def clear() { app.updateSetting("light", null) }
def name() { app.updateSetting("bridge", "b1") }
def badDevice() { app.updateSetting("light", "switch-id") }
def badTypedDevice() { app.updateSetting("bridge", [type: "device.hueBridge", value: "b1"]) }
def level() { lvl }
def fromSettings() { settings.lvl }
def bridgeName() { bridge }
def lightNow() { light }
def sameRun() {
  app.updateSetting("lvl", 9)
  [lvl, settings["lvl"]]
}`;

const errorKind = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (e) {
    if (e instanceof InterpError) return e.kind;
    throw e;
  }
  return undefined;
};

describe('a setting the app updates', () => {
  it('holds its new value in later handler runs, by its input name and in `settings`', () => {
    const home = homeFor(APP);
    expect(home.app.invoke('level', [])).toBe(50);
    home.app.invoke('raise', []);
    expect(home.app.invoke('level', [])).toBe(42);
    expect(home.app.invoke('fromSettings', [])).toBe(42);
    home.app.invoke('typed', []);
    expect(home.app.invoke('level', [])).toBe(7);
  });

  it('is visible at once in the execution that updates it (the documented assumption)', () => {
    expect(homeFor(APP).app.invoke('sameRun', [])).toEqual([9, 9]);
  });

  it('can be a name no input declares, and a device setting can be cleared', () => {
    const home = homeFor(APP);
    expect(home.app.invoke('bridgeName', [])).toBeNull();
    home.app.invoke('name', []);
    expect(home.app.invoke('bridgeName', [])).toBe('b1');
    expect(home.app.invoke('lightNow', [])).not.toBeNull();
    home.app.invoke('clear', []);
    expect(home.app.invoke('lightNow', [])).toBeNull();
  });

  it('holds nothing once the app deletes it (`app.deleteSetting(name)`), where only that call names an update', () => {
    const home = homeFor(`preferences { section("s") { input "light", "capability.switch" } }
def drop() { app.deleteSetting("light") }
def lightNow() { [light == null, settings.light == null] }`);
    expect(home.app.invoke('lightNow', [])).toEqual([false, false]);
    home.app.invoke('drop', []);
    expect(home.app.invoke('lightNow', [])).toEqual([true, true]);
  });

  it('is restored from a snapshot taken before the update', () => {
    const home = homeFor(APP);
    const before = home.snapshot();
    home.app.invoke('raise', []);
    home.app.invoke('name', []);
    home.restore(before);
    expect(home.app.invoke('level', [])).toBe(50);
    expect(home.app.invoke('fromSettings', [])).toBe(50);
    expect(home.app.invoke('bridgeName', [])).toBeNull();
  });

  it('is part of the state key; updating it back to the user\'s value gives the first key again', () => {
    const home = homeFor(APP);
    const key = home.stateKey();
    home.app.invoke('raise', []);
    expect(home.stateKey()).not.toBe(key);
    home.app.invoke('reset', []);
    expect(home.stateKey()).toBe(key);
  });

  it('is a write of the setting\'s location, and reading it a read; storing the value it holds is a read', () => {
    const home = homeFor(APP);
    const accesses = (method: string) => [...home.strongestAccesses(() => home.app.invoke(method, []), home.capture().layout).accesses].map(([location, kind]) => `${kind} ${location}`);
    expect(accesses('level')).toEqual(['read App1.setting.lvl']);
    expect(accesses('raise')).toEqual(['write App1.setting.lvl']);
    expect(accesses('raise')).toEqual(['read App1.setting.lvl']);
    expect(accesses('fromSettings')).toEqual(['read App1.setting.*']);
  });

  it('costs an app that never updates a setting no accesses', () => {
    const home = homeFor('preferences {\n  section("s") { input "lvl", "number" }\n}\ndef level() { [lvl, settings.lvl] }');
    expect(home.transition(() => home.app.invoke('level', []))).toEqual([]);
  });

  it('of a device type cannot be given something that is not a device: a gap, not an app error', () => {
    expect(errorKind(() => homeFor(APP).app.invoke('badDevice', []))).toBe('unsupported');
    expect(errorKind(() => homeFor(APP).app.invoke('badTypedDevice', []))).toBe('unsupported');
  });

  it('by a computed method name, in an app whose code never names updateSetting, is a gap', () => {
    const home = homeFor('preferences {\n  section("s") { input "lvl", "number" }\n}\ndef f() { def m = "update"; app."${m}Setting"("lvl", 1) }');
    expect(errorKind(() => home.app.invoke('f', []))).toBe('unsupported');
  });
});
