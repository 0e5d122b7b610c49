import { type FindMatch } from './matches';

/** The text that replaces `match`. For a regular expression, `template` may name parts of the
 * match as `String.prototype.replace` does: `$1`…`$99` (a group), `$<name>`, `$&` (the whole
 * match) and `$$` (a dollar sign); any other `$` stays as it is. Otherwise `template` is taken
 * literally. */
export function replacementFor(match: FindMatch, template: string, regexp: boolean): string {
  if (!regexp) return template;
  return template.replace(
    /\$(\$|&|<([^>]*)>|(\d\d?))/g,
    (whole, what: string, name?: string, digits?: string) => {
      if (what === '$') return '$';
      if (what === '&') return match.groups[0] ?? '';
      if (name !== undefined) {
        if (!match.named || !(name in match.named)) return whole;
        return match.named[name] ?? '';
      }
      return group(match, digits!) ?? whole;
    },
  );
}

// `$12` is group 12 when there is one, else group 1 followed by "2"; `$0` is not a group.
function group(match: FindMatch, digits: string): string | undefined {
  const count = match.groups.length - 1;
  const two = Number(digits);
  if (digits.length === 2 && two >= 1 && two <= count) return match.groups[two] ?? '';
  const one = Number(digits[0]);
  if (one >= 1 && one <= count) return (match.groups[one] ?? '') + digits.slice(1);
  return undefined;
}
