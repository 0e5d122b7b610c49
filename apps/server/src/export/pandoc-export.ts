import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type PdfRenderer } from './chromium-pdf.js';
import { type PandocDocument, withoutOutsideReads } from './pandoc-ast.js';
import { PANDOC_FORMATS, type PandocFormat, type PandocOptions } from './pandoc-options.js';
import { DEFAULT_PDF_OPTIONS } from './pdf-options.js';
import { asciidocWriter, pandocVersion } from './pandoc-version.js';
import { PandocError, runPandoc } from './run-pandoc.js';

/** The writers Debian's pandoc cannot run under `--sandbox`: Debian 12's 2.17 and Debian 13's
 * 3.1.11 (the Docker image's) alike, built to read their data files from the disk
 * (/usr/share/pandoc), look for them in the sandbox, where no file is (exit 97, "Could not find
 * data file": jgm/pandoc#8128, and the note on `--sandbox` in pandoc's manual; a pandoc built
 * with `embed_data_files`, as the release binaries are, would not). They get a document first
 * stripped of whatever would be read from outside (`withoutOutsideReads`) and run in an empty
 * directory. */
const UNSANDBOXED = new Set<PandocFormat>(['docx', 'odt', 'epub', 'epub3']);

/** pandoc could not read the document it was given (the route's 400). */
export class UnreadableDocumentError extends Error {
  constructor(readonly stderr: string) {
    super(`pandoc could not read the document: ${stderr.trim().split('\n').slice(-2).join(' ')}`);
  }
}

/** One pandoc export: the document (`markdown` text or pandoc's JSON), where to and how. */
export interface PandocJob {
  input: string;
  from: 'markdown' | 'json';
  format: PandocFormat;
  options: PandocOptions;
  metadata: Array<[string, string]>;
  deadline: number;
}

/** Converts in two runs: the input read to pandoc's JSON under `--sandbox`, then that written
 * to the format (under `--sandbox` too, but for the `UNSANDBOXED` writers); `pdf` is pandoc's
 * standalone HTML printed by `renderer`. Each run in a temporary directory removed afterwards. */
export async function pandocExport(
  pandocPath: string,
  renderer: PdfRenderer,
  job: PandocJob,
): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'inkstone-pandoc-'));
  try {
    const read = await runPandoc(
      pandocPath,
      ['--sandbox', '-f', job.from, '-t', 'json'],
      job.input,
      dir,
      job.deadline,
    ).catch((error: unknown) => {
      throw error instanceof PandocError ? new UnreadableDocumentError(error.stderr) : error;
    });
    const parsed = JSON.parse(read.toString('utf8')) as PandocDocument;
    const sandboxed = !UNSANDBOXED.has(job.format);
    const document = sandboxed ? { ...parsed, meta: {} } : withoutOutsideReads(parsed);

    const { extension } = PANDOC_FORMATS[job.format];
    const writer =
      job.format === 'asciidoc'
        ? asciidocWriter(await pandocVersion(pandocPath))
        : PANDOC_FORMATS[job.format].writer;
    const output = `out.${extension}`;
    const args = [
      ...(sandboxed ? ['--sandbox'] : []),
      '-f',
      'json',
      '-t',
      writer,
      '--standalone',
      `--highlight-style=${job.options.highlightStyle}`,
      ...(job.options.toc ? ['--toc', `--toc-depth=${job.options.tocDepth}`] : []),
      ...job.metadata.flatMap(([key, value]) => ['-M', `${key}=${value}`]),
      ...(job.metadata.some(([key]) => key === 'title') ? [] : ['-M', 'pagetitle=Document']),
      '-o',
      output,
    ];
    await runPandoc(pandocPath, args, JSON.stringify(document), dir, job.deadline);
    const written = await readFile(join(dir, output));
    if (job.format !== 'pdf') return written;
    return await renderer.render(written.toString('utf8'), DEFAULT_PDF_OPTIONS, job.deadline);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
