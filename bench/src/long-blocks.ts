import { launchBrowser, measure, measureEditorAlone, settle } from './typing';
import { median, ms, percentile } from './stats';

/** Keys typed into each block (after the warm-up): fewer than in the corpus runs, there are
 * many blocks. */
const KEYSTROKES = 40;
/** Lines (items, points, paragraphs…) of each block: about 180,000 characters of text. */
const LINES = 2500;

const lines = (make: (i: number) => string) =>
  Array.from({ length: LINES }, (_, i) => make(i + 1)).join('\n');
const middle = LINES / 2;

/** A long block of each kind, with the line typed at (in its middle). */
const BLOCKS: { name: string; text: string; at: string }[] = [
  {
    name: 'code block',
    text: `# Listing\n\n\`\`\`js\n${lines((i) => `const step${i} = run(${i}, 'item ${i}'); // step ${i} of the listing`)}\n\`\`\`\n\nAfter.\n`,
    at: `const step${middle} = run(${middle}, 'item ${middle}'); // step ${middle} of the listing`,
  },
  {
    name: 'code in an item',
    text: `1. Listing:\n\n   \`\`\`js\n${lines((i) => `   const step${i} = run(${i}, 'item ${i}'); // step ${i} of the listing`)}\n   \`\`\`\n2. After.\n`,
    at: `   const step${middle} = run(${middle}, 'item ${middle}'); // step ${middle} of the listing`,
  },
  {
    name: 'list',
    text: `# Steps\n\n${lines((i) => `${i}. Step ${i} of the plan, with *some* words to render`)}\n\nAfter.\n`,
    at: `${middle}. Step ${middle} of the plan, with *some* words to render`,
  },
  {
    name: 'outline',
    text: `1. Before\n2. Outline\n${lines((i) => `   - point ${i} of the outline, with *some* words to render`)}\n3. After\n`,
    at: `   - point ${middle} of the outline, with *some* words to render`,
  },
  {
    name: 'outline, deeper',
    text: `- Project\n  - Tasks\n${lines((i) => `    - task ${i} of the project, with *some* words to render`)}\n  - Notes\n- Other\n`,
    at: `    - task ${middle} of the project, with *some* words to render`,
  },
  {
    name: 'quote',
    text: `# Quoted\n\n${lines((i) => `> Thought ${i} of the quote, with *some* words to render.\n>`)}\n\nAfter.\n`,
    at: `> Thought ${middle} of the quote, with *some* words to render.`,
  },
  {
    name: 'table',
    text: `| n | text |\n|--:|---|\n${lines((i) => `| ${i} | row ${i} of the table, with *some* words to render |`)}\n\nAfter.\n`,
    at: `| ${middle} | row ${middle} of the table, with *some* words to render |`,
  },
  {
    name: 'one paragraph',
    text: `# Prose\n\n${lines((i) => `Line ${i} of one long paragraph, with *some* words to render`)}\n\nAfter.\n`,
    at: `Line ${middle} of one long paragraph, with *some* words to render`,
  },
];

/** Typing inside long blocks of each kind (the preview splits most of them into parts; see
 * docs/concepts/rendering.md): keystroke to painted preview, and the editor alone on the same
 * text as the floor. */
export async function benchLongBlocks(baseUrl: string, executablePath: string): Promise<void> {
  const blocks = selectedBlocks(process.env.BENCH_BLOCKS);
  const browser = await launchBrowser(executablePath);
  console.log(
    `\nChromium: ${KEYSTROKES} keystrokes 100 ms apart at the end of a line in the middle of one long block of ${LINES} lines (items, rows, paragraphs); medians and p95 in ms`,
  );
  const header = [
    'block (chars)'.padEnd(26),
    'key→preview p50'.padStart(16),
    'p95'.padStart(8),
    'after editor p95'.padStart(17),
    'editor alone p50'.padStart(17),
    'p95'.padStart(8),
  ];
  console.log(header.join(' '));
  try {
    for (const { name, text, at } of blocks) {
      const plan = { at, keystrokes: KEYSTROKES, openings: 0 };
      const figures = await measure(browser, baseUrl, text, 'incremental', plan);
      await settle();
      const alone = await measureEditorAlone(browser, baseUrl, text, plan);
      await settle();
      console.log(
        [
          `${name} (${text.length})`.padEnd(26),
          ms(median(figures.latencies)).padStart(16),
          ms(percentile(figures.latencies, 95)).padStart(8),
          ms(percentile(figures.previewOnly, 95)).padStart(17),
          ms(median(alone)).padStart(17),
          ms(percentile(alone, 95)).padStart(8),
        ].join(' '),
      );
    }
  } finally {
    await browser.close();
  }
}

/** BENCH_BLOCKS: a comma-separated list of block names to measure; unset or empty, all. A name
 * that is not a block's is refused, with the names there are. */
function selectedBlocks(value: string | undefined): typeof BLOCKS {
  if (value === undefined || value.trim() === '') return BLOCKS;
  const names = value.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !BLOCKS.some((block) => block.name === name));
  if (unknown.length > 0) {
    const known = BLOCKS.map((block) => `"${block.name}"`).join(', ');
    throw new Error(
      `BENCH_BLOCKS names no block "${unknown.join('", "')}"; the blocks are ${known}.`,
    );
  }
  return BLOCKS.filter((block) => names.includes(block.name));
}
