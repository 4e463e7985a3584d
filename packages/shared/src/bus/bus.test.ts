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
    bus.publish('slot:status', { specifier: '/a', status: 'loading' });
    const seen: string[] = [];
    const sub = bus.on('slot:status').subscribe((n) => seen.push(n.specifier));
    bus.publish('slot:status', { specifier: '/b', status: 'loading' });
    expect(seen).to.deep.equal(['/b']);
    sub.unsubscribe();
  });

  it('counts live subscribers and returns to zero after unsubscribing', () => {
    const bus = createBus();
    const a = bus.on('slot:status').subscribe();
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
    scope.subscribe('slot:status', (n) => seen.push(n.specifier));
    scope.on('notification:new').subscribe();
    expect(bus.subscriberCount()).to.equal(2);
    scope.dispose();
    expect(bus.subscriberCount()).to.equal(0);
    bus.publish('slot:status', { specifier: '/after', status: 'loading' });
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
    scope.on('slot:status').subscribe({ complete: () => (completed = true) });
    expect(completed).to.equal(true);
    expect(bus.subscriberCount()).to.equal(0);
  });
});
