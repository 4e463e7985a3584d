import { expect } from '@esm-bundle/chai';
import { FEEDBACK_MAX, feedbackCounter, validateFeedback, validateQuestion } from './assistant';

describe('assistant question', () => {
  for (const text of ['', '   ', '\n\t ', null, undefined]) {
    it(`${JSON.stringify(text)} shows the empty-question tip and is not sent`, () => {
      expect(validateQuestion(text)).to.deep.equal({ ok: false, error: 'validation.questionEmpty' });
    });
  }

  it('sends visible text', () => {
    expect(validateQuestion('今天一号机组出力多少？')).to.deep.equal({ ok: true });
    expect(validateQuestion('  hi  ')).to.deep.equal({ ok: true });
  });

  it('warns instead of sending while a reply is in progress', () => {
    expect(validateQuestion('hi', true)).to.deep.equal({ ok: false, error: 'validation.replyInProgress' });
    // An empty question gets the empty tip even while busy: it would not be sent anyway.
    expect(validateQuestion(' ', true)).to.deep.equal({ ok: false, error: 'validation.questionEmpty' });
  });
});

describe('assistant feedback (max 150 with counter)', () => {
  it('accepts up to 150 characters', () => {
    expect(validateFeedback('答案不准确')).to.deep.equal({ ok: true });
    expect(validateFeedback('字'.repeat(FEEDBACK_MAX))).to.deep.equal({ ok: true });
  });

  it('refuses 151 characters', () => {
    expect(validateFeedback('字'.repeat(151))).to.deep.equal({
      ok: false,
      error: 'validation.maxLength',
      params: { field: 'common:field.feedback', max: 150 },
    });
  });

  it('refuses empty feedback', () => {
    expect(validateFeedback('  ')).to.deep.include({ ok: false, error: 'validation.required' });
  });

  it('counts characters for the counter', () => {
    expect(feedbackCounter('')).to.deep.equal({ count: 0, max: 150, over: false, text: '0/150' });
    expect(feedbackCounter('a'.repeat(151))).to.deep.include({ over: true, text: '151/150' });
  });
});
