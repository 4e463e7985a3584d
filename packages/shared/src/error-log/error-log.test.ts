import { expect } from '@esm-bundle/chai';
import { manualClock } from '../../test-support/clock';
import { MemoryStorage } from '../../test-support/memory-storage';
import { createBus } from '../bus/bus';
import type { ErrorLogEntry } from '../bus/topics';
import { createSiteStorage } from '../storage';
import { LIMITS, redactUrl } from './entry';
import { createErrorLog } from './error-log';

function setup(options: { capacity?: number; local?: Storage } = {}) {
  const local = options.local ?? new MemoryStorage();
  const clock = manualClock(Date.UTC(2024, 0, 2, 3, 4, 5));
  const storage = createSiteStorage({
    prefix: 'saber-',
    local,
    session: new MemoryStorage(),
    now: clock.now,
  });
  const bus = createBus();
  const target = new EventTarget();
  const make = () =>
    createErrorLog({
      storage,
      bus,
      clock,
      target: target as unknown as Window,
      capacity: options.capacity,
      pageUrl: () => 'http://console.test/index?x=1',
    });
  return { local, clock, bus, target, make, log: make() };
}

const chunkEntry: ErrorLogEntry = {
  type: 'ChunkLoadError',
  url: 'http://console.test/apps/monitor',
  message: 'Loading @ops/app-monitor failed (missing)',
  stack: 'ChunkLoadError: ...',
  info: 'attempt 2',
  time: '2024-01-02 03:04:05',
};

