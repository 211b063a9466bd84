// Compares the interpreter with a real Groovy, snippet by snippet: each line of each FILE is the
// body of `def f() { ... }`; both print the value of f() as a GString does ("${f()}"), or
// `EXC <class>` for an exception, `PARSE` when the body does not compile, `UNSUPPORTED` where the
// model stops. With --classpath (a Groovy jar, and groovy-json's for JSON snippets) it runs the
// same bodies through `java -cp CP groovy.ui.GroovyMain` and prints those that differ; without it,
// the interpreter's values only. No Groovy is a dependency of the project: results/interp.md says
// which jars were used and where they came from. Lines that are empty or start with `//` are skipped.
//
// Usage: node --import tsx scripts/groovy-compare.ts [--classpath CP] FILE...
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { GroovyError, UnsupportedError } from '../src/interp/errors.js';
import { toStr } from '../src/interp/operators.js';
import { Home } from '../src/model/home.js';
import { lowerSource } from '../src/pipeline/load.js';

/** Groovy's side: evaluates every body in a fresh shell and writes the texts as a JSON list. */
const GROOVY_RUNNER = `
import groovy.json.JsonOutput
import groovy.json.JsonSlurper
import org.codehaus.groovy.control.CompilationFailedException
def out = new JsonSlurper().parse(new File(args[0])).collect { body ->
  try {
    "\${new GroovyShell().evaluate('def f() {\\n' + body + '\\n}\\nf()')}".toString()
  } catch (CompilationFailedException e) {
    'PARSE'
  } catch (Throwable e) {
    'EXC ' + e.getClass().getSimpleName()
  }
}
new File(args[1]).text = JsonOutput.toJson(out)
`;

/** The interpreter's text for one body, spelled as the runner spells Groovy's. */
function interpreterText(body: string): string {
  const lowered = lowerSource(`def f() {\n${body}\n}\n`, 'snippet.groovy');
  if (!lowered.ok) return 'PARSE';
  try {
    const home = new Home(lowered.app, { init: true });
    home.install();
    return toStr(home.app.invoke('f', []));
  } catch (e) {
    if (e instanceof GroovyError) return `EXC ${e.javaClass.split('.').pop()}`;
    if (e instanceof UnsupportedError) return 'UNSUPPORTED';
    throw e;
  }
}

function groovyTexts(bodies: readonly string[], classpath: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'groovy-compare-'));
  try {
    const [runner, input, output] = ['runner.groovy', 'in.json', 'out.json'].map((f) => join(dir, f));
    writeFileSync(runner, GROOVY_RUNNER);
    writeFileSync(input, JSON.stringify(bodies));
    execFileSync('java', ['-cp', classpath, 'groovy.ui.GroovyMain', runner, input, output], { stdio: ['ignore', 'ignore', 'inherit'] });
    return JSON.parse(readFileSync(output, 'utf8')) as string[];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function snippetsOf(files: readonly string[]): string[] {
  return files.flatMap((f) => readFileSync(f, 'utf8').split('\n').filter((line) => line.trim() !== '' && !line.trimStart().startsWith('//')));
}

function main(): void {
  const { values, positionals } = parseArgs({ options: { classpath: { type: 'string' } }, allowPositionals: true });
  if (positionals.length === 0) {
    process.stderr.write('usage: node --import tsx scripts/groovy-compare.ts [--classpath CP] FILE...\n');
    process.exit(2);
  }
  const bodies = snippetsOf(positionals);
  const ours = bodies.map(interpreterText);
  if (!values.classpath) {
    bodies.forEach((body, i) => process.stdout.write(`${body}\n  stcheck: ${ours[i]}\n`));
    return;
  }
  const groovy = groovyTexts(bodies, values.classpath);
  const differing = bodies.filter((_, i) => groovy[i] !== ours[i]);
  bodies.forEach((body, i) => {
    if (groovy[i] !== ours[i]) process.stdout.write(`${body}\n  groovy:  ${groovy[i]}\n  stcheck: ${ours[i]}\n`);
  });
  process.stdout.write(`${bodies.length} snippets, ${differing.length} differ\n`);
}

main();
