import { LanguageDescription, ParseContext } from '@codemirror/language';
import { type Input, Parser, type PartialParse, type TreeFragment } from '@lezer/common';

/** How many code-block info strings that name no language exactly a lookup remembers (then it
 * starts over): typing "```pyth" names a new one at every key. */
export const FUZZY_LOOKUPS_KEPT = 256;

/**
 * The language of a code block from its info string ("js", "Python", "c++"), as
 * `LanguageDescription.matchLanguageName(descriptions, info, true)` finds it, but without
 * scanning the list each time.
 *
 * `@codemirror/lang-markdown` asks for the language of every fenced block it parses, and it
 * parses again the blocks around each edit and, on a long text, the rest of the text in the
 * background: with the list of `@codemirror/language-data` (about 150 languages) every question
 * scanned all their names, and a name matching none (or only fuzzily) scanned them twice. Here a
 * name is looked up in a map of every name and alias (the first language having it wins, as in
 * the scan), and a name that is not in it is matched once by the scan and remembered.
 */
export function codeLanguageLookup(
  descriptions: readonly LanguageDescription[],
): (info: string) => LanguageDescription | null {
  const exact = new Map<string, LanguageDescription>();
  for (const description of descriptions) {
    for (const alias of description.alias) if (!exact.has(alias)) exact.set(alias, description);
  }
  const fuzzy = new Map<string, LanguageDescription | null>();
  return (info) => {
    const name = info.toLowerCase();
    const found = exact.get(name);
    if (found) return found;
    const known = fuzzy.get(name);
    if (known !== undefined) return known;
    const matched = LanguageDescription.matchLanguageName(descriptions, name, true);
    if (fuzzy.size >= FUZZY_LOOKUPS_KEPT) fuzzy.clear();
    fuzzy.set(name, matched);
    return matched;
  };
}

/** The parser of code blocks in `description`'s language: the language's own once loaded, else
 * one that starts loading it and skips the block until it has loaded (as lang-markdown does), the
 * editor then parsing the block again. One object for the language's life, so that an inner
 * tree parsed with it is reused by the next parse. */
export function codeLanguageParser(description: LanguageDescription): Parser {
  return new CodeLanguageParser(description);
}

class CodeLanguageParser extends Parser {
  constructor(private readonly description: LanguageDescription) {
    super();
  }

  createParse(
    input: Input,
    fragments: readonly TreeFragment[],
    ranges: readonly { from: number; to: number }[],
  ): PartialParse {
    const { support } = this.description;
    const parser = support
      ? support.language.parser
      : ParseContext.getSkippingParser(this.description.load());
    return parser.startParse(input, fragments, ranges);
  }
}
