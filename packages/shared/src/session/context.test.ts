import { expect } from '@esm-bundle/chai';
import { BehaviorSubject } from 'rxjs';
import { contextKeyOf, createSessionContext, endReason } from './context';
import { loginPathAfterSignOut } from './sign-out';
import type { SessionState } from './state';

type Fields = Pick<SessionState, 'token' | 'tenantId' | 'subStation'>;
const station = (id: string) => ({ id, name: id, tenantId: '100001', deptId: `d${id}` });

describe('session context', () => {
  const signedIn: Fields = { token: 't1', tenantId: '100001', subStation: null };

  it('ends with the reason: sign-out, tenant switch, station switch; a refreshed token goes on', () => {
    const key = contextKeyOf(signedIn);
    expect(endReason(key, contextKeyOf({ ...signedIn, token: 't2' }))).to.equal(null);
    expect(endReason(key, contextKeyOf({ ...signedIn, token: '' }))).to.equal('sign-out');
    expect(endReason(key, contextKeyOf({ ...signedIn, tenantId: '100002' }))).to.equal('tenant-switch');
    expect(endReason(key, contextKeyOf({ ...signedIn, subStation: station('s1') }))).to.equal(
      'station-switch',
    );
    expect(endReason('', key)).to.equal(null);
  });

  it('aborts the current signal when the context ends and hands out a fresh one', () => {
    const state = new BehaviorSubject<Fields>(signedIn);
    const context = createSessionContext(state);
    const reasons: string[] = [];
    context.ended$.subscribe((reason) => reasons.push(reason));
    const first = context.signal();

    state.next({ ...signedIn, token: 't2' });
    expect(first.aborted, 'a token refresh is the same context').to.equal(false);

    state.next({ ...signedIn, token: 't2', subStation: station('s1') });
    expect(first.aborted).to.equal(true);
    expect(String(first.reason)).to.contain('station-switch');
    const second = context.signal();
    expect(second.aborted).to.equal(false);

    state.next({ token: '', tenantId: '', subStation: null });
    expect(second.aborted).to.equal(true);
    expect(reasons).to.deep.equal(['station-switch', 'sign-out']);

    state.next(signedIn);
    expect(context.signal().aborted, 'signing in starts a context').to.equal(false);
    context.dispose();
  });
});

describe('sign-out target', () => {
  it('goes to /login, with the source tenant when the session came from one (spec §4)', () => {
    expect(loginPathAfterSignOut({ sourceTenantId: '' })).to.equal('/login');
    expect(loginPathAfterSignOut({ sourceTenantId: ' 100001 ' })).to.equal('/login?tenantId=100001');
  });
});
