// A faithful re-implementation of the reference's token scan of an app pair (reference §2.2 and
// §5.7: the DPOR variant's ExtractorScript), which decides the pair's event types and so the
// paper's "Evt." column. It reads raw text, comments and strings included, as the reference does:
// the corpus's adapted apps rely on that (`// installed()` before a `schedule(...)` makes it an
// event). Quirks kept on purpose, so our event lists match the paper's: a string's spaces split it (`"presence.not present"` reads as `presence.not`), the input map is
// shared by both apps, and a `capability` token swallows the three tokens after it.

export interface ScannedType {
  /** `switch`, `contact.open`, `mode`, `app`, `schedule`, ... */
  type: string;
  app: 'App1' | 'App2';
  /** The subscribed variable (an input name), when the type came from a subscription to one. */
  variable?: string;
  /** The variable's input type as the scan recorded it (`capability.switch`), if it had one. */
  inputType?: string;
  /** For `schedule`: the scheduled method's name. */
  handler?: string;
}

const SPECIAL = new Set(['(', '"', ':', ',', '{', '}', ')', '/', '*']);
const SKIP = new Set(['\n', '\t', ' ']);
const EOF = 'EOF';

/** The reference's tokenizer: special characters are tokens, runs of others are split at SKIP. */
export function referenceTokens(text: string): string[] {
  const tokens: string[] = [];
  let current = '';
  // Python's text mode reads \r\n and \r as \n.
  for (const c of text.replace(/\r\n?/g, '\n')) {
    if (SPECIAL.has(c)) {
      if (current !== '') tokens.push(current);
      tokens.push(c);
      current = '';
    } else if (SKIP.has(c)) {
      if (current !== '') tokens.push(current);
      current = '';
    } else {
      current += c;
    }
  }
  // The reference returns EOF as soon as the file ends, dropping a token still being read.
  return tokens;
}

/** Types added once per pair, whichever app subscribes. */
const LOCATION_TYPES = new Set(['app', 'location', 'position', 'mode', 'mode.away', 'mode.home', 'mode.night',
  'sunset', 'sunrise', 'sunsetTime', 'sunriseTime']);

class TokenStream {
  private index = 0;
  constructor(private readonly tokens: readonly string[]) {}
  next(): string {
    return this.index < this.tokens.length ? this.tokens[this.index++] : EOF;
  }
  /** Reads until `stop` (or the end, where the reference would loop forever) and returns it. */
  until(stop: (t: string) => boolean, from: string): string {
    let t = from;
    while (!stop(t) && t !== EOF) t = this.next();
    return t;
  }
}

/** The event types of a pair, in the order the reference's scan adds them (App1's file, then App2's). */
export function scanPairTypes(app1Source: string, app2Source: string): ScannedType[] {
  const scan = new PairScan();
  scan.scanApp(app1Source, 'App1');
  scan.scanApp(app2Source, 'App2');
  return scan.types;
}

class PairScan {
  readonly types: ScannedType[] = [];
  private readonly inputTypes = new Map<string, string>();
  private readonly seenInputTypes: string[] = [];

  scanApp(source: string, app: 'App1' | 'App2'): void {
    const stream = new TokenStream(referenceTokens(source));
    let t = stream.next();
    while (t !== EOF) {
      if (t === 'def' || t === 'private') {
        t = stream.next();
        if (t === 'def' || t === 'private') t = stream.next();
        stream.next(); // the `(` of a method declaration (consumed whatever it is)
      }
      if (t === 'initialize' || t === 'installed') t = this.scheduleAfter(stream, app);
      if (t === 'input') this.input(stream, t);
      if (t === 'subscribe') t = this.subscribe(stream, app);
      if (t === 'capability') { stream.next(); stream.next(); stream.next(); }
      t = stream.next();
    }
  }

  /** `installed() { schedule(x, "m")`: the first statement of installed/initialize as an event. */
  private scheduleAfter(stream: TokenStream, app: 'App1' | 'App2'): string {
    stream.next();
    stream.next();
    let t = stream.next();
    if (t !== 'schedule') return t;
    t = stream.until((x) => x === ',', t);
    t = stream.next();
    if (t === '"') t = stream.next();
    this.types.push({ type: 'schedule', app, handler: t });
    return t;
  }

  /** `input "name", "type"`: records the input's type in the pair-wide map. */
  private input(stream: TokenStream, from: string): void {
    stream.until((x) => x === '"', from);
    const variable = stream.next();
    stream.next();
    const t = stream.next();
    stream.until((x) => x === '"', t);
    this.inputTypes.set(variable, stream.next());
  }

  private subscribe(stream: TokenStream, app: 'App1' | 'App2'): string {
    let t = stream.next();
    if (t === '(') t = stream.next();
    const variable = t;
    t = stream.until((x) => x === '"' || x === 'app' || x === 'location', t);
    if (t === 'location') {
      stream.next();
      t = stream.next();
      t = t === '"' ? stream.next() : 'location';
    }
    if (t === '"') t = stream.next();
    if (t === 'unlock' || t === EOF) return t;
    const known = this.types.some((x) => x.type === t);
    if (LOCATION_TYPES.has(t)) {
      if (!known) this.types.push({ type: t, app });
      return t;
    }
    const inputType = this.inputTypes.get(variable);
    if (!known || (inputType !== undefined && !this.seenInputTypes.includes(inputType))) {
      if (inputType !== undefined) this.seenInputTypes.push(inputType);
      this.types.push({ type: t, app, variable, inputType });
    }
    return t;
  }
}
