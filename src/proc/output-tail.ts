/** Keeps the last lines a child printed, to quote them when it fails. */
export class OutputTail {
  private lines: string[] = [];
  private partial = '';

  constructor(private readonly maxLines: number) {}

  push(chunk: Buffer): void {
    const text = this.partial + chunk.toString('utf8');
    const parts = text.split('\n');
    this.partial = parts.pop() ?? '';
    for (const line of parts) this.lines.push(line);
    if (this.lines.length > this.maxLines) this.lines.splice(0, this.lines.length - this.maxLines);
    if (this.partial.length > 4096) this.partial = this.partial.slice(-4096);
  }

  text(): string {
    const all = this.partial ? [...this.lines, this.partial] : this.lines;
    return all.join('\n').trim();
  }
}
