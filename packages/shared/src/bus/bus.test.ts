import { expect } from '@esm-bundle/chai';
import { createBus } from './bus';

describe('bus', () => {
  it('replays the last value of a state topic to a late subscriber', () => {
    const bus = createBus();
    bus.publish('station', { stationId: 's1', deptId: 'd1', tenantId: '100001', name: 'A' });
    bus.publish('station', { stationId: 's2', deptId: 'd2', tenantId: '100001', name: 'B' });
    const seen: string[] = [];
    const sub = bus.on('station').subscribe((s) => seen.push(s?.stationId ?? 'none'));
    expect(seen).to.deep.equal(['s2']);
    expect(bus.current('station')?.stationId).to.equal('s2');
    sub.unsubscribe();
  });

  it('does not replay event topics', () => {
    const bus = createBus();
    bus.publish('navigate', { path: '/a' });
    const seen: string[] = [];
    const sub = bus.on('navigate').subscribe((n) => seen.push(n.path));
    bus.publish('navigate', { path: '/b' });
    expect(seen).to.deep.equal(['/b']);
    sub.unsubscribe();
  });

  it('counts live subscribers and returns to zero after unsubscribing', () => {
    const bus = createBus();
    const a = bus.on('navigate').subscribe();
    const b = bus.on('session').subscribe();
    expect(bus.subscriberCount()).to.equal(2);
    a.unsubscribe();
    b.unsubscribe();
    expect(bus.subscriberCount()).to.equal(0);
  });

  it('ends every subscription of a scope when it is disposed, including forgotten ones', () => {
    const bus = createBus();
    const scope = bus.scope();
    const seen: string[] = [];
    scope.subscribe('navigate', (n) => seen.push(n.path));
    scope.on('notification:new').subscribe();
    expect(bus.subscriberCount()).to.equal(2);
    scope.dispose();
    expect(bus.subscriberCount()).to.equal(0);
    bus.publish('navigate', { path: '/after' });
    expect(seen).to.deep.equal([]);
    expect(scope.disposed).to.equal(true);
  });

  it('ignores publishing and subscribing through a disposed scope', () => {
    const bus = createBus();
    const scope = bus.scope();
    scope.dispose();
    scope.dispose();
    scope.publish('station', null);
    expect(bus.current('station')).to.equal(undefined);
    let completed = false;
    scope.on('navigate').subscribe({ complete: () => (completed = true) });
    expect(completed).to.equal(true);
    expect(bus.subscriberCount()).to.equal(0);
  });
});
