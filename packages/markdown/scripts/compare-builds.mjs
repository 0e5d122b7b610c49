// Compares two builds of this package in one Node process: first that they give the same output
// (the same updates, section ids included, through random edits of each document, and the same
// whole conversions), then their speed, measured in interleaved rounds (A, B, B, A, A, B…) so
// that the machine's load falls on both alike: one keystroke's edit and update of a document
// kept rendered (as `pnpm bench` measures it in Node: 200 keystrokes typed in the middle), and a
// whole conversion with the converter reused, each in wall time and in the process's CPU time.
// Prints the median over rounds of each round's figure, per document, and the ratio B / A.
//
// Usage, from the repository's root: build this package (`pnpm --filter @inkstone/markdown build`)
// and the one to compare it with, e.g. main's, against this checkout's node_modules:
//   mkdir -p /tmp/md-old && git archive main packages/markdown | tar -x -C /tmp/md-old
//   git show main:tsconfig.base.json > /tmp/md-old/tsconfig.base.json
//   ln -s "$PWD/packages/markdown/node_modules" /tmp/md-old/packages/markdown/node_modules
//   (cd /tmp/md-old/packages/markdown && "$OLDPWD/node_modules/.bin/tsc" -p tsconfig.build.json)
// then
//   node packages/markdown/scripts/compare-builds.mjs \
//     /tmp/md-old/packages/markdown/dist/index.js [B: a dist/index.js, default this package's]
// The documents are the benchmark's, bench/corpus (INKSTONE_CORPUS_DIR reads doc-10k.md… from
// another folder). ROUNDS (default 9) sets the rounds per document, CONVERSIONS (default 7) the
// whole conversions of each round.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { argv, cpuUsage, env, exit, stdout } from 'node:process';
import { fileURLToPath, pathToFileURL, URL } from 'node:url';

const KEYSTROKES = 200;
const CONVERSIONS = Number(env.CONVERSIONS ?? 7);
const EDITS = 400;
const ROUNDS = Number(env.ROUNDS ?? 9);
const DOCS = ['doc-10k', 'doc-50k', 'doc-250k'];

const corpus =
  env.INKSTONE_CORPUS_DIR || fileURLToPath(new URL('../../../bench/corpus/', import.meta.url));
if (!argv[2]) {
  stdout.write(
    'Usage: [INKSTONE_CORPUS_DIR=<dir>] node compare-builds.mjs <A index.js> [B index.js]\n',
  );
  exit(2);
}
const load = (path) => import(pathToFileURL(resolve(path)).href);
const a = await load(argv[2]);
const b = await load(argv[3] ?? new URL('../dist/index.js', import.meta.url).pathname);

// As the benchmark reads it: cut at the last line break that leaves room for 100 characters.
function readDoc(name) {
  const text = readFileSync(`${corpus.replace(/\/$/, '')}/${name}.md`, 'utf8');
  const max = 250_000 - 100;
  return text.length <= max ? text : text.slice(0, text.lastIndexOf('\n', max - 1) + 1);
}

function median(values) {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)];
}

