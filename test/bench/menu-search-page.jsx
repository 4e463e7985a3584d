// The menu-search bench's page (test/bench/menu-search.mjs bundles it with esbuild): the real component,
// the generated menu and the probes.
import { setLanguage } from '@ops/shared';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
// biome-ignore lint/style/noRestrictedImports: the bench measures the shell's own component and model.
import { MenuSearch } from '../../packages/shell/src/menu-search/menu-search';
// biome-ignore lint/style/noRestrictedImports: the bench measures the shell's own component and model.
import { buildSearchIndex, MENU_SEARCH_LIMIT, searchMenu } from '../../packages/shell/src/menu-search/search';
// biome-ignore lint/style/noRestrictedImports: the bench measures the shell's own component and model.
import { buildMenu, leavesOf } from '../../packages/shell/src/menus/model';

const STATIONS = [
  'Three Gorges',
  'Gezhouba',
  'Xiluodu',
  'Xiangjiaba',
  'Baihetan',
  'Wudongde',
  'Longtan',
  'Laxiwa',
  'Jinping',
  'Ertan',
];
const SUBSYSTEMS = [
  'Unit',
  'Alarm',
  'Gate',
  'Reservoir',
  'Transformer',
  'Battery',
  'Inverter',
  'Video',
  'Energy',
  'Dispatch',
];
const PAGES = [
  'overview',
  'realtime monitor',
  'history trend',
  'daily report',
  'event log',
  'parameters',
  'curves',
  'statistics',
  'maintenance',
  'settings',
];
const texts = new Map();
const raw = [];
for (let g = 0; g < 50; g++) {
  const station = `${STATIONS[g % 10]} ${Math.floor(g / 10) + 1}`;
  const subs = [];
  for (let s = 0; s < 10; s++) {
    const pages = [];
    for (let p = 0; p < 10; p++) {
      const n = g * 100 + s * 10 + p;
      texts.set(`menu.leaf_${n}`, `${station} ${SUBSYSTEMS[s]} ${PAGES[p]}`);
      pages.push({
        id: `leaf-${n}`,
        name: `页面${n}`,
        path: `/station-${g}/${SUBSYSTEMS[s].toLowerCase()}/page${p}`,
        icon: 'icon-page',
        appCode: `station-${g}`,
        meta: { i18n: `menu.leaf_${n}` },
      });
    }
    subs.push({ id: `sub-${g}-${s}`, name: SUBSYSTEMS[s], children: pages });
  }
  raw.push({ id: `station-${g}`, name: station, children: subs });
}
const model = buildMenu(raw);
const leaves = leavesOf(model.items);
const nameOf = (item) => (item.meta.i18n && texts.get(item.meta.i18n)) || item.name;

const bench = { leaves: leaves.length, problems: model.problems.length, samples: [], waiters: [] };
window.__bench = bench;
// What each list should end up showing, from an index of its own (built before the timed part).
const expectedIndex = buildSearchIndex(leaves, nameOf);
const floor = location.search === '?floor';
const optionCount = () => document.querySelectorAll('[role=option]').length;
let current = null;
const finish = (sample) => {
  bench.samples.push(sample);
  bench.waiters = bench.waiters.filter((waiter) => !waiter());
};
const channel = new MessageChannel();
channel.port1.onmessage = () => {
  const sample = current;
  current = null;
  sample.painted = performance.now();
  const input = document.querySelector('[role=combobox]');
  sample.query = input ? input.value : null;
  sample.options = optionCount();
  sample.expected =
    sample.query && !floor ? searchMenu(expectedIndex, sample.query, MENU_SEARCH_LIMIT).length : 0;
  if (sample.kind !== 'type' || sample.options >= sample.expected) {
    sample.complete = sample.painted;
    finish(sample);
    return;
  }
  // The rest of the list comes in a background render: wait for the frame that paints it.
  const done = new MessageChannel();
  done.port1.onmessage = () => {
    sample.complete = performance.now();
    sample.options = optionCount();
    finish(sample);
  };
  const poll = () =>
    requestAnimationFrame(() => (optionCount() >= sample.expected ? done.port2.postMessage(null) : poll()));
  poll();
};
function begin(event, kind) {
  if (current !== null) return;
  current = {
    kind,
    key: event.key ?? null,
    t0: event.timeStamp,
    dispatched: performance.now(),
    handled: null,
    frame: null,
    painted: null,
  };
  requestAnimationFrame(() => {
    current.frame = performance.now();
    channel.port2.postMessage(null);
  });
}
const handled = () => {
  if (current !== null && current.handled === null) current.handled = performance.now();
};
const TEXT_KEYS = new Set(['Backspace', 'Delete']);
window.addEventListener(
  'keydown',
  (event) => begin(event, event.key.length === 1 || TEXT_KEYS.has(event.key) ? 'type' : 'move'),
  true,
);
window.addEventListener('keydown', (event) => {
  if (!(event.key.length === 1 || TEXT_KEYS.has(event.key))) handled();
});
window.addEventListener('input', handled);
window.addEventListener(
  'click',
  (event) => {
    if (event.target.closest?.('button[aria-haspopup=dialog]')) begin(event, 'open');
  },
  true,
);
window.addEventListener('click', handled);

/** Resolves once n samples have been taken. */
bench.waitFor = (n) =>
  new Promise((resolve) => {
    const check = () => {
      if (bench.samples.length < n) return false;
      resolve(bench.samples[n - 1]);
      return true;
    };
    if (!check()) bench.waiters.push(check);
  });

/** After the timed part: what searchMenu alone costs per query, and whether each painted list was right. */
bench.check = () => {
  const index = buildSearchIndex(leaves, nameOf);
  let wrong = 0;
  for (const sample of bench.samples) {
    if (sample.kind === 'type' && sample.options !== sample.expected) wrong++;
  }
  const queries = [...new Set(bench.samples.filter((s) => s.kind === 'type').map((s) => s.query))];
  const search = [];
  for (let round = 0; round < 20; round++) {
    for (const query of queries) {
      const start = performance.now();
      searchMenu(index, query, MENU_SEARCH_LIMIT + 1);
      search.push(performance.now() - start);
    }
  }
  const builds = [];
  for (let round = 0; round < 10; round++) {
    const start = performance.now();
    buildSearchIndex(leaves, nameOf);
    builds.push(performance.now() - start);
  }
  return { wrong, search, builds, indexed: index.size };
};

/** The floor: the same keystrokes into a bare controlled input that renders nothing else. */
function Floor() {
  const [value, setValue] = useState('');
  return (
    <input
      role="combobox"
      aria-expanded="false"
      aria-label="Floor"
      value={value}
      onChange={(event) => setValue(event.target.value)}
    />
  );
}

setLanguage('en');
const mount = document.getElementById('top');
flushSync(() =>
  createRoot(mount).render(
    floor ? (
      <Floor />
    ) : (
      <MenuSearch
        leaves={leaves}
        nameOf={nameOf}
        onOpen={(item) => {
          bench.opened = item.id;
        }}
      />
    ),
  ),
);
bench.ready = true;
