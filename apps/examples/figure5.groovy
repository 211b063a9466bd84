// Figure 5 of the seed paper (Trimananda et al., Stateful DPOR for event-driven applications that
// do not terminate), completed as in ../shared/docs/por-algorithms.md ("The paper's worked
// examples"). e1, e2 and e3 each run once. The first execution e1, e2, e3 passes; e2 and e3
// conflict on x, e1 and e3 both access y. Tracking accesses per location (each location to its
// nearest conflicting transition) puts e2 into backtrack(s0); tracking one conflict per transition,
// or stopping at every state match, misses the asserting execution.
//
// Must be found: the trace e2, e3 (x = 1 while y = 0), failing `y == 1`.
def x = 0
def y = 0

def e1() {
  y = 1
  disable("e1")
}

def e2() {
  x = 1
  disable("e2")
}

def e3() {
  if (x == 1) assert y == 1
  disable("e3")
}
