#!/usr/bin/env node
// Builds the long benchmark documents, doc-1m.md and doc-2m.md, the way the shorter ones were
// made (ATTRIBUTION.md): sections of npm package READMEs (from each package's published tarball,
// fetched with `npm pack`), sections of the CommonMark Spec 0.31.2 (`spec.txt` of the
// commonmark-spec package the markdown tests already install) and blocks written for the corpus
// (formula notes, option tables with inline math, "Step" task lists, footnotes), interleaved in
// an order drawn from a seeded generator, so that a rerun gives the same bytes.
//
//   pnpm --filter @inkstone/markdown build   # the counts use the app's converter
//   node bench/corpus/build-long.mjs         # writes the documents and their manifest entries
//
// The tarballs are kept in ~/.cache/inkstone-corpus (BENCH_CORPUS_CACHE moves it), outside the
// repository. The script writes doc-1m.md, doc-2m.md, and their entries in manifest.json
// ("longDocs"), leaving the entries of the three older documents as they are.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '..', '..');

/** The documents: name, least length in characters, seed of their drawing order. */
const TARGETS = [
  { name: 'doc-1m', chars: 1_000_000, seed: 1 },
  { name: 'doc-2m', chars: 2_000_000, seed: 2 },
];

/** The READMEs: the packages and versions of ATTRIBUTION.md. */
const PACKAGES = JSON.parse(readFileSync(join(here, 'manifest.json'), 'utf8')).readmes.map(
  (entry) => entry.replace(/ \(.*\)$/, ''),
);

const cache =
  process.env.BENCH_CORPUS_CACHE ?? join(homedir(), '.cache', 'inkstone-corpus', 'tarballs');

/** The README of `spec` (name@version) as published in its tarball. */
function readme(spec) {
  const dir = join(cache, spec.replace(/[/@]/g, '_'));
  if (!existsSync(dir)) {
    mkdirSync(dir, { recursive: true });
    const file = execFileSync('npm', ['pack', spec, '--silent', '--pack-destination', dir], {
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .at(-1);
    execFileSync('tar', ['-xzf', join(dir, file), '-C', dir]);
  }
  const pkg = join(dir, 'package');
  const name = readdirSync(pkg).find((entry) => /^readme(\.(md|markdown))?$/i.test(entry));
  if (!name) throw new Error(`No README in ${spec}.`);
  return readFileSync(join(pkg, name), 'utf8').replace(/\r\n?/g, '\n');
}

/** The CommonMark spec without its front matter. */
function spec() {
  const require = createRequire(join(root, 'packages', 'markdown', 'package.json'));
  const text = readFileSync(require.resolve('commonmark-spec/spec.txt'), 'utf8');
  return text.replace(/^---\n[\s\S]*?\n(?:---|\.\.\.)\n/, '');
}

/** Cuts markdown into sections, each starting at an ATX heading of level 1-3 outside fences. */
function sections(markdown) {
  const parts = [];
  let current = [];
  let fence = null;
  for (const line of markdown.split('\n')) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === null && marker !== undefined) fence = marker;
    else if (fence !== null && marker !== undefined && marker.startsWith(fence)) fence = null;
    else if (fence === null && /^ {0,3}#{1,3}[ \t]/.test(line) && current.length) {
      parts.push(current.join('\n'));
      current = [];
    }
    current.push(line);
  }
  parts.push(current.join('\n'));
  return parts
    .flatMap((part) => pieces(part.trim()))
    .map((part) => `${part.trim()}\n\n`)
    .filter((part) => part.length > 200);
}

/** Cuts a long section at blank lines outside fences into pieces of about MAX_CHUNK characters
 * at most (a README's long reference part, or a chapter of the spec, would otherwise be one). */
const MAX_CHUNK = 6000;
function pieces(section) {
  if (section.length <= MAX_CHUNK) return [section];
  const parts = [];
  let current = [];
  let size = 0;
  let fence = null;
  for (const line of section.split('\n')) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === null && marker !== undefined) fence = marker;
    else if (fence !== null && marker !== undefined && marker.startsWith(fence)) fence = null;
    else if (fence === null && line === '' && size > MAX_CHUNK / 2) {
      parts.push(current.join('\n'));
      current = [];
      size = 0;
    }
    current.push(line);
    size += line.length + 1;
  }
  parts.push(current.join('\n'));
  return parts;
}

