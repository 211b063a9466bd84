import { readFileSync } from 'node:fs';

// Two levels up from src/util/ (or dist/util/) is the package root.
const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

/** The tool version, as recorded in stored runs. */
export const VERSION: string = packageJson.version;
