import { expect } from '@esm-bundle/chai';
import { MemoryStorage } from '../../test-support/memory-storage';
import { createSiteStorage } from '../storage';
import { KEYS } from '../storage/keys';
import { createSessionStore } from './session-store';
import { recalledLoginUser, tokenAnswerEffects } from './token-answer';

const ANSWER = {
  access_token: 'a1',
  refresh_token: 'r1',
  dataAuthKey: 'dk1',
  user_id: '7',
  account: 'operator',
  tenant_id: '100001',
};
const at = (pathname: string, search = '') => ({ pathname, search });

describe('what a token answer leaves in the session', () => {
  it('keeps the data-auth key of every answer, the refresh too', () => {
    expect(tokenAnswerEffects(ANSWER, at('/wel/index'))).to.deep.equal({
      patch: { dataAuthKey: 'dk1' },
      loginUser: null,
    });
  });

  it('on a sign-in at /login: the account to recall (the source tenant is the sign-in flow’s)', () => {
    expect(tokenAnswerEffects(ANSWER, at('/login', '?tenantId=100002&redirect=%2Fx'))).to.deep.equal({
      patch: { dataAuthKey: 'dk1' },
      loginUser: { account: 'operator', tenantId: '100001' },
    });
  });

  it('recalls no guest (unbound social identity) and ignores an answer without a token', () => {
    expect(tokenAnswerEffects({ ...ANSWER, user_id: '' }, at('/login')).loginUser).to.equal(null);
    expect(tokenAnswerEffects({ error_description: 'no' }, at('/login'))).to.deep.equal({
      patch: {},
      loginUser: null,
    });
  });

  it('loginUser holds the account and tenant only, and is read back for the login form', () => {
    const local = new MemoryStorage();
    const storage = createSiteStorage({ prefix: 'saber-', local, session: new MemoryStorage() });
    const { loginUser } = tokenAnswerEffects(ANSWER, at('/login'));
    storage.set(KEYS.loginUser, loginUser);
    const stored = local.getItem('loginUser') ?? '';
    expect(JSON.parse(stored).content).to.deep.equal({ account: 'operator', tenantId: '100001' });
    expect(stored).not.to.contain('a1');
    expect(recalledLoginUser(storage)).to.deep.equal({ account: 'operator', tenantId: '100001' });
    storage.set(KEYS.loginUser, 'just text');
    expect(recalledLoginUser(storage)).to.equal(null);
  });

  it('a refresh grant carrying the key keeps it in the session; one without keeps the old key', () => {
    const storage = createSiteStorage({
      prefix: 'saber-',
      local: new MemoryStorage(),
      session: new MemoryStorage(),
    });
    const session = createSessionStore({ storage, target: new EventTarget() as Window });
    session.setTokens({ access_token: 'a1', dataAuthKey: 'dk1' });
    session.setTokens({ access_token: 'a2' });
    expect(session.get().dataAuthKey).to.equal('dk1');
  });
});
