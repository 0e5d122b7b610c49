import type { Page } from 'playwright-core';

/** A V8 heap snapshot as Chromium's DevTools Protocol gives it (the parts read here). */
interface RawSnapshot {
  snapshot: {
    meta: {
      node_fields: string[];
      node_types: [string[], ...unknown[]];
      edge_fields: string[];
      edge_types: [string[], ...unknown[]];
    };
  };
  nodes: number[];
  edges: number[];
  strings: string[];
}

/** One row of the breakdown: a kind of heap object, how many and their own bytes. */
export interface HeapRow {
  kind: string;
  count: number;
  bytes: number;
}

/** A long string found in the heap and the path that keeps it alive, from the page's roots. */
export interface LongString {
  /** Its length in characters (a flat string) or bytes of its own (a cons or sliced string). */
  bytes: number;
  kind: string;
  /** The first characters, to recognise it. */
  start: string;
  /** Retainers, from the nearest root down to the string. */
  path: string[];
  /** Every object that refers to it directly (sliced and cons strings included), by kind. */
  holders: string[];
}

/** What a heap snapshot holds, by kind, and the long strings with what retains them. */
export interface HeapBreakdown {
  total: number;
  rows: HeapRow[];
  longStrings: LongString[];
  /** The scripts loaded (by address) and the length of their source, longest first. */
  scripts: { name: string; bytes: number }[];
  /** JS objects and closures by constructor or function name, most bytes first. */
  constructors: HeapRow[];
  /** Strings by what holds them (the nearest retainer's kind and the edge's name), most first. */
  stringOwners: HeapRow[];
}

/** Takes a heap snapshot of `page` through the DevTools Protocol (after garbage collection, which
 * a snapshot forces) and breaks it down: bytes by kind of object (compiled code, strings, arrays,
 * closures, DOM wrappers…), and every string of at least `longAt` bytes with its retainer path. */
export async function heapBreakdown(page: Page, longAt = 100_000): Promise<HeapBreakdown> {
  const session = await page.context().newCDPSession(page);
  const chunks: string[] = [];
  session.on('HeapProfiler.addHeapSnapshotChunk', ({ chunk }) => chunks.push(chunk));
  try {
    await session.send('HeapProfiler.enable');
    await session.send('HeapProfiler.collectGarbage');
    await session.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    await session.detach();
  }
  return analyse(JSON.parse(chunks.join('')) as RawSnapshot, longAt);
}

