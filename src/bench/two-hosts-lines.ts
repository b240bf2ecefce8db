/** What `scripts/two-hosts.sh up` prints: KEY=value lines (SSH_CONFIG, SERVER, LOAD2_NS, …), read into a map. */
export function twoHostsLines(stdout: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const line of stdout.split('\n')) {
    const match = /^([A-Z0-9_]+)=(.*)$/.exec(line);
    if (match) values.set(match[1], match[2]);
  }
  return values;
}
