import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under `dir`, in its subfolders too, whose name ends with `suffix` (all files without one). */
export function filesUnder(dir: string, suffix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path, suffix);
    return entry.name.endsWith(suffix) ? [path] : [];
  });
}
