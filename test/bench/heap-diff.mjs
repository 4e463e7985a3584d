// Compares two heap snapshots (bench:soak's SNAPSHOTS files) by constructor, as DevTools' Comparison view
// does: what grew between hour 1 and hour N, in count and bytes. A tool to hunt a leak, not a test.
// Usage: node test/bench/heap-diff.mjs before.heapsnapshot after.heapsnapshot [rows=30]
import { readFileSync } from 'node:fs';

/**
 * Count and self size per class of a snapshot's text: objects by constructor name, everything else by
 * V8's node type in brackets ('(code)': bytecode, the JIT's machine code, feedback vectors).
 */
export function classesOf(text) {
  const snap = JSON.parse(text);
  const meta = snap.snapshot.meta;
  const fields = meta.node_fields.length;
  const types = meta.node_types[0];
  const at = (f) => meta.node_fields.indexOf(f);
  const [TYPE, NAME, SIZE] = [at('type'), at('name'), at('self_size')];
  const classes = new Map();
  const { nodes, strings } = snap;
  for (let i = 0; i < nodes.length; i += fields) {
    const type = types[nodes[i + TYPE]];
    const key = type === 'object' || type === 'native' ? strings[nodes[i + NAME]].slice(0, 60) : `(${type})`;
    const row = classes.get(key) ?? { count: 0, bytes: 0 };
    row.count += 1;
    row.bytes += nodes[i + SIZE];
    classes.set(key, row);
  }
  return classes;
}

/** Rows that changed, largest byte change first. */
export function diff(before, after) {
  const keys = new Set([...before.keys(), ...after.keys()]);
  const rows = [];
  for (const key of keys) {
    const a = before.get(key) ?? { count: 0, bytes: 0 };
    const b = after.get(key) ?? { count: 0, bytes: 0 };
    if (a.count !== b.count || a.bytes !== b.bytes)
      rows.push({ key, count: b.count - a.count, kB: Math.round((b.bytes - a.bytes) / 102.4) / 10 });
  }
  return rows.sort((x, y) => Math.abs(y.kB) - Math.abs(x.kB));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [beforeFile, afterFile, n = '30'] = process.argv.slice(2);
  const before = classesOf(readFileSync(beforeFile, 'utf8'));
  const after = classesOf(readFileSync(afterFile, 'utf8'));
  const total = (m) => Math.round([...m.values()].reduce((s, r) => s + r.bytes, 0) / 10485.76) / 100;
  console.log(`total: ${total(before)} MB -> ${total(after)} MB`);
  for (const row of diff(before, after).slice(0, Number(n)))
    console.log(`${String(row.kB).padStart(9)} kB ${String(row.count).padStart(7)}  ${row.key}`);
}