describe('error log', () => {
  it('captures window errors, unhandled rejections, boundary errors, failed calls and chunk-load errors', () => {
    const { log, target, bus, clock } = setup();
    const stop = log.install();
    target.dispatchEvent(
      new ErrorEvent('error', {
        message: 'Uncaught TypeError: x is undefined',
        error: new TypeError('x is undefined'),
        filename: 'http://console.test/shell.js',
        lineno: 3,
        colno: 9,
      }),
    );
    clock.advance(10);
    target.dispatchEvent(
      new PromiseRejectionEvent('unhandledrejection', { promise: Promise.resolve(), reason: 'nope' }),
    );
    log.reportBoundaryError(new Error('render failed'), { componentStack: '\n    at Sidebar\n    at Shell' });
    log.reportHttpError({
      kind: 'response',
      status: 500,
      code: 500,
      msg: 'internal',
      config: { method: 'post', url: '/api/blade-system/user/update?phone=139' },
    });
    log.reportHttpError({ kind: 'canceled', status: 0, code: undefined, msg: 'Request canceled' });
    bus.publish('error-log:entry', chunkEntry);

    const entries = log.entries();
    expect(entries.map((e) => e.type)).to.deep.equal([
      'error',
      'unhandledrejection',
      'boundary',
      'http',
      'ChunkLoadError',
    ]);
    expect(entries[0]).to.include({
      message: 'Uncaught TypeError: x is undefined',
      info: 'http://console.test/shell.js:3:9',
      url: 'http://console.test/index?x=1',
    });
    expect(entries[0]!.stack).to.contain('TypeError');
    expect(entries[0]!.time).to.match(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(entries[1]!.message).to.equal('nope');
    expect(entries[2]).to.include({ message: 'render failed', info: 'at Sidebar\n    at Shell' });
    expect(entries[3]).to.include({ message: 'POST /api/blade-system/user/update 500: internal' });
    expect(entries[4]).to.include({ message: chunkEntry.message, info: 'attempt 2', time: chunkEntry.time });
    stop();
  });

  it('stops listening when uninstalled', () => {
    const { log, target, bus } = setup();
    const stop = log.install();
    expect(bus.subscriberCount()).to.equal(1);
    stop();
    target.dispatchEvent(new ErrorEvent('error', { message: 'late' }));
    bus.publish('error-log:entry', chunkEntry);
    expect(log.entries()).to.deep.equal([]);
    expect(bus.subscriberCount()).to.equal(0);
  });

  it('keeps the newest entries up to its capacity, across a reload', () => {
    const { log, make, clock } = setup({ capacity: 5 });
    for (let i = 1; i <= 8; i++) {
      log.add({ message: `e${i}` });
      clock.advance(1);
    }
    expect(log.entries().map((e) => e.message)).to.deep.equal(['e4', 'e5', 'e6', 'e7', 'e8']);
    expect(
      make()
        .entries()
        .map((e) => e.message),
    ).to.deep.equal(['e4', 'e5', 'e6', 'e7', 'e8']);
  });

  it('keeps a repeated error once per second', () => {
    const { log, clock } = setup();
    for (let i = 0; i < 50; i++) log.add({ type: 'error', message: 'loop' });
    clock.advance(1001);
    log.add({ type: 'error', message: 'loop' });
    expect(log.entries()).to.have.length(2);
  });

  it('uploads each entry once, in batches of 50, and again only what is new (also after a reload)', async () => {
    const { log, make, clock } = setup();
    for (let i = 0; i < 120; i++) {
      log.add({ message: `e${i}` });
      clock.advance(1);
    }
    const batches: ErrorLogEntry[][] = [];
    const send = async (entries: ErrorLogEntry[]) => {
      batches.push(entries);
    };
    expect(await log.upload(send)).to.equal(120);
    expect(batches.map((b) => b.length)).to.deep.equal([50, 50, 20]);
    expect(Object.keys(batches[0]![0]!).sort()).to.deep.equal([
      'info',
      'message',
      'stack',
      'time',
      'type',
      'url',
    ]);
    expect(await log.upload(send)).to.equal(0);
    const reloaded = make();
    reloaded.add({ message: 'after reload' });
    expect(await reloaded.upload(send)).to.equal(1);
    expect(batches.at(-1)!.map((e) => e.message)).to.deep.equal(['after reload']);
    expect(reloaded.entries().every((e) => e.uploaded)).to.equal(true);
  });

  it('keeps each upload under the body limit when entries are long', async () => {
    const { log, clock } = setup();
    for (let i = 0; i < 60; i++) {
      log.add({ message: `长${i}`.repeat(600), stack: 's'.repeat(8000) });
      clock.advance(1);
    }
    const sizes: number[] = [];
    const counts: number[] = [];
    await log.upload(async (entries) => {
      counts.push(entries.length);
      sizes.push(new TextEncoder().encode(JSON.stringify(entries)).length);
    });
    expect(counts.reduce((a, b) => a + b, 0)).to.equal(60);
    expect(counts[0]).to.be.below(50);
    expect(Math.max(...sizes)).to.be.at.most(400_000);
  });

  it('keeps entries whose upload failed for the next attempt, and shares a running upload', async () => {
    const { log } = setup();
    log.add({ message: 'a' });
    let fail = true;
    let calls = 0;
    const send = async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 5));
      if (fail) throw new Error('offline');
    };
    const results = await Promise.allSettled([log.upload(send), log.upload(send)]);
    expect(results.map((r) => r.status)).to.deep.equal(['rejected', 'rejected']);
    expect(calls).to.equal(1);
    expect(log.entries()[0]!.uploaded).to.equal(false);
    fail = false;
    expect(await log.upload(send)).to.equal(1);
  });

  it('never sends a batch twice when the browser refuses to store the mark', async () => {
    const local = new MemoryStorage();
    const { log } = setup({ local });
    log.add({ message: 'a' });
    local.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    let calls = 0;
    expect(await log.upload(async () => void calls++)).to.equal(1);
    expect(calls).to.equal(1);
  });

  it('clears every entry, also from storage', () => {
    const { log, make } = setup();
    log.add({ message: 'a' });
    log.clear();
    expect(log.entries()).to.deep.equal([]);
    expect(make().entries()).to.deep.equal([]);
  });

  it('cuts long fields to the upload limits and redacts secrets from the address', () => {
    const { log } = setup();
    log.add({
      message: 'm'.repeat(5000),
      stack: 's'.repeat(9000),
      info: 'i'.repeat(900),
      type: 't'.repeat(99),
    });
    const [entry] = log.entries();
    expect(entry!.message).to.have.length(LIMITS.message);
    expect(entry!.stack).to.have.length(LIMITS.stack);
    expect(entry!.info).to.have.length(LIMITS.info);
    expect(entry!.type).to.have.length(LIMITS.type);
    expect(redactUrl('http://h/login?tenantId=1&loginFree=true&callback=t0k&access_token=abc')).to.equal(
      'http://h/login?tenantId=1&loginFree=true&callback=***&access_token=***',
    );
    expect(redactUrl('http://h/#/x?refresh_token=r&a=1')).to.equal('http://h/#/x?refresh_token=***&a=1');
  });

  it('ignores a corrupt stored log', () => {
    const local = new MemoryStorage();
    local.setItem(
      'saber-errorLog',
      '{"dataType":"object","content":[{"id":1},{"id":"ok","message":"m"},null]}',
    );
    const { log } = setup({ local });
    expect(log.entries().map((e) => e.message)).to.deep.equal(['m']);
  });
});
