// Interning by structure: one shared object per distinct sequence of primitive parts, found by
// walking a trie of the parts rather than by printing the value. The pair model hands the checker
// a list of accesses and a list of attribute writes per transition; most transitions of a pair
// repeat lists seen before, and printing each list to JSON to look it up was a tenth of a
// transition's time on FireCO2Alarm's pairs (issue 17).

type Part = string | number | boolean | undefined;

/** A node of the trie: the sequences that start with the parts on the way to it. */
export class TrieNode<T> {
  private children: Map<Part, TrieNode<T>> | undefined;
  /** The shared object of the sequence that ends here, once made. */
  value: T | undefined;

  /** The node one part further, made on first use. */
  next(part: Part): TrieNode<T> {
    const children = (this.children ??= new Map());
    let child = children.get(part);
    if (child === undefined) children.set(part, (child = new TrieNode<T>()));
    return child;
  }
}
