// Restoring a state before a transition (src/model/home-state.ts) leaves what the world already
// holds as it is, but every transition must still start as from a copy of the snapshot: the same
// state gives the same successor, whatever ran before.
import { describe, expect, it } from 'vitest';
import { homeFor } from '../interp/helpers.js';

// f() leaves one list in two state keys; g() then appends to one of them.
const ALIASING = `def f() { state.a = [1]; state.b = state.a }
def g() { state.a << 2 }`;

describe('restoring a state', () => {
  it('gives a state whose places share a list fresh copies, as the platform does between executions', () => {
    const home = homeFor(ALIASING);
    home.transition(() => home.app.invoke('f', []));
    const afterF = home.capture().snapshot;
    home.restore(afterF); // the world holds this state already, but with state.a and state.b one list
    home.transition(() => home.app.invoke('g', []));
    expect(home.app.canonicalState()).toContain('"a":[1,2]');
    expect(home.app.canonicalState()).toContain('"b":[1]');
  });

  it('gives the same successor from a state the world holds as from one it restores', () => {
    const successor = (restoreFirst: boolean) => {
      const home = homeFor(ALIASING);
      home.transition(() => home.app.invoke('f', []));
      const afterF = home.capture().snapshot;
      if (restoreFirst) {
        home.transition(() => home.app.invoke('g', []));
        home.restore(afterF);
      }
      home.restore(afterF);
      home.transition(() => home.app.invoke('g', []));
      return home.stateKey();
    };
    expect(successor(false)).toBe(successor(true));
  });
});
