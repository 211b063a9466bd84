// The clock a check's time budget runs on: the CPU time this process has used, in ms.
// A budget on the wall clock stopped searches early whenever other work shared the cores (a pair
// that decides in 80 s alone ran out of 120 s beside a test run), so one pair got different
// verdicts on a busy and an idle machine. CPU time does not grow while the process waits for a core.
// It counts every thread of the process (V8's garbage-collector helpers too), so a search gets a
// little less than its budget for its own work; the batch runs one check at a time per worker
// process, so no other check is counted.
export function cpuClockMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
