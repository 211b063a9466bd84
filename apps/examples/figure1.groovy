// Figure 1 of the seed paper (Trimananda et al., Stateful DPOR for event-driven applications that
// do not terminate), its three threads recast as events, completed as in
// ../shared/docs/por-algorithms.md ("The paper's worked examples").
//
// T1 steps to s1; T2 does nothing, so it returns to s1 (a self-loop), where a naive stateful DPOR
// ends the execution with no backtracking point set. The termination proviso (IsFullCycle) lets the
// execution go on, because T3a is enabled at the self-loop and has not run there.
//
// Must be found: an execution in which T1 writes x before T3b reads it, e.g. T1, T3a, T3b, where
// T3b fails `r4 == 0` (r4 = 1). It needs T1 and T3 (T3a, T3b); T2 plays no part.
def x = 0
def z = 0
disabled = ["T3b"]

def T1() {
  x = 1
  disable("T1")
}

def T2() {
  // No effect: a self-loop back to the state it runs from.
}

def T3a() {
  def r3 = z
  disable("T3a")
  enable("T3b")
}

def T3b() {
  def r4 = x
  x = r4 + 1
  disable("T3b")
  assert r4 == 0
}
