// Names as the source writes them: type references (for casts and declarations) and imports.
// Leaf nodes of the AST (they contain no expressions or statements).

import type { NodeBase } from './source-range.js';

/** `String`, `java.util.Date`, `List<Map>`, `int[]`: kept as written, for casts and declarations. */
export interface TypeRef extends NodeBase {
  kind: 'TypeRef';
  /** Dotted name as written, without generics or array brackets. */
  name: string;
  typeArgs: TypeRef[];
  arrayDims: number;
}

export interface ImportDecl extends NodeBase {
  kind: 'ImportDecl';
  /** Dotted path without a trailing `.*`. */
  path: string;
  isStatic: boolean;
  star: boolean;
  alias?: string;
}
