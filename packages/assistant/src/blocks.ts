/**
 * Incremental markdown (QUALITY P6): the answer is cut into blocks at blank lines outside fenced code.
 * A block followed by a blank line is finished: it is rendered once and kept; only the unfinished tail is
 * rendered again as text arrives. Every character is scanned once, so the work per chunk is proportional
 * to the chunk (plus the tail), not to the whole answer.
 */

export interface BlockView {
  /** Rendered finished blocks, in order (the same strings from one update to the next). */
  readonly done: readonly string[];
  /** The rendered unfinished tail ('' when there is none). */
  readonly tail: string;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

export class IncrementalBlocks {
  private source = '';
  private done: string[] = [];
  /** Characters of the source inside finished blocks. */
  private consumed = 0;
  /** Where the next unscanned line starts. */
  private scanned = 0;
  private fence: string | null = null;
  private tailSource: string | null = null;
  private tailHtml = '';

  constructor(private readonly render: (markdown: string) => string) {}

  /** The view of `text`, which normally extends the text of the previous update. */
  update(text: string): BlockView {
    // The finished blocks are taken as they were (a new answer gets a new instance); only the unfinished
    // tail is compared, so an update costs the tail and the new text, never the whole answer.
    if (text.length < this.source.length || !text.startsWith(this.source.slice(this.consumed), this.consumed))
      this.reset();
    this.source = text;
    for (;;) {
      const end = text.indexOf('\n', this.scanned);
      if (end < 0) break;
      const line = text.slice(this.scanned, end);
      this.scanned = end + 1;
      const fence = FENCE.exec(line)?.[1];
      if (fence) {
        if (this.fence === null) this.fence = fence[0] as string;
        else if (fence[0] === this.fence) this.fence = null;
        continue;
      }
      if (this.fence === null && line.trim() === '') {
        const block = text.slice(this.consumed, this.scanned);
        this.consumed = this.scanned;
        if (block.trim() !== '') this.done.push(this.render(block));
      }
    }
    const tail = text.slice(this.consumed);
    if (tail !== this.tailSource) {
      this.tailSource = tail;
      this.tailHtml = tail.trim() === '' ? '' : this.render(tail);
    }
    return { done: this.done, tail: this.tailHtml };
  }

  private reset() {
    this.source = '';
    this.done = [];
    this.consumed = 0;
    this.scanned = 0;
    this.fence = null;
    this.tailSource = null;
    this.tailHtml = '';
  }
}
