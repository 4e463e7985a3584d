// A server process that stores an upload and dies (SIGKILL) before anything points at it: what a crash
// between storing and pointing leaves behind. Run by deploy-live.test.ts with DB, DIST, MAPS, SITE set.
import { createApp } from '../src/index.ts';
import { childOptions, DEPLOY_KEY, multipartBody } from './deploy-fixture.ts';

const app = await createApp(childOptions());
const { body, contentType } = multipartBody([
  { name: 'bundle', value: '@ops/notices' },
  { name: 'files', filename: 'notices.js', bytes: 'console.log("stored, never pointed")' },
]);
const res = await app.inject({
  method: 'POST',
  url: '/api/deploy/assets',
  headers: { authorization: `Bearer ${DEPLOY_KEY}`, 'content-type': contentType },
  payload: body,
});
process.stdout.write(`${res.body}\n`, () => process.kill(process.pid, 'SIGKILL'));
