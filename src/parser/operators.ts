// The operator vocabularies of Groovy expressions as the parser spells them (leaf types of the AST).

export type UnaryOperator = '!' | '-' | '+' | '~';

export type UpdateOperator = '++' | '--';

export type LogicalOperator = '&&' | '||';

export type BinaryOperator =
  | '+' | '-' | '*' | '/' | '%' | '**'
  | '==' | '!=' | '<' | '<=' | '>' | '>=' | '<=>' | '===' | '!=='
  | '=~' | '==~'
  | '<<' | '>>' | '>>>' | '&' | '|' | '^'
  | 'in' | '!in';

export type AssignOperator =
  | '=' | '+=' | '-=' | '*=' | '/=' | '%=' | '**=' | '<<=' | '>>=' | '>>>=' | '&=' | '|=' | '^=' | '?=';
