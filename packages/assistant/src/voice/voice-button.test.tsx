// The hold-to-speak button as a reader finds it: its name in both languages and its pressed state. The
// hold itself (500 ms, the provider, the microphone) runs in controller.test.ts on a manual clock and in
// test/e2e/assistant-voice.spec.ts with Chromium's fake microphone.
import { expect } from '@esm-bundle/chai';
import { setLanguage } from '@ops/shared';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { byRole, waitFor } from '../../../../test/support/dom';
import '../texts';
import { VoiceButton } from './voice-button';

describe('voice button', () => {
  afterEach(() => setLanguage('zh'));

  it('is named "hold to speak" in zh and en and is not pressed until recording', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    const speech = { appId: '', apiKey: '', apiSecret: '', url: '' };
    act(() => root.render(<VoiceButton speech={speech} onText={() => undefined} onSend={() => undefined} />));
    const zh = await waitFor(() => byRole(container, 'button', '按住说话'));
    expect(zh.getAttribute('aria-pressed')).to.equal('false');
    act(() => setLanguage('en'));
    await waitFor(() => byRole(container, 'button', 'Hold to speak'));
    act(() => root.unmount());
    container.remove();
  });
});
