import { expect } from '@esm-bundle/chai';
import { apiTimeText } from './api-time';

describe('API time texts (Beijing time)', () => {
  it('writes an instant in UTC+8 whatever the browser zone', () => {
    expect(apiTimeText(Date.UTC(2026, 10, 28, 9, 30, 5))).to.equal('2026-11-28 17:30:05');
    expect(apiTimeText(Date.UTC(2026, 10, 28, 20, 0, 0))).to.equal('2026-11-29 04:00:00');
  });
});
