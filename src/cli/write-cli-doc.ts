/**
 * npm run docs:cli: writes docs/cli.md from the program's definitions. It lives in src/cli,
 * not beside docs/errors.md's writer, because only the top layer may build the program.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { CLI_DOC_FILE, renderCliDoc } from '../docs/cli-doc.js';
import { buildProgram } from './program.js';

mkdirSync(dirname(CLI_DOC_FILE), { recursive: true });
writeFileSync(CLI_DOC_FILE, renderCliDoc(buildProgram()));
console.log(`written: ${CLI_DOC_FILE}`);
