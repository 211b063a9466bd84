// The paper's worked examples as event systems, completed as in
// ../shared/docs/por-algorithms.md ("The paper's worked examples"). Handlers are listed in the
// paper's order (e1 < e2 < ...).
import type { Handler, Vars } from './var-system.js';

export interface Figure {
  name: string;
  initial: Vars;
  handlers: Handler[];
  /** The id of the assertion the asserting execution fails. */
  assertion: string;
}

/** Figure 1 (threads recast as events): T2 returns to s1, where a naive stateful DPOR stops. */
export const figure1: Figure = {
  name: 'Figure 1',
  initial: { x: 0, z: 0 },
  assertion: 'r4 == 0',
  handlers: [
    {
      name: 'T1',
      run(v, c) {
        v.x = 1;
        c.disable('T1');
      },
    },
    { name: 'T2', run() {} },
    {
      name: 'T3a',
      run(v, c) {
        void v.z; // r3 = z
        c.disable('T3a');
        c.enable('T3b');
      },
    },
    {
      name: 'T3b',
      enabled: false,
      run(v, c) {
        const r4 = v.x;
        v.x = r4 + 1;
        c.disable('T3b');
        c.assert('r4 == 0', r4 === 0);
      },
    },
  ],
};

/** Figure 3's e4, shared by both completions. */
const figure3e4: Handler = {
  name: 'e4',
  run(v, c) {
    const y = () => v.y; // each call reads y, as the paper's two reads do
    if (v.x === 0) {
      if (y() === 1) c.assert('y == 0', y() === 0);
    } else {
      v.x = 0;
    }
  },
};

/** Figure 3, completion A. */
export const figure3A: Figure = {
  name: 'Figure 3 (completion A)',
  initial: { x: 0, y: 0, z: 0 },
  assertion: 'y == 0',
  handlers: [
    {
      name: 'e1',
      run(v) {
        v.x = 1;
        v.z = 0;
      },
    },
    {
      name: 'e2',
      run(v) {
        v.y = v.z + 1;
      },
    },
    {
      name: 'e3',
      run(v) {
        v.y = 0;
      },
    },
    figure3e4,
  ],
};

/** Figure 3, completion B. */
export const figure3B: Figure = {
  name: 'Figure 3 (completion B)',
  initial: { x: 0, y: 0, z: 0 },
  assertion: 'y == 0',
  handlers: [
    {
      name: 'e1',
      run(v) {
        v.x = v.z + 1;
      },
    },
    {
      name: 'e2',
      run(v) {
        v.z = 0;
        v.y = 1;
      },
    },
    {
      name: 'e3',
      run(v) {
        v.y = 0;
      },
    },
    figure3e4,
  ],
};

/** Figure 5: e2 and e3 conflict on x, e1 and e3 on y; the asserting execution is e2, e3, e1. */
export const figure5: Figure = {
  name: 'Figure 5',
  initial: { x: 0, y: 0 },
  assertion: 'y == 1',
  handlers: [
    {
      name: 'e1',
      run(v, c) {
        v.y = 1;
        c.disable('e1');
      },
    },
    {
      name: 'e2',
      run(v, c) {
        v.x = 1;
        c.disable('e2');
      },
    },
    {
      name: 'e3',
      run(v, c) {
        if (v.x === 1) c.assert('y == 1', v.y === 1);
        c.disable('e3');
      },
    },
  ],
};
