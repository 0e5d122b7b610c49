import { describe, expect, it } from 'vitest';
import { createConverter } from '../converter.js';

const render = (markdown: string) => createConverter().render(markdown).html;

describe('task lists', () => {
  it('renders unchecked and checked items as checkboxes with their source line', () => {
    expect(render('intro\n\n- [ ] todo\n- [x] done\n- [X] also done\n')).toBe(
      '<p data-line="0">intro</p>\n' +
        '<ul class="contains-task-list" data-line="2">\n' +
        '<li class="task-list-item" data-line="2">' +
        '<input type="checkbox" class="task-list-item-checkbox" data-line="2" aria-label="todo">' +
        'todo</li>\n' +
        '<li class="task-list-item" data-line="3">' +
        '<input type="checkbox" class="task-list-item-checkbox" checked data-line="3" aria-label="done">' +
        'done</li>\n' +
        '<li class="task-list-item" data-line="4">' +
        '<input type="checkbox" class="task-list-item-checkbox" checked data-line="4" ' +
        'aria-label="also done">' +
        'also done</li>\n' +
        '</ul>\n',
    );
  });

  it('keeps inline markup after the marker', () => {
    const html = render('- [x] ship **v1** ~~today~~');
    expect(html).toContain('class="task-list-item-checkbox" checked');
    expect(html).toContain(
      'data-line="0" aria-label="ship v1 today">ship <strong>v1</strong> <del>today</del></li>',
    );
  });

  it('names each box by the plain text of its item, for assistive technology', () => {
    const html = render(
      '- [ ] ship **v1** `now`\n  and <b>later</b>\n- [x] ![the logo](logo.png) a < b & c\n- [ ]\n',
    );
    expect(html).toContain('aria-label="ship v1 now and later"');
    expect(html).toContain('aria-label="the logo a &lt; b &amp; c"');
    expect(html).toContain('data-line="3" aria-label="Task">');
  });

  it('works in ordered, nested and loose lists', () => {
    const html = render('1. [ ] first\n\n   - [x] nested\n2. plain\n');
    expect(html).toContain('<ol class="contains-task-list" data-line="0">');
    expect(html).toContain(
      '<li class="task-list-item" data-line="0">\n<p data-line="0"><input type="checkbox"',
    );
    expect(html).toContain('<ul class="contains-task-list" data-line="2">');
    expect(html).toContain('<li data-line="3">\n<p data-line="3">plain</p>');
  });

  it('leaves brackets that are not a task marker alone', () => {
    const html = render('- [y] no\n- [ ]x no\n- text [ ] no\n');
    expect(html).not.toContain('checkbox');
    expect(html).toContain('[y] no');
  });

  it('is off when switched off', () => {
    const html = createConverter({ tasklist: false }).render('- [ ] todo').html;
    expect(html).toBe('<ul data-line="0">\n<li data-line="0">[ ] todo</li>\n</ul>\n');
  });
});
