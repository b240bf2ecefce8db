/** npm run docs:warnings: writes docs/warnings.md from the catalogue of warning codes. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { renderWarningsDoc, WARNINGS_DOC_FILE } from './warnings-doc.js';

mkdirSync(dirname(WARNINGS_DOC_FILE), { recursive: true });
writeFileSync(WARNINGS_DOC_FILE, renderWarningsDoc());
console.log(`written: ${WARNINGS_DOC_FILE}`);