function percentile(values, p) {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

// A seeded generator (mulberry32), so that both builds get the same edits.
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Long blocks of every kind the document treats on its own (split lists, tables, quotes, code
// and paragraphs; footnotes, anchors, a table of contents, abbreviations, references).
function synthetic() {
  const lines = [
    '[TOC]',
    '',
    '# Title',
    '',
    '*[HTML]: Hyper Text',
    '',
    '[ref]: https://example.org',
    '',
  ];
  for (let i = 0; i < 150; i += 1)
    lines.push(`- item ${i} with HTML and [a link][ref][^n${i % 7}]`);
  lines.push('', '```js');
  for (let i = 0; i < 150; i += 1) lines.push(`const x${i} = ${i}; /* c ${i} */`);
  lines.push('```', '', '| a | b |', '|---|---|');
  for (let i = 0; i < 120; i += 1) lines.push(`| ${i} | *${i}* |`);
  lines.push('');
  for (let i = 0; i < 100; i += 1) lines.push(`> Quoted ${i}`, '>');
  lines.push('');
  for (let i = 0; i < 120; i += 1)
    lines.push(`Line ${i} of a paragraph with "quotes" and **bold**`);
  lines.push('', '## Title', '', '1. one', '2. two', '');
  for (let i = 0; i < 7; i += 1) lines.push(`[^n${i}]: Note ${i}.`, '');
  return lines.join('\n');
}

const SNIPPETS = [
  'a',
  'x y',
  '\n',
  '\n\n',
  '# ',
  '- ',
  '1. ',
  '```\n',
  '> ',
  '[^n1]',
  '*',
  '|',
  '[TOC]',
  '$x$',
  '   ',
];

// The same random edits of `text` in both builds: every update, ids included, must be equal.
function check(name, text, seed) {
  const docs = [a, b].map((build) =>
    build.createConverter({ abbr: true, toc: true }).createDocument(text),
  );
  const next = random(seed);
  const first = docs.map((doc) => JSON.stringify(doc.update()));
  if (first[0] !== first[1]) return `${name}: the first update differs`;
  for (let i = 0; i < EDITS; i += 1) {
    const length = docs[0].length;
    const from = Math.floor(next() * length);
    const to = next() < 0.3 ? Math.min(length, from + Math.floor(next() * 40)) : from;
    const insert = next() < 0.8 ? SNIPPETS[Math.floor(next() * SNIPPETS.length)] : '';
    const limits = next() < 0.2 ? { budget: 2000 } : {};
    const out = docs.map((doc) => {
      doc.edit([{ from, to, insert }]);
      return JSON.stringify(doc.update(limits));
    });
    if (out[0] !== out[1])
      return `${name}: edit ${i} (${from}-${to} ${JSON.stringify(insert)}) differs`;
    if (i % 50 === 49) {
      const whole = docs.map((doc) => JSON.stringify(doc.renderHtml()));
      if (whole[0] !== whole[1]) return `${name}: the whole HTML after edit ${i} differs`;
    }
  }
  const fresh = [a, b].map((build) => JSON.stringify(build.createConverter().render(docs[0].text)));
  return fresh[0] === fresh[1] ? null : `${name}: a whole conversion differs`;
}

// One round of one build: a keystroke's edit and update (the median and p95 of the wall
// times, and the process's CPU time over all of them, per keystroke), and a whole conversion
// with the converter reused (the median and the fastest wall time, and the CPU time per
// conversion). On a loaded machine the wall times take in the waits for a core (the fastest
// least); the CPU times do not.
function round(build, text) {
  const converter = build.createConverter();
  const document = converter.createDocument(text);
  document.update();
  const keys = [];
  let at = text.indexOf('\n', text.length / 2);
  let cpu = cpuUsage();
  for (let i = 0; i < KEYSTROKES; i += 1) {
    const started = performance.now();
    document.edit([{ from: at, to: at, insert: 'a' }]);
    document.update();
    keys.push(performance.now() - started);
    at += 1;
  }
  const keyCpu = cpuMs(cpuUsage(cpu)) / KEYSTROKES;
  converter.render(text);
  const conversions = [];
  cpu = cpuUsage();
  for (let i = 0; i < CONVERSIONS; i += 1) {
    const started = performance.now();
    converter.render(text);
    conversions.push(performance.now() - started);
  }
  const fullCpu = cpuMs(cpuUsage(cpu)) / CONVERSIONS;
  return {
    key: median(keys),
    key95: percentile(keys, 95),
    keyCpu,
    full: median(conversions),
    fullMin: Math.min(...conversions),
    fullCpu,
  };
}

const cpuMs = (usage) => (usage.user + usage.system) / 1000;

const texts = Object.fromEntries(DOCS.map((name) => [name, readDoc(name)]));
const failures = [
  check('synthetic', synthetic(), 1),
  ...DOCS.map((name, index) => check(name, texts[name], 2 + index)),
].filter(Boolean);
stdout.write(
  failures.length === 0
    ? `Same output: ${EDITS} random edits each of a synthetic document and ${DOCS.join(', ')}, every update and whole conversion equal.\n`
    : `DIFFERENT OUTPUT:\n${failures.join('\n')}\n`,
);

if (ROUNDS < 1) exit(failures.length === 0 ? 0 : 1);
const f = (value, digits) => value.toFixed(digits).padStart(9);
const columns = [
  ['key p50', 'key', 4],
  ['key p95', 'key95', 4],
  ['key cpu', 'keyCpu', 4],
  ['full p50', 'full', 2],
  ['full min', 'fullMin', 2],
  ['full cpu', 'fullCpu', 2],
];
stdout.write(
  `\n${ROUNDS} interleaved rounds per document (after one of warm-up each), ms: the median over` +
    ` rounds of each round's figure (${KEYSTROKES} keystrokes, ${CONVERSIONS} conversions a round)\n` +
    `${'document'.padEnd(9)} ${'figure'.padEnd(9)} ${'A'.padStart(9)} ${'B'.padStart(9)} ${'B/A'.padStart(6)}\n`,
);
for (const name of DOCS) {
  const text = texts[name];
  round(a, text);
  round(b, text);
  const results = { a: [], b: [] };
  for (let r = 0; r < ROUNDS; r += 1) {
    // A, B, then B, A: each build goes first in half of the rounds.
    const order = r % 2 === 0 ? ['a', 'b'] : ['b', 'a'];
    for (const which of order) results[which].push(round(which === 'a' ? a : b, text));
  }
  for (const [label, field, digits] of columns) {
    const [x, y] = ['a', 'b'].map((which) => median(results[which].map((result) => result[field])));
    stdout.write(
      `${name.padEnd(9)} ${label.padEnd(9)} ${f(x, digits)} ${f(y, digits)} ${(y / x).toFixed(2).padStart(6)}\n`,
    );
  }
}
exit(failures.length === 0 ? 0 : 1);
