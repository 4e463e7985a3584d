import { expect } from '@esm-bundle/chai';
import {
  choiceParams,
  commandBody,
  failureOf,
  machineCodeOf,
  newIdempotencyKey,
  successOf,
  withoutErrorPrefix,
} from './command';

const DESKTOP = {
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
  platform: 'Linux x86_64',
  language: 'zh-CN',
  timeZone: 'Asia/Shanghai',
  hardwareConcurrency: 8,
  screen: { width: 1920, height: 1080, colorDepth: 24 },
};

describe('remote control command', () => {
  it('builds the body of spec §7: delay false, needAck from the item (default true)', () => {
    const item = { deviceCode: 'HS0001-G1', projectId: 'HS0001', signage: 'G1_QF' };
    expect(commandBody(item, { value: 0 }, 'abc', 'admin')).to.deep.equal({
      machineCode: 'abc',
      deviceCode: 'HS0001-G1',
      projectId: 'HS0001',
      needAck: true,
      signage: 'G1_QF',
      params: { value: 0 },
      delay: false,
      operator: 'admin',
    });
    expect(commandBody({ ...item, needAck: false }, { P: 1 }, 'abc', 'admin').needAck).to.equal(false);
  });

  it('sends a type 0 option’s dictionary key as given, and a type 1 option’s index (DECISIONS 15)', () => {
    expect(choiceParams(0, '1')).to.deep.equal({ value: '1' });
    expect(choiceParams(0, 'run')).to.deep.equal({ value: 'run' });
    // A key that came as a number (an older answer) is still sent as the key's text.
    expect(choiceParams(0, 2)).to.deep.equal({ value: '2' });
    expect(choiceParams(1, 1)).to.deep.equal({ value: 1 });
    expect(choiceParams(1, '0')).to.deep.equal({ value: 0 });
  });

  it('uses a stable fingerprint as machine code, or Android / IOS', () => {
    const code = machineCodeOf(DESKTOP);
    expect(code).to.match(/^[0-9a-f]{16}$/);
    expect(machineCodeOf({ ...DESKTOP })).to.equal(code);
    expect(machineCodeOf({ ...DESKTOP, screen: { width: 1366, height: 768, colorDepth: 24 } })).to.not.equal(
      code,
    );
    expect(machineCodeOf({ userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8)' })).to.equal('Android');
    expect(machineCodeOf({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' })).to.equal(
      'IOS',
    );
    expect(machineCodeOf({ userAgent: 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)' })).to.equal('IOS');
  });

  it('strips a leading Error: from messages', () => {
    const table: [string, string][] = [
      ['Error: 设备通信中断，命令未执行', '设备通信中断，命令未执行'],
      ['error:device lost', 'device lost'],
      ['Error：设备离线', '设备离线'],
      ['设备 Error: 离线', '设备 Error: 离线'],
      ['request refused', 'request refused'],
    ];
    for (const [input, output] of table) expect(withoutErrorPrefix(input)).to.equal(output);
  });

  it('takes the message of an answer, when it is text', () => {
    expect(successOf({ msg: '下发成功' })).to.deep.equal({ ok: true, message: '下发成功' });
    expect(successOf({ msg: 7 })).to.deep.equal({ ok: true, message: '' });
    expect(successOf(undefined)).to.deep.equal({ ok: true, message: '' });
  });

  it('tells a timeout, a cancellation and an error apart', () => {
    expect(failureOf({ kind: 'canceled' }, true)).to.deep.equal({ ok: false, kind: 'timeout' });
    expect(failureOf({ kind: 'timeout' }, false)).to.deep.equal({ ok: false, kind: 'timeout' });
    expect(failureOf({ kind: 'canceled' }, false)).to.deep.equal({ ok: false, kind: 'canceled' });
    expect(failureOf({ kind: 'whitelisted', msg: 'Error: 设备通信中断' }, false)).to.deep.equal({
      ok: false,
      kind: 'error',
      message: '设备通信中断',
      shown: false,
    });
    expect(failureOf({ kind: 'network', msg: 'Network Error' }, false)).to.deep.equal({
      ok: false,
      kind: 'error',
      message: 'Network Error',
      shown: true,
    });
    expect(failureOf(new Error('Error: boom'), false)).to.deep.equal({
      ok: false,
      kind: 'error',
      message: 'boom',
      shown: false,
    });
    expect(failureOf(null, false)).to.deep.equal({ ok: false, kind: 'error', message: '', shown: false });
  });

  it('makes a new Idempotency-Key per command', () => {
    const a = newIdempotencyKey();
    expect(a).to.match(/^[0-9a-f-]{36}$/);
    expect(newIdempotencyKey()).to.not.equal(a);
  });
});
