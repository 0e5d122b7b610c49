/** A seeded random generator (mulberry32): the same seed gives the same run. */
export class SimRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty list. */
  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)]!;
  }
}

const FILLER = 'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod'.split(' ');

/** Random lines of filler words (never marker words). */
export function fillerText(random: SimRandom, lines: number): string {
  return (
    Array.from({ length: lines }, () =>
      Array.from({ length: 3 + random.int(5) }, () => random.pick(FILLER)).join(' '),
    ).join('\n') + '\n'
  );
}

/** Marker words start with this: the simulation checks that none is lost. */
export const MARKER_PREFIX = 'Mk';

/** A random edit of a text: a marker word inserted, filler words deleted or replaced, or a line
 * moved. Marker words are never deleted. */
export function editText(random: SimRandom, text: string, marker: string): string {
  const lines = text.split('\n');
  const kind = random.int(4);
  if (kind === 3 && lines.length > 2) {
    const [moved] = lines.splice(random.int(lines.length - 1), 1);
    lines.splice(random.int(lines.length - 1), 0, moved!);
    return lines.join('\n');
  }
  const line = random.int(lines.length);
  const words = lines[line]!.split(' ').filter((word) => word !== '');
  const at = random.int(words.length + 1);
  if (kind === 0 || words.length === 0) words.splice(at, 0, marker);
  else if (!words[at]?.startsWith(MARKER_PREFIX) && at < words.length) {
    if (kind === 1) words.splice(at, 1);
    else words.splice(at, 1, random.pick(FILLER), marker);
  } else words.splice(at, 0, marker);
  lines[line] = words.join(' ');
  return lines.join('\n');
}