function analyse(raw: RawSnapshot, longAt: number): HeapBreakdown {
  const { meta } = raw.snapshot;
  const nodeWidth = meta.node_fields.length;
  const edgeWidth = meta.edge_fields.length;
  const [nodeTypes] = meta.node_types;
  const [edgeTypes] = meta.edge_types;
  const typeAt = meta.node_fields.indexOf('type');
  const nameAt = meta.node_fields.indexOf('name');
  const sizeAt = meta.node_fields.indexOf('self_size');
  const edgeCountAt = meta.node_fields.indexOf('edge_count');
  const edgeTypeAt = meta.edge_fields.indexOf('type');
  const edgeNameAt = meta.edge_fields.indexOf('name_or_index');
  const edgeToAt = meta.edge_fields.indexOf('to_node');
  const { nodes, edges, strings } = raw;
  const count = nodes.length / nodeWidth;
  const weak = edgeTypes.indexOf('weak');
  const shortcut = edgeTypes.indexOf('shortcut');

  // First edge of each node, and the retainers of each node (reverse edges, weak ones left out).
  const firstEdge = new Uint32Array(count + 1);
  for (let n = 0, e = 0; n < count; n += 1) {
    firstEdge[n] = e;
    e += nodes[n * nodeWidth + edgeCountAt]! * edgeWidth;
    firstEdge[n + 1] = e;
  }
  // Distances from the root (node 0), breadth first, so that a path follows the nearest retainer.
  const distance = new Int32Array(count).fill(-1);
  const parent = new Int32Array(count).fill(-1);
  const parentEdge = new Int32Array(count).fill(-1);
  distance[0] = 0;
  const queue = new Int32Array(count);
  let head = 0;
  let tail = 0;
  queue[tail++] = 0;
  while (head < tail) {
    const n = queue[head++]!;
    for (let e = firstEdge[n]!; e < firstEdge[n + 1]!; e += edgeWidth) {
      const type = edges[e + edgeTypeAt];
      if (type === weak || type === shortcut) continue;
      const to = edges[e + edgeToAt]! / nodeWidth;
      if (distance[to] !== -1) continue;
      distance[to] = distance[n]! + 1;
      parent[to] = n;
      parentEdge[to] = e;
      queue[tail++] = to;
    }
  }

  const label = (n: number) => {
    const type = nodeTypes[nodes[n * nodeWidth + typeAt]!]!;
    const name = strings[nodes[n * nodeWidth + nameAt]!]!;
    const short = name.length > 40 ? `${name.slice(0, 40)}…` : name;
    return `${type} ${JSON.stringify(short)}`.slice(0, 120);
  };
  const edgeLabel = (e: number) => {
    const type = edgeTypes[edges[e + edgeTypeAt]!]!;
    const nameOrIndex = edges[e + edgeNameAt]!;
    const name =
      type === 'element' || type === 'hidden' ? `[${nameOrIndex}]` : strings[nameOrIndex];
    return `.${name}`.slice(0, 80);
  };

  const byKind = new Map<string, HeapRow>();
  const scripts = new Map<string, number>();
  const owners = new Map<string, HeapRow>();
  const constructors = new Map<string, HeapRow>();
  const longStrings: LongString[] = [];
  let total = 0;
  for (let n = 0; n < count; n += 1) {
    const base = n * nodeWidth;
    const type = nodeTypes[nodes[base + typeAt]!]!;
    const name = strings[nodes[base + nameAt]!]!;
    const size = nodes[base + sizeAt]!;
    total += size;
    // A script's source text is a string too; it is the code's, not the document's.
    const isSource =
      parent[n]! >= 0 &&
      strings[edges[parentEdge[n]! + edgeNameAt]!] === 'source' &&
      nodeTypes[nodes[parent[n]! * nodeWidth + typeAt]!] === 'code';
    const kind = isSource ? 'script sources (strings)' : kindOf(type, name);
    if (type === 'object' || type === 'closure') {
      const key = `${type} ${name.slice(0, 40)}`;
      const row = constructors.get(key) ?? { kind: key, count: 0, bytes: 0 };
      row.count += 1;
      row.bytes += size;
      constructors.set(key, row);
    }
    if (kind === 'strings' && parent[n]! >= 0) {
      const owner = `${label(parent[n]!).slice(0, 50)}${edgeLabel(parentEdge[n]!).replace(/\[\d+\]/, '[]')}`;
      const row = owners.get(owner) ?? { kind: owner, count: 0, bytes: 0 };
      row.count += 1;
      row.bytes += size;
      owners.set(owner, row);
    }
    if (isSource) {
      const script = strings[nodes[parent[n]! * nodeWidth + nameAt]!]!.replace(
        'system / Script / ',
        '',
      );
      scripts.set(script, (scripts.get(script) ?? 0) + name.length);
    }
    const row = byKind.get(kind) ?? { kind, count: 0, bytes: 0 };
    row.count += 1;
    row.bytes += size;
    byKind.set(kind, row);
    if (
      !isSource &&
      (type === 'string' || type === 'concatenated string' || type === 'sliced string') &&
      (size >= longAt || name.length >= longAt / 2)
    ) {
      const path: string[] = [];
      for (let at = n, steps = 0; at > 0 && steps < 14; steps += 1) {
        const from = parent[at]!;
        if (from < 0) {
          path.unshift('(unreachable from the roots)');
          break;
        }
        path.unshift(`${label(from)}${edgeLabel(parentEdge[at]!)}`);
        at = from;
      }
      longStrings.push({
        bytes: size,
        kind: type,
        start: JSON.stringify(name.slice(0, 30)),
        path,
        holders: [],
        node: n,
      } as LongString);
    }
  }
  // Who refers to each long string, and to the sliced and cons strings made of it.
  const watched = new Map<number, LongString>();
  for (const long of longStrings) watched.set((long as LongString & { node: number }).node, long);
  const holders = new Map<LongString, Map<string, number>>();
  for (let n = 0; n < count; n += 1) {
    for (let e = firstEdge[n]!; e < firstEdge[n + 1]!; e += edgeWidth) {
      const long = watched.get(edges[e + edgeToAt]! / nodeWidth);
      if (!long || edges[e + edgeTypeAt] === weak) continue;
      // A sliced or cons string: who holds it, one step up.
      const from =
        nodeTypes[nodes[n * nodeWidth + typeAt]!] === 'sliced string' ||
        nodeTypes[nodes[n * nodeWidth + typeAt]!] === 'concatenated string'
          ? `${label(n)} held by ${parent[n]! >= 0 ? label(parent[n]!) + edgeLabel(parentEdge[n]!) : '?'}`
          : `${label(n)}${edgeLabel(e)}`;
      const counts = holders.get(long) ?? new Map<string, number>();
      counts.set(from, (counts.get(from) ?? 0) + 1);
      holders.set(long, counts);
    }
  }
  for (const [long, counts] of holders) {
    long.holders = [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([from, times]) => `${times} × ${from}`);
  }
  const rows = [...byKind.values()].sort((a, b) => b.bytes - a.bytes);
  longStrings.sort((a, b) => b.bytes - a.bytes);
  const loaded = [...scripts].map(([name, bytes]) => ({ name, bytes }));
  loaded.sort((a, b) => b.bytes - a.bytes);
  const stringOwners = [...owners.values()].sort((a, b) => b.bytes - a.bytes);
  return {
    total,
    rows,
    longStrings,
    scripts: loaded,
    stringOwners,
    constructors: [...constructors.values()].sort((a, b) => b.bytes - a.bytes),
  };
}

