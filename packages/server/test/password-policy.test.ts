import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkPolicy } from '../src/security/passwords.ts';

describe('password policy (spec §5, DECISIONS 9)', () => {
  it('counts letter case by Unicode, as the console does', () => {
    assert.equal(checkPolicy('Пароль12', 'operator'), null);
    assert.equal(checkPolicy('пароль12', 'operator'), 'passwordClasses');
    assert.equal(checkPolicy('Strong#2026', 'operator'), null);
    assert.equal(checkPolicy('strong2026', 'operator'), 'passwordClasses');
  });

  it('refuses a password containing the account, ignoring case', () => {
    assert.equal(checkPolicy('Operator#26', 'operator'), 'passwordAccount');
    assert.equal(checkPolicy('Straße#2026', 'STRASSE'), 'passwordAccount');
  });

  it('keeps the length bounds', () => {
    assert.equal(checkPolicy('Ab#1', 'x'), 'passwordLength');
    assert.equal(checkPolicy('Ab#1Ab#1Ab#1Ab#1A', 'x'), 'passwordLength');
  });
});
