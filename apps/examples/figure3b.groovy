// Figure 3 of the seed paper (Trimananda et al., Stateful DPOR for event-driven applications that
// do not terminate), completion B of ../shared/docs/por-algorithms.md ("The paper's worked
// examples"): the same access pattern as completion A (e1 and e2 access z, e2 and e3 access y,
// e1 and e4 access x) with other values.
//
// Must be found: e4 running after e2 while x = 0 (x = 0, y = 1), e.g. the trace e2, e4, failing
// `y == 0`.
def x = 0
def y = 0
def z = 0

def e1() {
  x = z + 1
}

def e2() {
  z = 0
  y = 1
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