// The kinds of the table: V8's node types, with code and the DOM's wrappers split out by name.
function kindOf(type: string, name: string): string {
  if (type === 'code') return 'compiled code (bytecode, machine code, feedback, scripts)';
  if (type === 'string' || type === 'concatenated string' || type === 'sliced string')
    return 'strings';
  if (type === 'closure') return 'closures (functions)';
  if (type === 'array') return 'arrays (internal backing stores)';
  if (type === 'hidden' || type === 'object shape') return 'V8 internals (hidden, shapes)';
  if (type === 'regexp') return 'regular expressions';
  if (type === 'native') return 'native (DOM and Blink objects)';
  if (type === 'object' && /^(HTML|SVG|Text$|Comment$|CSS|DOM|Node|Element|Attr)/.test(name))
    return 'DOM wrappers';
  if (type === 'object' && name === 'Array') return 'JS arrays';
  if (type === 'object') return 'JS objects';
  return type;
}

/** Prints a breakdown as a table, and its long strings with their retainer paths. */
export function printBreakdown(breakdown: HeapBreakdown): void {
  const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(2)} MB`;
  console.log(`  heap snapshot, self sizes: ${mb(breakdown.total)}`);
  for (const row of breakdown.rows.slice(0, 14)) {
    console.log(
      `  ${row.kind.padEnd(60)} ${mb(row.bytes).padStart(10)} ${String(row.count).padStart(9)}`,
    );
  }
  console.log('  objects and closures by constructor or name:');
  for (const row of breakdown.constructors.slice(0, 12)) {
    console.log(
      `    ${row.kind.padEnd(70)} ${mb(row.bytes).padStart(10)} ${String(row.count).padStart(9)}`,
    );
  }
  console.log('  strings by nearest retainer:');
  for (const row of breakdown.stringOwners.slice(0, 15)) {
    console.log(
      `    ${row.kind.padEnd(70)} ${mb(row.bytes).padStart(10)} ${String(row.count).padStart(9)}`,
    );
  }
  console.log(`  scripts loaded (${breakdown.scripts.length}), by length of source:`);
  for (const script of breakdown.scripts.slice(0, 25)) {
    console.log(`    ${String(script.bytes).padStart(9)} ${script.name}`);
  }
  console.log(`  long strings (${breakdown.longStrings.length}):`);
  for (const long of breakdown.longStrings) {
    console.log(`    ${long.kind} ${long.bytes} bytes ${long.start}`);
    for (const step of long.path) console.log(`      ${step}`);
    console.log('      held directly by:');
    for (const holder of long.holders) console.log(`        ${holder}`);
  }
}
