/** npm run docs:errors: writes docs/errors.md from the catalogue. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { ERRORS_DOC_FILE, renderErrorsDoc } from './errors-doc.js';

mkdirSync(dirname(ERRORS_DOC_FILE), { recursive: true });
writeFileSync(ERRORS_DOC_FILE, renderErrorsDoc());
console.log(`written: ${ERRORS_DOC_FILE}`);
