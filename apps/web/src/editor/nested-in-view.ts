import { ParseContext } from '@codemirror/language';
import {
  type Input,
  NodeType,
  Parser,
  type PartialParse,
  Tree,
  type TreeFragment,
} from '@lezer/common';

/** How far, in characters, before and after the editor's viewport (which already reaches about
 * 1000 pixels beyond the screen) the nested languages (HTML inside markdown, the code blocks)
 * are parsed; farther regions wait until they come this near. */
export const NESTED_MARGIN = 20_000;

/**
 * `parser`, as a nested parser of the editor's markdown, parsing only regions in or near the
 * editor's viewport (NESTED_MARGIN).
 *
 * A region farther away is skipped (an empty tree) and given to CodeMirror's
 * `ParseContext.skipUntilInView`, so the editor parses it again when it comes into view (the
 * mechanism CodeMirror has for parsers that skip work out of view). The markdown around it, its
 * headings, emphasis, links and the code block's fences, is parsed as before; only the inside
 * of HTML and code blocks out of view is left unhighlighted, where nobody sees it.
 *
 * Why (issue 26): after a 1,000,000-character paste, the text's 2,700 HTML tags and 500 code
 * blocks were all parsed with HTML and JavaScript parsers, and each keystroke until that was
 * done paid its 20 ms of CodeMirror's parse budget (`Work.Apply`) to go on with it, and the
 * start of each parse again (docs/concepts/long-manuscripts.md, typing after a paste).
 *
 * Outside an editor's parse (no `ParseContext`, e.g. `parser.parse(text)`), everything is parsed.
 */
export function nestedInView(parser: Parser): Parser {
  return new InViewParser(parser);
}

class InViewParser extends Parser {
  constructor(private readonly parser: Parser) {
    super();
  }

  createParse(
    input: Input,
    fragments: readonly TreeFragment[],
    ranges: readonly { from: number; to: number }[],
  ): PartialParse {
    const context = ParseContext.get();
    const from = ranges[0]?.from ?? 0;
    const to = ranges[ranges.length - 1]?.to ?? from;
    if (
      context &&
      (to < context.viewport.from - NESTED_MARGIN || from > context.viewport.to + NESTED_MARGIN)
    ) {
      context.skipUntilInView(from, to);
      return skipped(from, to);
    }
    return this.parser.startParse(input, fragments, ranges);
  }
}

/** A parse of `from`–`to` that is done at once: an empty tree. */
function skipped(from: number, to: number): PartialParse {
  let parsedPos = from;
  return {
    get parsedPos() {
      return parsedPos;
    },
    stoppedAt: null,
    advance() {
      parsedPos = to;
      return new Tree(NodeType.none, [], [], to - from);
    },
    stopAt() {},
  };
}
