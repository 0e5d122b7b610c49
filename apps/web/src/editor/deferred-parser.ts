import { ParseContext } from '@codemirror/language';
import { type Input, Parser, type PartialParse, type TreeFragment } from '@lezer/common';

/**
 * A nested parser that arrives later (the HTML inside markdown, the code blocks' languages,
 * loaded once the editor is editable: markdown-language.ts), standing in for it in the one
 * markdown language the editor keeps from the start.
 *
 * Until `arrive` gives it the real parser, it parses nothing: it skips its regions as
 * CodeMirror's own skipping parser does (`ParseContext.getSkippingParser`), which leaves them
 * out of the parse's reusable fragments and has the editor parse again once the parser has
 * arrived. Only those regions are parsed again: the rest of the tree is kept, where replacing the
 * language (a Compartment) threw the whole tree away and parsed the text again from its start.
 */
export class DeferredParser extends Parser {
  private parser: Parser | undefined;
  private arrive_: () => void = () => undefined;
  private readonly arrived = new Promise<void>((resolve) => {
    this.arrive_ = resolve;
  });

  /** Whether the real parser has arrived. */
  get ready(): boolean {
    return this.parser !== undefined;
  }

  /** Parses with `parser` from now on; the editor parses the regions skipped so far again. */
  arrive(parser: Parser): void {
    this.parser ??= parser;
    this.arrive_();
  }

  /** A parser for now: `parser` once it has arrived, else one skipping its input until then. */
  current(): Parser {
    return this.parser ?? this.skipping();
  }

  /** A parser skipping its input, whose regions the editor parses again once `parser` has
   * arrived (for parsers that arrive with it). */
  skipping(): Parser {
    return ParseContext.getSkippingParser(this.arrived);
  }

  createParse(
    input: Input,
    fragments: readonly TreeFragment[],
    ranges: readonly { from: number; to: number }[],
  ): PartialParse {
    return this.current().startParse(input, fragments, ranges);
  }
}
