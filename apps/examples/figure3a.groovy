// Figure 3 of the seed paper (Trimananda et al., Stateful DPOR for event-driven applications that
// do not terminate), completion A of ../shared/docs/por-algorithms.md ("The paper's worked
// examples"). e1..e4 are always enabled; e1 and e2 access z, e2 and e3 access y, e1 and e4 access x.
// The first execution is s0 -e1-> s1 -e2-> s2 -e3-> s1 -e4-> s0; from s0, e2 leads to a new state s3
// and e3 back to s0. The backtracking point for e4 at s3 is only set by the backward search over
// every path of the state graph into e4's transition, not only the current execution.
//
// Must be found: e4 running at s3 (x = 0, y = 1), e.g. the trace e2, e4, failing `y == 0`.
def x = 0
def y = 0
def z = 0

def e1() {
  x = 1
  z = 0
}

def e2() {
  y = z + 1
}

def e3() {
  y = 0
}

def e4() {
  if (x == 0) {
    if (y == 1) assert y == 0
  } else {
    x = 0
  }
}
