import { expect } from '@esm-bundle/chai';
import { LIMITS, type StoredEntry } from '@ops/shared';
import { buttonName, displayTime, errorLogButton, errorLogRows, errorLogSummary, uploadBody } from './rules';

const entry = (n: number, fields: Partial<StoredEntry> = {}): StoredEntry => ({
  id: `id-${n}`,
  uploaded: false,
  type: 'ChunkLoadError',
  url: 'http://console.test/station-monitor/overview/index',
  message: `Loading failed ${n}`,
  stack: `ChunkLoadError: ${n}\n    at load`,
  info: '',
  time: `2026-11-23 10:00:0${n}`,
  ...fields,
});

describe('error-log button', () => {
  it('is shown only with the warring_log permission (spec §6)', () => {
    expect(errorLogButton({ warring_log: true }, []).visible).to.equal(true);
    expect(errorLogButton({ switch_view: true }, [entry(1)])).to.deep.equal({
      visible: false,
      count: 0,
      badge: null,
    });
    expect(errorLogButton(null, [entry(1)]).visible).to.equal(false);
    expect(errorLogButton({ warring_log: 'true' } as never, []).visible).to.equal(false);
  });

  it('counts the entries, with no badge when there are none and 99+ above 99', () => {
    const permitted = { warring_log: true };
    expect(errorLogButton(permitted, [])).to.deep.equal({ visible: true, count: 0, badge: null });
    expect(errorLogButton(permitted, [entry(1), entry(2), entry(3)])).to.include({ count: 3, badge: '3' });
    const many = Array.from({ length: 120 }, (_, i) => entry(i));
    expect(errorLogButton(permitted, many)).to.include({ count: 120, badge: '99+' });
  });

  it('is named with the exact count', () => {
    expect(buttonName('错误日志', 3)).to.equal('错误日志 (3)');
    expect(buttonName('Error log', 120)).to.equal('Error log (120)');
    expect(buttonName('错误日志', 0)).to.equal('错误日志');
  });
});

describe('error-log rows', () => {
  it('lists the newest first, with what can be expanded and what was sent', () => {
    const rows = errorLogRows([
      entry(1, { uploaded: true }),
      entry(2, { stack: '   ', info: '' }),
      entry(3, { stack: '', info: 'attempt 2' }),
    ]);
    expect(rows.map((r) => r.id)).to.deep.equal(['id-3', 'id-2', 'id-1']);
    expect(rows.map((r) => r.expandable)).to.deep.equal([true, false, true]);
    expect(rows.map((r) => r.uploaded)).to.deep.equal([false, false, true]);
    expect(rows[2]).to.include({
      type: 'ChunkLoadError',
      url: 'http://console.test/station-monitor/overview/index',
      message: 'Loading failed 1',
      time: '2026-11-23 10:00:01',
      stack: 'ChunkLoadError: 1\n    at load',
    });
  });

  it('keeps markup as it is: text for the view, never HTML', () => {
    const [row] = errorLogRows([entry(1, { message: '<img src=x onerror=alert(1)>', type: '' })]);
    expect(row!.message).to.equal('<img src=x onerror=alert(1)>');
    expect(row!.type).to.equal('error');
  });

  it('shows ISO timestamps as local times and other times as they are', () => {
    const iso = '2026-11-23T16:02:40.236Z';
    const local = new Date(iso);
    const p = (n: number) => String(n).padStart(2, '0');
    expect(displayTime(iso)).to.equal(
      `${local.getFullYear()}-${p(local.getMonth() + 1)}-${p(local.getDate())} ${p(local.getHours())}:${p(local.getMinutes())}:${p(local.getSeconds())}`,
    );
    expect(errorLogRows([entry(1, { time: iso })])[0]!.time).to.equal(displayTime(iso));
    expect(displayTime('2026-11-23 10:00:01')).to.equal('2026-11-23 10:00:01');
    expect(displayTime('2026-13-99Tnonsense')).to.equal('2026-13-99Tnonsense');
    expect(displayTime('')).to.equal('');
  });

  it('sums up the entries and those not sent yet', () => {
    expect(errorLogSummary([entry(1, { uploaded: true }), entry(2), entry(3)])).to.deep.equal({
      total: 3,
      pending: 2,
    });
    expect(errorLogSummary([])).to.deep.equal({ total: 0, pending: 0 });
  });
});

describe('error-log upload body', () => {
  it('sends exactly the six fields of each entry (docs/api.md section 8)', () => {
    const body = uploadBody([entry(1, { uploaded: true })]);
    expect(body).to.deep.equal([
      {
        type: 'ChunkLoadError',
        url: 'http://console.test/station-monitor/overview/index',
        message: 'Loading failed 1',
        stack: 'ChunkLoadError: 1\n    at load',
        info: '',
        time: '2026-11-23 10:00:01',
      },
    ]);
  });

  it('keeps every field within the route limits and the message never empty', () => {
    const [long] = uploadBody([
      {
        type: 't'.repeat(100),
        url: 'u'.repeat(2000),
        message: 'm'.repeat(3000),
        stack: 's'.repeat(9000),
        info: 'i'.repeat(600),
        time: '9'.repeat(50),
      },
    ]);
    expect(long!.type).to.have.length(LIMITS.type);
    expect(long!.url).to.have.length(LIMITS.url);
    expect(long!.message).to.have.length(LIMITS.message);
    expect(long!.stack).to.have.length(LIMITS.stack);
    expect(long!.info).to.have.length(LIMITS.info);
    expect(long!.time).to.have.length(40);
    const [bare] = uploadBody([{ message: '' }]);
    expect(bare).to.deep.equal({ type: '', url: '', message: '(no message)', stack: '', info: '', time: '' });
  });
});
