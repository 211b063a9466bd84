// Which stores an app can look at as a whole (src/lower/store-usage.ts): what decides whether a
// key holding null can be kept as a missing key.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lowerSource } from '../../src/pipeline/load.js';
import { HAVE_CORPUS, SMARTAPPS_DIR } from '../support/corpus.js';

function wholeStores(body: string): string[] {
  const lowered = lowerSource(`def f() {\n${body}\n}\n`, 'snippet.groovy');
  if (!lowered.ok) throw new Error(lowered.error.message);
  return lowered.app.storesReadWhole;
}

describe('stores read as a whole', () => {
  it('ignores uses of one key: properties, indexes, get/put/remove, assignments', () => {
    expect(wholeStores('state.x = 1; state["y"] = state.x; atomicState.z?.w; state.put("a", 1); state.remove("a"); this.state.q = 2')).toEqual([]);
  });

  it('counts iteration, key queries, copies and whole-store arguments, per store', () => {
    expect(wholeStores('state.each { k, v -> }')).toEqual(['state']);
    expect(wholeStores('atomicState.containsKey("x")')).toEqual(['atomicState']);
    expect(wholeStores('def s = state')).toEqual(['state']);
    expect(wholeStores('foo(this.atomicState)')).toEqual(['atomicState']);
    expect(wholeStores('def text = "s: $state"')).toEqual(['state']);
    expect(wholeStores('state*.value')).toEqual(['state']);
  });

  it('does not count a store printed to the log', () => {
    expect(wholeStores('log.debug "state: $state"; log.info "s " + atomicState; log.trace(state)')).toEqual([]);
  });
});

describe.runIf(HAVE_CORPUS)('stores read as a whole in the corpus', () => {
  it('finds the logger apps key by key and ifttt (which returns its state) not', () => {
    for (const name of ['initial-state-event-sender', 'initial-state-event-streamer', 'thermostat', 'keep-me-cozy-ii']) {
      expect(lowered(name).storesReadWhole, name).toEqual([]);
    }
    expect(lowered('ifttt').storesReadWhole).toEqual(['state']);
  });
});

function lowered(name: string) {
  const file = join(SMARTAPPS_DIR, `${name}.groovy`);
  const result = lowerSource(readFileSync(file, 'utf8'), file);
  if (!result.ok) throw new Error(result.error.message);
  return result.app;
}