/** Lines outside fenced code, inline code removed: where `$` would start math. */
function prose(markdown) {
  let fence = null;
  return markdown
    .split('\n')
    .filter((line) => {
      const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence === null && marker !== undefined) fence = marker;
      else if (fence !== null && marker !== undefined && marker.startsWith(fence)) fence = null;
      else return fence === null && !/^( {4}|\t)/.test(line);
      return false;
    })
    .map((line) => line.replace(/`+[^`]*`+/g, ''))
    .join('\n');
}

/** A section is kept whole and closed: no math a README never meant (a `$` in prose), no
 * footnotes of its own (the corpus's are numbered), no fence left open, no HTML block left open. */
function usable(section) {
  const text = prose(section);
  if (/\$|\[\^/.test(text)) return false;
  const fences = section.split('\n').filter((line) => /^ {0,3}(`{3,}|~{3,})/.test(line)).length;
  if (fences % 2) return false;
  const opened = (section.match(/<details\b/gi) ?? []).length;
  return opened === (section.match(/<\/details>/gi) ?? []).length;
}

const FORMULAS = [
  ['E = mc^2', '\\sum_{i=1}^{n} x_i^2', '\\frac{a+b}{c-d}'],
  ['O(n \\log n)', '\\binom{n}{k} = \\frac{n!}{k!(n-k)!}', '\\sqrt{x^2 + y^2}'],
  ['\\alpha + \\beta = \\gamma', '\\int_0^1 f(x)\\,dx', 'e^{i\\pi} + 1 = 0'],
  ['\\lim_{x \\to 0} \\frac{\\sin x}{x} = 1', '\\prod_{k=1}^{n} k = n!', '\\lVert v \\rVert_2'],
];
const DISPLAYS = [
  '\\int_{-\\infty}^{\\infty} e^{-x^2}\\,dx = \\sqrt{\\pi}',
  'f(x) = \\sum_{n=0}^{\\infty} \\frac{f^{(n)}(a)}{n!} (x-a)^n',
  '\\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix} \\begin{pmatrix} x \\\\ y \\end{pmatrix} = \\begin{pmatrix} ax+by \\\\ cx+dy \\end{pmatrix}',
  '\\begin{aligned} \\nabla \\cdot \\mathbf{B} &= 0 \\\\ \\nabla \\times \\mathbf{E} &= -\\frac{\\partial \\mathbf{B}}{\\partial t} \\end{aligned}',
];

/** The corpus's own blocks, the n-th of each kind (the four kinds in turn). */
function extBlock(n) {
  const [a, b, c] = FORMULAS[n % FORMULAS.length];
  switch (n % 4) {
    case 0:
      return [
        `### Formula notes ${n}`,
        '',
        `The quantity $${a}$ is compared with $${b}$ and bounded by $${c}$ in the worst case.`,
        'See the derivation below.',
        '',
        '$$',
        DISPLAYS[n % DISPLAYS.length],
        '$$',
        '',
        'and, for the second case,',
        '',
        '$$',
        DISPLAYS[(n + 1) % DISPLAYS.length],
        '$$',
        '',
        '',
      ].join('\n');
    case 1:
      return [
        '| Option | Type | Default | Description |',
        '| :----- | :--: | ------: | ----------- |',
        ...[a, b, c].map(
          (formula, i) =>
            `| \`opt${n}_${i}\` | \`${['string', 'number', 'boolean'][i]}\` | ${i * 10} | Sets **value ${i}**, cost $${formula}$ |`,
        ),
        '',
        '',
      ].join('\n');
    case 2:
      return [
        `Release checklist ${n}:`,
        '',
        ...Array.from(
          { length: 7 },
          (_, i) =>
            `- [${i % 3 === 0 ? 'x' : ' '}] Step ${i + 1}: update \`module${i}\` and *verify* the **output** ~~old note~~`,
        ),
        '',
        '',
      ].join('\n');
    default:
      return [
        `As discussed in the design review[^n${n}a], the sectioned renderer avoids full re-parses[^n${n}b].`,
        'This keeps latency bounded.',
        '',
        `[^n${n}a]: Design review ${n}, see the minutes.`,
        `[^n${n}b]: Except when a fence or a list spans sections.`,
        '',
        '',
      ].join('\n');
  }
}

/** A small seeded generator (mulberry32): the same order on every run. */
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

