/** The tables every report shows after its header, in one order for the terminal, Markdown and HTML. */
import type { Result } from '../model/schema.js';
import { loadHostTables } from './load-host-table.js';
import { runtimeTables } from './runtime-matrix.js';
import { stageTables } from './stage-tables.js';
import { type ExtraTable, suiteTables } from './suite-tables.js';

export function extraTables(result: Result): ExtraTable[] {
  return [...suiteTables(result), ...runtimeTables(result), ...stageTables(result), ...loadHostTables(result)];
}
