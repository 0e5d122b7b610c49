import { describe, expect, it } from 'vitest';
import { BUILT_IN_TEMPLATES } from './built-in-templates';
import {
  copyOf,
  readTemplates,
  sanitizeTemplateName,
  sortedTemplateIds,
  storedTemplates,
} from './templates';

describe('templates', () => {
  it('has the seven built-in templates of the spec, read-only', () => {
    expect(Object.values(BUILT_IN_TEMPLATES).map((t) => t.name)).toEqual([
      'Plain text',
      'Plain HTML',
      'Styled HTML',
      'Styled HTML with TOC',
      'Styled HTML with Theme',
      'Styled HTML with TOC And Theme',
      'Jekyll site',
    ]);
    expect(Object.values(BUILT_IN_TEMPLATES).every((t) => t.isAdditional)).toBe(true);
  });

  it('sanitises names: control characters and runs of spaces, empty becomes New template', () => {
    expect(sanitizeTemplateName('  My\ttemplate\n\u0000 one  ')).toBe('My template one');
    expect(sanitizeTemplateName('   ')).toBe('New template');
    expect(sanitizeTemplateName('x'.repeat(300))).toHaveLength(250);
  });

  it('reads stored templates over the built-in ones, which cannot be replaced', () => {
    const templates = readTemplates({
      styledHtml: { name: 'Mine', value: 'x', helpers: '' },
      a1: { name: ' Report ', value: '{{files.0.name}}', helpers: 7 },
      broken: 'nope',
    });
    expect(templates.styledHtml).toBe(BUILT_IN_TEMPLATES.styledHtml);
    expect(templates.a1).toEqual({ name: 'Report', value: '{{files.0.name}}', helpers: '' });
    expect(templates.broken).toBeUndefined();
    expect(storedTemplates(templates)).toEqual({ a1: templates.a1 });
    expect(sortedTemplateIds(templates).at(-1)).toBe('a1');
    expect(sortedTemplateIds(templates)[0]).toBe('plainText');
  });

  it("copies a template editable, its name with ' copy' appended", () => {
    expect(copyOf(BUILT_IN_TEMPLATES.plainHtml!)).toEqual({
      name: 'Plain HTML copy',
      value: BUILT_IN_TEMPLATES.plainHtml!.value,
      helpers: '',
    });
  });
});
