import { expect } from '@esm-bundle/chai';
import { IncrementalBlocks } from './blocks';

/** A renderer that records what it was asked to render. */
function recording() {
  const calls: string[] = [];
  const blocks = new IncrementalBlocks((md) => {
    calls.push(md);
    return `<${md.trim()}>`;
  });
  return { calls, blocks };
}

describe('incremental markdown blocks (P6)', () => {
  it('renders a finished block once; only the tail again as text arrives', () => {
    const { calls, blocks } = recording();
    expect(blocks.update('# Ti')).to.deep.equal({ done: [], tail: '<# Ti>' });
    expect(blocks.update('# Title\n\npara')).to.deep.equal({ done: ['<# Title>'], tail: '<para>' });
    expect(blocks.update('# Title\n\nparagraph')).to.deep.equal({ done: ['<# Title>'], tail: '<paragraph>' });
    expect(calls).to.deep.equal(['# Ti', '# Title\n\n', 'para', 'paragraph']);
  });

  it('keeps fenced code with blank lines in one block', () => {
    const { blocks } = recording();
    const text = '```js\nconst a = 1;\n\nconst b = 2;\n```\n\nafter';
    expect(blocks.update(text)).to.deep.equal({
      done: ['<```js\nconst a = 1;\n\nconst b = 2;\n```>'],
      tail: '<after>',
    });
  });

  it('cuts at CRLF blank lines too, and skips empty blocks', () => {
    const { blocks } = recording();
    expect(blocks.update('a\r\n\r\n\r\nb')).to.deep.equal({ done: ['<a>'], tail: '<b>' });
  });

  it('gives the same result however the text is cut into chunks', () => {
    const text = '### 告警\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n\n```\nx\n\ny\n```\n\n- one\n- two\n\nend';
    const whole = recording().blocks.update(text);
    for (const size of [1, 2, 3, 7, 13]) {
      const { blocks } = recording();
      let view = blocks.update('');
      for (let i = 0; i < text.length; i += size) view = blocks.update(text.slice(0, i + size));
      expect({ done: [...view.done], tail: view.tail }, String(size)).to.deep.equal({
        done: [...whole.done],
        tail: whole.tail,
      });
    }
  });

  it('work per update stays proportional to the new text: characters rendered grow linearly', () => {
    const paragraph = `${'字'.repeat(200)}\n\n`;
    const rendered = (kb: number) => {
      let total = 0;
      const blocks = new IncrementalBlocks((md) => {
        total += md.length;
        return md;
      });
      const text = paragraph.repeat(Math.ceil((kb * 1024) / paragraph.length));
      // 20 characters an update, as the stream's chunks come (a smaller step only makes the test slower).
      for (let i = 20; i <= text.length; i += 20) blocks.update(text.slice(0, i));
      return total / text.length;
    };
    const small = rendered(2);
    const large = rendered(32);
    expect(large / small, 'no re-parse of the whole answer').to.be.lessThan(1.2);
  });

  it('starts over when the text is replaced rather than extended', () => {
    const { blocks } = recording();
    blocks.update('first\n\nsecond');
    expect(blocks.update('other')).to.deep.equal({ done: [], tail: '<other>' });
  });
});
