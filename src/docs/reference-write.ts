/** npm run docs:reference: regenerates the figures the README and docs quote from bench/. */
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { projectRoot } from '../core/paths.js';
import { referencePages } from './reference-docs.js';

for (const { file, text } of referencePages()) {
  writeFileSync(file, text);
  console.log(`written: ${relative(projectRoot, file)}`);
}
