import { expect } from '@esm-bundle/chai';
import { signSpeechUrl, speechConfigured, speechSocketUrl } from './sign';

const CREDS = {
  appId: 'app',
  apiKey: 'key-of-the-test',
  apiSecret: 'secret-of-the-test',
  url: 'wss://iat.example.com/v2/iat',
};
const PAGE = 'https://console.example.com/home';

describe('speech provider signature', () => {
  it('signs host, date and request line with HMAC-SHA256 (known answer, computed with Node crypto)', () => {
    const url = new URL(signSpeechUrl(CREDS, PAGE, new Date(Date.UTC(2026, 10, 28, 2, 32, 40))));
    expect(`${url.origin}${url.pathname}`).to.equal('wss://iat.example.com/v2/iat');
    expect(url.searchParams.get('date')).to.equal('Sat, 28 Nov 2026 02:32:40 GMT');
    expect(url.searchParams.get('host')).to.equal('iat.example.com');
    const authorization = url.searchParams.get('authorization')!;
    expect(authorization).to.equal(
      'YXBpX2tleT0ia2V5LW9mLXRoZS10ZXN0IiwgYWxnb3JpdGhtPSJobWFjLXNoYTI1NiIsIGhlYWRlcnM9Imhvc3QgZGF0ZSByZXF1ZXN0LWxpbmUiLCBzaWduYXR1cmU9IjhvU3QwMzBPQ3BWaDNYVmpmbkFLQ3YzYWZKTUVKd1FpemVjTXFHZUx3WU09Ig==',
    );
    expect(atob(authorization)).to.contain('signature="8oSt030OCpVh3XVjfnAKCv3afJMEJwQizecMqGeLwYM="');
  });

  it('turns a same-origin path or an http(s) address into the socket address it signs', () => {
    expect(speechSocketUrl('/api/speech-emulator/v2/iat', 'http://127.0.0.1:4742/x')?.href).to.equal(
      'ws://127.0.0.1:4742/api/speech-emulator/v2/iat',
    );
    expect(speechSocketUrl('https://iat.example.com/v2/iat', PAGE)?.protocol).to.equal('wss:');
    expect(speechSocketUrl('ftp://iat.example.com/', PAGE)).to.equal(null);
    const signed = new URL(
      signSpeechUrl({ ...CREDS, url: '/api/speech-emulator/v2/iat' }, 'http://127.0.0.1:4742/', new Date()),
    );
    expect(signed.searchParams.get('host')).to.equal('127.0.0.1:4742');
  });

  it('counts credentials as configured only when all four are there', () => {
    expect(speechConfigured(CREDS, PAGE)).to.equal(true);
    expect(speechConfigured({ ...CREDS, url: '' }, PAGE)).to.equal(false);
    expect(speechConfigured({ ...CREDS, apiSecret: '' }, PAGE)).to.equal(false);
    expect(speechConfigured(undefined, PAGE)).to.equal(false);
  });
});
