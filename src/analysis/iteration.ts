// The GDK methods that call their closure with each element of their receiver (its first
// parameter: `switches.each { it.off() }`, `resp.data.find { it.name == x }`), for the analyses
// that follow a collection's elements into a closure.

export const ELEMENT_ITERATIONS: ReadonlySet<string> = new Set([
  'each', 'eachWithIndex', 'reverseEach', 'find', 'findAll', 'findResult', 'findResults', 'collect', 'any', 'every', 'count',
  'sort', 'min', 'max', 'groupBy', 'sum',
]);