/** Draws from `pool` without replacement, reshuffling when every item has been drawn. */
function drawer(pool, next) {
  let order = [];
  return () => {
    if (!order.length) {
      order = pool.map((_, i) => i);
      for (let i = order.length - 1; i > 0; i -= 1) {
        const j = Math.floor(next() * (i + 1));
        [order[i], order[j]] = [order[j], order[i]];
      }
    }
    return pool[order.pop()];
  };
}

const markdownDist = pathToFileURL(join(root, 'packages', 'markdown', 'dist', 'index.js')).href;
const { createConverter } = await import(markdownDist);
const converter = createConverter();
/** Renders without a KaTeX error, and each heading is an ATX heading line (no setext heading,
 * as in the older documents, whose tests match headings to ATX lines). */
function rendersCleanly(text) {
  const { html, headings } = converter.render(text);
  return !html.includes('katex-error') && headings.length === atxHeadings(text);
}

const readmeChunks = PACKAGES.flatMap((pkg) =>
  sections(readme(pkg))
    .filter(usable)
    .filter(rendersCleanly)
    .map((text) => ({ source: pkg.replace(/@[^@]*$/, ''), text })),
);
const specChunks = sections(spec())
  .filter((text) => !/\[\^/.test(prose(text)))
  .filter(rendersCleanly)
  .map((text) => ({ source: 'commonmark-spec', text }));

/** ATX heading lines outside fenced code (as the corpus tests count them). */
function atxHeadings(markdown) {
  let fence = null;
  let count = 0;
  for (const line of markdown.split('\n')) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === null && marker !== undefined) fence = marker;
    else if (fence !== null && marker !== undefined && marker.startsWith(fence)) fence = null;
    else if (fence === null && /^ {0,3}#{1,6}(?:[ \t]|$)/.test(line)) count += 1;
  }
  return count;
}

const count = (html, pattern) => html.match(pattern)?.length ?? 0;

const manifestPath = join(here, 'manifest.json');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
manifest.longDocs = {
  built: 'bench/corpus/build-long.mjs',
  counts:
    'heading: ATX heading lines outside fences; math: display formulas (math-block); inlineMath: the other KaTeX formulas; taskItem: task list checkboxes; table, footnoteReference: as rendered by @inkstone/markdown',
};

for (const { name, chars, seed } of TARGETS) {
  const next = random(seed);
  const drawReadme = drawer(readmeChunks, next);
  const drawSpec = drawer(specChunks, next);
  const parts = [];
  let length = 0;
  let readmeChars = 0;
  let specChars = 0;
  let extChars = 0;
  let ext = 0;
  const sources = new Set();
  while (length < chars) {
    // The kind furthest below its share of the older documents (about 72 % READMEs, 21 % spec,
    // 7 % the corpus's blocks), so that the long documents read like them.
    const roll = next() * 0.1;
    let chunk;
    if (specChars + roll * length < 0.21 * length) {
      chunk = drawSpec();
      specChars += chunk.text.length;
    } else if (extChars < 0.07 * length) {
      chunk = { source: null, text: extBlock(ext) };
      ext += 1;
      extChars += chunk.text.length;
    } else {
      chunk = drawReadme();
      readmeChars += chunk.text.length;
    }
    if (chunk.source) sources.add(chunk.source);
    parts.push(chunk.text);
    length += chunk.text.length;
  }
  // Ending with one line break, as a stored text does (spec core §5): the app drops the others.
  const text = parts.join('').replace(/\n+$/, '\n');
  writeFileSync(join(here, `${name}.md`), text);
  const { html, headings } = converter.render(text);
  const formulas = count(html, /class="katex"/g);
  const math = count(html, /class="math-block"/g);
  manifest.longDocs[name] = {
    chars: text.length,
    lines: text.split('\n').length - 1,
    heading: atxHeadings(text),
    renderedHeadings: headings.length,
    table: count(html, /<table[ >]/g),
    taskItem: count(html, /class="task-list-item-checkbox"/g),
    math,
    inlineMath: formulas - math,
    katexErrors: count(html, /katex-error/g),
    footnoteReference: count(html, /class="footnote-ref"/g),
    readmeChars,
    specChars,
    extChars,
    extBlocks: ext,
    sources: [...sources].sort(),
  };
  console.log(name, JSON.stringify(manifest.longDocs[name]));
}
writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
