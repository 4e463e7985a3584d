import { expect } from '@esm-bundle/chai';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { SkipLink } from './skip-link';

describe('skip link (WCAG 2.4.1)', () => {
  let host: HTMLElement;
  let main: HTMLElement;
  let root: ReturnType<typeof createRoot>;
  const before = window.location.href;

  beforeEach(async () => {
    host = document.createElement('div');
    main = document.createElement('main');
    main.id = 'ops-main-view';
    main.innerHTML = '<button type="button">first control of the page</button>';
    document.body.append(host, main);
    root = createRoot(host);
    await act(async () => root.render(<SkipLink label="跳到主内容" />));
  });

  afterEach(() => {
    act(() => root.unmount());
    host.remove();
    main.remove();
  });

  it('takes the focus to the main view on Enter, leaving the address alone', () => {
    const link = host.querySelector('a')!;
    expect(link.textContent).to.equal('跳到主内容');
    link.focus();
    // Enter on a link is a click.
    link.click();
    expect(document.activeElement).to.equal(main);
    expect(main.getAttribute('tabindex')).to.equal('-1');
    expect(window.location.href).to.equal(before);
  });
});
