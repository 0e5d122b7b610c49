import { describe, expect, it } from 'vitest';
import { toggleTask } from './toggle-task';

const apply = (line: string) => {
  const edit = toggleTask(line, 0);
  return edit ? line.slice(0, edit.from) + edit.insert + line.slice(edit.to) : null;
};

describe('toggleTask', () => {
  it('checks and unchecks the task of a list item', () => {
    expect(apply('- [ ] write')).toBe('- [x] write');
    expect(apply('- [x] write')).toBe('- [ ] write');
    expect(apply('* [X] shout')).toBe('* [ ] shout');
    expect(apply('  12. [ ] nested numbered')).toBe('  12. [x] nested numbered');
    expect(apply('> - [ ] quoted')).toBe('> - [x] quoted');
  });

  it('gives positions in the document', () => {
    expect(toggleTask('- [ ] a', 100)).toEqual({ from: 103, to: 104, insert: 'x' });
  });

  it('leaves lines without a task alone', () => {
    expect(apply('- plain item')).toBeNull();
    expect(apply('[ ] not a list')).toBeNull();
    expect(apply('-[ ] no space')).toBeNull();
  });
});
