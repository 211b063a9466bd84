// The default budget of a pair's search (per mode, in seconds of the checking process's CPU time,
// util/cpu-clock.ts) in the commands that check pairs: `check` and `batch`. 120 s: in the full
// environment the largest labelled pair of the study, smart-alarm × smart-security, needs 90 and
// 100 s of wall time (its two orders) with two checks at once on 2 cores (docs/model.md, "The
// clock"); every other one of the study's pairs decides within 60 s.
export const DEFAULT_BUDGET_S = '120';
