import { expect } from '@esm-bundle/chai';
import { waitFor } from '@testing-library/dom';
import { cleanup, inAct, render } from '../../test-support';
import { OverflowTooltip } from './overflow-tooltip';
import { truncateText } from './truncate';

type SlTooltip = HTMLElement & { content: string; open: boolean };

describe('truncateText', () => {
  it('keeps 20 characters and adds an ellipsis beyond them, counting code points', () => {
    expect(truncateText('a'.repeat(20))).to.deep.equal({ text: 'a'.repeat(20), truncated: false });
    expect(truncateText('a'.repeat(21)).text).to.equal(`${'a'.repeat(20)}…`);
    expect(truncateText('水电站一号机组振动监测点位', 6).text).to.equal('水电站一号机…');
    expect(truncateText('😀😀😀', 2).text).to.equal('😀😀…');
  });
});

describe('OverflowTooltip', () => {
  afterEach(cleanup);

  // First in this file: nothing has loaded Shoelace yet.
  it('shows a short text as is, with no tooltip (and no Shoelace loaded for it)', async () => {
    const { container } = await render(<OverflowTooltip text="一号机组" />);
    expect(container.textContent).to.equal('一号机组');
    expect(container.querySelector('sl-tooltip')).to.equal(null);
    expect(customElements.get('sl-tooltip')).to.equal(undefined);
  });

  it('cuts a long text at 20 characters and shows the full text in a tooltip on focus', async () => {
    const full = '这是一个非常长的告警描述文本，超过了二十个字符的限制';
    const { container } = await render(<OverflowTooltip text={full} />);
    const visible = container.querySelector('[aria-hidden="true"]')!;
    expect(visible.textContent).to.equal(`${Array.from(full).slice(0, 20).join('')}…`);
    // The tooltip comes with Shoelace, loaded for the first cut text.
    const tooltip = await waitFor(() => {
      const el = container.querySelector('sl-tooltip') as SlTooltip | null;
      expect(el).to.not.equal(null);
      return el!;
    });
    expect(tooltip.content).to.equal(full);
    // The full text is what assistive technology reads.
    expect(container.querySelector('.ops-ui-visually-hidden')?.textContent).to.equal(full);
    const trigger = container.querySelector('[tabindex="0"]') as HTMLElement;
    await inAct(() => trigger.focus());
    await waitFor(() => expect(tooltip.open).to.equal(true));
    const body = tooltip.shadowRoot!.querySelector('[part~=body]') as HTMLElement;
    expect(body.textContent?.trim()).to.equal(full);
  });
});
