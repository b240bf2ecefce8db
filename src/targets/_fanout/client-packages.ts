/**
 * Which release of a client a runtime gets: the newest where it runs, else the newest line that
 * runs there. Apps and manifests ask the same function, so the result records what ran.
 */

/** [major, minor] of a Node version string ("22.19.0"). */
function nodeVersion(version: string): [number, number] {
  const [major, minor] = version.split('.').map(Number);
  return [major, minor];
}

/** undici 8.12.4 needs Node >= 22.19 (its engines); 7.30.2 is the newest for Node 20. */
export function undiciPackage(node: string): 'undici8' | 'undici7' {
  const [major, minor] = nodeVersion(node);
  return major > 22 || (major === 22 && minor >= 19) ? 'undici8' : 'undici7';
}

/** got 16.1.0 needs Node >= 22; 14.6.6 is the newest for Node 20. */
export function gotPackage(node: string): 'got16' | 'got14' {
  return nodeVersion(node)[0] >= 22 ? 'got16' : 'got14';
}
