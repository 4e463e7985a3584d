import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import {
  captchaHeaders,
  pageLanguage,
  prerenderedMarkup,
  prerendersLogin,
  withPrerender,
} from '../src/static/prerender.ts';

const INDEX = `<!doctype html>
<html lang="zh-CN">
  <head><title>运维控制台</title>
    <style data-ops-sheet="/shell/public.x.css" media="not all">.a{}</style>
  </head>
  <body>
    <div id="ops-boot" class="ops-boot" role="status"><p>运维控制台</p><span></span><p>Loading…</p></div>
    <script type="module">System.import('@ops/root-config');</script>
  </body>
</html>`;
const MARKUP = '<main lang="en"><a class="ops-login__forgot" href="/login">Forgot password</a></main>';

describe('the login page prerendered (issue 31)', () => {
  it('is sent for /login with nothing in its query but redirect', () => {
    assert.equal(prerendersLogin('/login', ''), true);
    assert.equal(prerendersLogin('/login', '?redirect=%2Fsystem%2Fuser'), true);
    for (const search of ['?tenantId=100001', '?loginFree=true&callback=x', '?code=1&state=2']) {
      assert.equal(prerendersLogin('/login', search), false, search);
    }
    assert.equal(prerendersLogin('/lock', ''), false);
  });

  it('speaks the stored choice from its cookie, else the console default zh', () => {
    assert.equal(pageLanguage('en'), 'en');
    assert.equal(pageLanguage('en_US'), 'en');
    assert.equal(pageLanguage('zh'), 'zh');
    assert.equal(pageLanguage(undefined), 'zh');
    assert.equal(pageLanguage('fr'), 'zh');
  });

  it('puts the markup where the shell mounts, drops the boot frame and applies the first sheets', () => {
    const html = withPrerender(INDEX, MARKUP, {
      lang: 'en',
      search: '?redirect=/a&b="<x>',
      captchaHeaders: captchaHeaders({ clientId: 'saber', clientSecret: 's' }, 'en'),
    });
    assert.match(html, /<html lang="en"/);
    assert.doesNotMatch(html, /ops-boot/);
    assert.match(html, /<style data-ops-sheet="\/shell\/public.x.css">/);
    assert.match(
      html,
      /<body><div class="ops-frame"><div id="single-spa-application:@ops\/shell"><div class="ops-slot" data-slot="@ops\/shell"><div class="ops-slot-body" data-ops-prerender="en"><main/,
    );
    assert.match(
      html,
      /<\/main><\/div><\/div><\/div><main id="ops-main-view" class="ops-main-view"><\/main><\/div>/,
    );
    // The forgot-password link keeps the page's query, escaped.
    assert.match(html, /href="\/login\?redirect=\/a&amp;b=&quot;&lt;x>"/);
    // The inline script asks for the captcha with the headers the page's client sends.
    assert.match(html, /"Hz-Language":"en_US"/);
    assert.match(html, new RegExp(`"Authorization":"Basic ${Buffer.from('saber:s').toString('base64')}"`));
  });

  it('picks the built markup by language and social tab, and none for another title', () => {
    const dist = mkdtempSync(join(tmpdir(), 'ops-prerender-'));
    try {
      assert.equal(prerenderedMarkup(dist, 'zh', { title: 'T' }), null);
      mkdirSync(join(dist, 'prerender'));
      writeFileSync(join(dist, 'prerender', 'login.json'), JSON.stringify({ title: 'T' }));
      for (const name of ['zh.plain', 'zh.social', 'en.plain', 'en.social']) {
        writeFileSync(join(dist, 'prerender', `login.${name}.html`), name);
      }
      assert.equal(prerenderedMarkup(dist, 'zh', { title: 'T', socialProviders: [] }), 'zh.plain');
      assert.equal(prerenderedMarkup(dist, 'en', { title: 'T', socialProviders: [{}] }), 'en.social');
      assert.equal(prerenderedMarkup(dist, 'en', { title: 'Other' }), null);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
