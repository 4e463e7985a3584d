// CPU time the processes of a bench run used during one page load, from Linux's /proc (clock ticks of
// 10 ms, so small numbers are coarse): the page's renderer, the browser process, the GPU process (it
// composites in software here), the network service, the reference server, the bench itself (Playwright
// client and the floor's server), and what the rest of the machine used meanwhile. On a 2-core machine a
// page waits whenever these together want more than two cores. Elsewhere than Linux it reports nothing.
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10;

function ticksOf(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

/** CPU ticks of the threads of `pid` by name (`main`, or the name less its digits, so a pool's threads add up). */
function threadTicks(pid) {
  const byName = new Map();
  let tids = [];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return byName;
  }
  for (const tid of tids) {
    try {
      const text = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name =
        tid === String(pid)
          ? 'main'
          : text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')).replace(/\d+$/, '');
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      byName.set(name, (byName.get(name) ?? 0) + Number(fields[11]) + Number(fields[12]));
    } catch {
      // the thread ended
    }
  }
  return byName;
}

function machineTicks() {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const idle = values[3] + values[4];
  return { busy: values.reduce((a, b) => a + b, 0) - idle };
}

function classify(pid, serverPids) {
  if (pid === process.pid) return 'bench';
  if (serverPids.has(pid)) return 'server';
  let args = '';
  try {
    args = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return null;
  }
  if (args.includes('--type=renderer')) return 'renderer';
  if (args.includes('--type=gpu-process')) return 'gpu';
  if (args.includes('network.mojom.NetworkService')) return 'network';
  if (args.includes('--type=')) return 'chromiumOther';
  return /chrom/i.test(args.split('\0')[0]) ? 'browser' : null;
}

/** The bench's process tree now: which process is what, and its CPU ticks so far. */
export function cpuSnapshot(serverPid) {
  let machine;
  try {
    machine = machineTicks();
  } catch {
    return null;
  }
  const parents = new Map();
  const ticks = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const info = ticksOf(Number(name));
    if (!info) continue;
    parents.set(Number(name), info.ppid);
    ticks.set(Number(name), info.ticks);
  }
  const under = (root) => {
    const found = new Set([root]);
    for (let changed = true; changed; ) {
      changed = false;
      for (const [pid, ppid] of parents) {
        if (found.has(ppid) && !found.has(pid)) {
          found.add(pid);
          changed = true;
        }
      }
    }
    return found;
  };
  const serverPids = serverPid ? under(serverPid) : new Set();
  const processes = [];
  for (const pid of under(process.pid)) {
    const kind = classify(pid, serverPids);
    if (kind) processes.push({ pid, kind, ticks: ticks.get(pid), threads: threadTicks(pid) });
  }
  return { machine, processes };
}

/**
 * Milliseconds of CPU each kind of process used since `before` (a cpuSnapshot), and the rest of the
 * machine; `threads` has the same by "kind thread-name" (threads that used none are left out).
 */
export function cpuSince(before) {
  if (!before) return null;
  const used = { renderer: 0, browser: 0, gpu: 0, network: 0, chromiumOther: 0, server: 0, bench: 0 };
  const threads = {};
  for (const { pid, kind, ticks, threads: threadsBefore } of before.processes) {
    const now = ticksOf(pid);
    if (!now) continue;
    used[kind] += (now.ticks - ticks) * TICK_MS;
    for (const [name, value] of threadTicks(pid)) {
      const delta = (value - (threadsBefore.get(name) ?? 0)) * TICK_MS;
      const key = `${kind} ${name}`;
      if (delta > 0) threads[key] = (threads[key] ?? 0) + delta;
    }
  }
  const ours = Object.values(used).reduce((a, b) => a + b, 0);
  used.restOfMachine = Math.max(0, (machineTicks().busy - before.machine.busy) * TICK_MS - ours);
  return { ...used, threads };
}
