import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { BUILD_MAP, BUNDLES, NOTICES_JS, SEED_100001 } from './deploy-fixture.ts';
import { writeFiles } from './helpers.ts';

/** A server process started by a test (cluster-instance.ts): its URL and the codes it issued. */
export interface Instance {
  name: string;
  url: string;
  child: ChildProcess;
  captchas: { key: string; text: string }[];
  phoneCodes: { id: string; code: string }[];
}

/** A temporary folder with a built dist/, the tenants' pins and a site config: the env of an instance. */
export function instanceWorld(db: string): { root: string; env: Record<string, string> } {
  const root = mkdtempSync(join(tmpdir(), 'ops-instance-'));
  const dist = join(root, 'dist');
  writeFiles(dist, {
    'index.html': '<!doctype html><html><head><script type="systemjs-importmap">{}</script></head></html>',
    'importmap.json': JSON.stringify(BUILD_MAP),
    'bundles.json': JSON.stringify(BUNDLES),
    'notices/notices.Nt12Ab34.js': NOTICES_JS,
    'notices/notices.Nt99Zz00.js': 'console.log("notices 2")',
    'notices/notices.Nt77Yy00.js': 'console.log("notices 3")',
  });
  writeFiles(join(root, 'tenants'), { '100001.json': JSON.stringify(SEED_100001) });
  const site = join(root, 'site-config.json');
  writeFileSync(site, JSON.stringify({ aesKey: 'Hz6Q2pRt8LwX4vNb' }));
  return { root, env: { DB: db, DIST: dist, MAPS: join(root, 'tenants'), SITE: site } };
}

export function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'cluster-instance.ts')],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const instance: Instance = { name, url: '', child, captchas: [], phoneCodes: [] };
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`instance ${name} exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (text) => {
      const line = JSON.parse(text) as { port?: number; captcha?: never; phoneCode?: never };
      if (line.captcha) instance.captchas.push(line.captcha);
      if (line.phoneCode) instance.phoneCodes.push(line.phoneCode);
      if (line.port) {
        instance.url = `http://127.0.0.1:${line.port}`;
        resolve(instance);
      }
    });
  });
}

/** Stops an instance with a signal and waits for its exit. */
export async function stopInstance(instance: Instance | undefined, signal: NodeJS.Signals = 'SIGTERM') {
  if (!instance || instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  const exited = new Promise((resolve) => instance.child.once('exit', resolve));
  instance.child.kill(signal);
  await exited;
}
