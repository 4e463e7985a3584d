// The browser every test runner uses (web-test-runner, Playwright, the bench): Debian's Chromium, since
// tools that download their own browser cannot reach the network here. CHROMIUM_PATH overrides the path.
// The rule for which browser to use, and what to do when it is missing, lives only in this file;
// scripts/ensure-browser.mjs carries out the decision before `npm test` runs the browser steps.

export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/** Debian packages that provide the default browser; the CJK font keeps Chinese text readable in screenshots. */
export const APT_PACKAGES = ['chromium', 'fonts-wqy-zenhei'];

const APT_INSTALL = `apt-get install -y ${APT_PACKAGES.join(' ')}`;

/** The browser path the test runners launch: CHROMIUM_PATH when set (and not empty), else Debian's. */
export function chromiumPath(env = process.env) {
  return env.CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH;
}

export const CHROMIUM_PATH = chromiumPath();

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Decides, without touching the machine, how the tests get their browser.
 *
 * @param {object} facts
 * @param {Record<string, string | undefined>} facts.env the environment (only CHROMIUM_PATH is read)
 * @param {(path: string) => boolean} facts.isExecutable whether an executable file exists at a path
 * @param {boolean} facts.isRoot whether the process runs as root
 * @param {boolean} facts.hasAptGet whether apt-get is on the PATH
 * @returns {{ action: 'use', path: string }
 *   | { action: 'install', path: string, packages: string[], message: string }
 *   | { action: 'explain', message: string }}
 *   `use`: launch the browser at `path`. `install`: install `packages` with apt-get (announcing `message`),
 *   after which the browser is at `path`. `explain`: the browser cannot be had; `message` says what to do.
 */
export function decideChromium({ env, isExecutable, isRoot, hasAptGet }) {
  const path = chromiumPath(env);
  if (isExecutable(path)) return { action: 'use', path };
  if (env.CHROMIUM_PATH) {
    return {
      action: 'explain',
      message:
        `CHROMIUM_PATH is set to ${path}, but there is no executable file there. ` +
        `Point CHROMIUM_PATH at a Chromium or Chrome binary, or unset it to use ${DEFAULT_CHROMIUM_PATH}.`,
    };
  }
  if (hasAptGet && isRoot) {
    return {
      action: 'install',
      path,
      packages: APT_PACKAGES,
      message:
        `Installing Debian's ${APT_PACKAGES.join(' and ')} with apt-get (under a minute): the unit and ` +
        `end-to-end tests run in headless Chromium and there is none at ${path}.`,
    };
  }
  if (hasAptGet) {
    return {
      action: 'explain',
      message:
        `The unit and end-to-end tests need Chromium and there is none at ${path}; installing it needs root. ` +
        `Run: sudo apt-get update && sudo ${APT_INSTALL}   then npm test again ` +
        '(or set CHROMIUM_PATH to a Chromium or Chrome you already have).',
    };
  }
  return {
    action: 'explain',
    message:
      `The unit and end-to-end tests need Chromium and there is none at ${path}, and there is no apt-get ` +
      "to install Debian's. Install Chromium or Chrome with this system's package manager, then run: " +
      'CHROMIUM_PATH=/path/to/chromium npm test',
  };
}
