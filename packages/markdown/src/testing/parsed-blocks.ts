import { resolveConverterOptions, type ConverterOptions } from '../converter-options.js';
import { BlockList } from '../document/block-list.js';
import { Definitions } from '../document/definitions.js';
import { DocumentChanges } from '../document/document-changes.js';
import { InlineParser } from '../document/inline-parser.js';
import { LineIndex } from '../document/line-index.js';
import { createPipeline } from '../document/pipeline.js';
import { RemovedBlocks } from '../document/removed-blocks.js';

/** A text's blocks parsed as a document parses them (for the tests of a document's parts). */
export interface ParsedBlocks {
  blocks: BlockList;
  definitions: Definitions;
  /** Changes the text and parses the blocks the change made. */
  edit(from: number, to: number, insert: string): void;
  /** Marks every block and part as rendered (none needs rendering). */
  rendered(): void;
}

/** The blocks of `text` with `options`, parsed as a document parses them. */
export function parsedBlocks(text: string, options: Partial<ConverterOptions>): ParsedBlocks {
  const md = createPipeline(resolveConverterOptions(options));
  const definitions = new Definitions();
  const changes = new DocumentChanges();
  const blocks = new BlockList(md, new LineIndex(), definitions, new RemovedBlocks(), changes);
  const parser = new InlineParser(md, definitions, changes);
  const parse = () => {
    definitions.gather(blocks.units);
    for (const unit of blocks.units) if (unit.needsInline) parser.parse(unit);
  };
  blocks.reset(text);
  parse();
  return {
    blocks,
    definitions,
    edit(from, to, insert) {
      blocks.apply({ from, to, insert });
      parse();
    },
    rendered() {
      for (const unit of blocks.units) {
        unit.needsRender = false;
        for (const part of unit.parts) part.needsRender = false;
      }
    },
  };
}
