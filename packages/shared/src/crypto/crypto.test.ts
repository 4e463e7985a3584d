import { expect } from '@esm-bundle/chai';
import { decryptAes, encryptAes } from './aes';
import { loginPassword, md5Hex, type RandomFill, randomAlphanumeric, wrapPassword } from './password';
import { shouldEncryptUsername } from './rules';

// Vectors computed with Node's crypto (createHash('md5'), createCipheriv('aes-128-ecb')), which is what the
// reference server uses to unwrap and decrypt (packages/server/src/security).
const KEY = 'Hz6Q2pRt8LwX4vNb';
const WIRE = /^[A-Za-z0-9]{6}[0-9a-f]{32}[A-Za-z0-9]{6}$/;

describe('md5Hex', () => {
  const vectors: Array<[string, string]> = [
    ['', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['123456', 'e10adc3949ba59abbe56e057f20f883e'],
    ['admin', '21232f297a57a5a743894a0e4a801fc3'],
    ['Secret12', '98dfa50eee50910cb49bb06e65230e7d'],
    ['中文密码', '3d4acf94adca8562b4990599b15488de'],
  ];
  for (const [text, hex] of vectors)
    it(`${JSON.stringify(text)} -> ${hex}`, () => expect(md5Hex(text)).to.equal(hex));
});

describe('password on the wire (docs/api.md)', () => {
  it('is 6 random [A-Za-z0-9], the md5 hex, and 6 more: what the server unwraps', () => {
    const wire = wrapPassword('Secret12');
    expect(wire).to.have.length(44);
    expect(wire).to.match(WIRE);
    // The server takes characters 6..38.
    expect(wire.slice(6, 38)).to.equal('98dfa50eee50910cb49bb06e65230e7d');
  });

  it('uses fresh random characters each time', () => {
    const wires = new Set(Array.from({ length: 20 }, () => wrapPassword('123456')));
    expect(wires.size).to.equal(20);
  });

  it('maps random bytes onto the alphabet without bias, skipping bytes of 248 and above', () => {
    // 0 -> A, 25 -> Z, 26 -> a, 61 -> 9, 62 -> A again; 248-255 are discarded.
    const sequence = [255, 0, 248, 25, 26, 61, 62, 73, 247, 1, 2, 3, 4, 5, 6, 7];
    const fill: RandomFill = (bytes) => {
      bytes.fill(0);
      bytes.set(sequence.slice(0, bytes.length));
    };
    expect(randomAlphanumeric(6, fill)).to.equal('AZa9AL');
    expect(wrapPassword('admin', fill)).to.equal('AZa9AL21232f297a57a5a743894a0e4a801fc3AZa9AL');
  });

  it('spreads over the whole alphabet', () => {
    const seen = new Set(randomAlphanumeric(4000));
    expect(seen.size).to.equal(62);
  });

  it('sends the plain md5 only on the force-login retry', () => {
    expect(loginPassword('admin', true)).to.equal('21232f297a57a5a743894a0e4a801fc3');
    const wire = loginPassword('admin');
    expect(wire).to.match(WIRE);
    expect(wire.slice(6, 38)).to.equal('21232f297a57a5a743894a0e4a801fc3');
  });
});

describe('AES (docs/api.md): AES-128-ECB, PKCS#7, UTF-8 key, base64', () => {
  const vectors: Array<[string, string]> = [
    ['admin', 'kAzjg0h7aeHvKiQfJap8Cg=='],
    ['hzinfo', 'WwnWtwaZGUk0Bcag2a5XLQ=='],
    ['Secret12', 'SFfVsaIBD97MRvPObpSEig=='],
    ['张三', 'xW3f/Bo0funTpDV0wrBVcg=='],
    ['', 'HCnGi/vML7E0fIDKAwRtHA=='],
    ['exactly16bytes!!', 'Ai7xMJFXOh7aX6EGka2FhRwpxov7zC+xNHyAygMEbRw='],
  ];
  for (const [text, base64] of vectors) {
    it(`${JSON.stringify(text)} -> ${base64} and back`, () => {
      expect(encryptAes(text, KEY)).to.equal(base64);
      expect(decryptAes(base64, KEY)).to.equal(text);
    });
  }

  it('depends on the key', () => {
    expect(encryptAes('admin', '0123456789abcdef')).to.equal('goLfAELVjjdnoF2e9yy11w==');
  });

  it('refuses a key that is not 16 bytes of UTF-8', () => {
    expect(() => encryptAes('admin', 'short')).to.throw(RangeError, /16 bytes/);
    // 16 characters but 18 bytes: the server would refuse it too.
    expect(() => encryptAes('admin', '密钥0123456789abc'.slice(0, 16))).to.throw(RangeError);
  });

  it('does not recover the text with another key', () => {
    expect(decryptAes('goLfAELVjjdnoF2e9yy11w==', KEY)).to.equal(null);
    expect(decryptAes('goLfAELVjjdnoF2e9yy11w==', '0123456789abcdef')).to.equal('admin');
  });
});

describe('shouldEncryptUsername', () => {
  const table: Array<[unknown, boolean | undefined, boolean]> = [
    [{ isSystemAuthentication: '1' }, false, true],
    [{ isSystemAuthentication: '1' }, undefined, true],
    [{ isSystemAuthentication: 1 }, false, true],
    [{ isSystemAuthentication: '1' }, true, false],
    [{ isSystemAuthentication: '0' }, false, false],
    [{ isSystemAuthentication: 0 }, false, false],
    [{ isSystemAuthentication: 'true' }, false, false],
    [{}, false, false],
    [null, false, false],
    [undefined, false, false],
  ];
  for (const [params, noMd5, expected] of table) {
    it(`${JSON.stringify(params)}, noMd5 ${noMd5} -> ${expected}`, () => {
      expect(shouldEncryptUsername(params as never, noMd5)).to.equal(expected);
    });
  }
});
