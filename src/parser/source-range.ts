// Where a piece of syntax came from: every AST node and every positioned error carries a range.

export interface Position {
  /** 0-based character offset into the source. */
  offset: number;
  /** 1-based line. */
  line: number;
  /** 1-based column. */
  column: number;
}

export interface Range {
  start: Position;
  end: Position;
}

export interface NodeBase {
  /** Parentheses make no node: the range of `(a + b)` is that of `a + b`. */
  range: Range;
}
