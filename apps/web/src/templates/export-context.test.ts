// @vitest-environment jsdom
import Handlebars from 'handlebars';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_TEMPLATES } from './built-in-templates';
import { buildExportContext, createExportSanitizer, type ExportSource } from './export-context';
import { runTemplate } from './template-runner';

const sanitizer = createExportSanitizer(window);

const TEXT = `# Title

Some *text*.

## Part one

| a | b |
|---|---|
| 1 | 2 |

### Detail

<script>alert(1)</script>
`;

const source: ExportSource = {
  name: 'My notes',
  text: TEXT,
  properties: 'title: Notes\ntags: a, b',
  colorTheme: 'dark',
  previewTheme: 'grassland-green',
  themeStyleContent: '.app .preview { --ink-preview-bg: #eee; }',
};

const generate = (templateId: string, context: unknown) => {
  const template = BUILT_IN_TEMPLATES[templateId]!;
  const response = runTemplate(Handlebars, { value: template.value, helpers: '', context });
  if (!response.ok) throw new Error(response.error);
  return response.result;
};

describe('buildExportContext', () => {
  it('gives the file its text, the HTML of the preview pipeline sanitised, and its properties', () => {
    const context = buildExportContext(source, sanitizer);
    expect(context.pdf).toBe(false);
    expect(context.files).toHaveLength(1);
    const [file] = context.files;
    expect(file!.name).toBe('My notes');
    expect(file!.content.text).toBe(TEXT);
    expect(file!.content.html).toMatch(/<h1[^>]* id="title"[^>]*>Title<\/h1>/);
    expect(file!.content.html).toContain('<table>');
    expect(file!.content.html).toContain('<td>2</td>');
    expect(file!.content.html).not.toContain('<script');
    expect(file!.content.html).not.toContain('data-line');
    expect(file!.content.yamlProperties).toBe('title: Notes\ntags: a, b\n');
    expect(file!.content.properties).toEqual({ title: 'Notes', tags: 'a, b' });
    expect(file!.content.themeStyleContent).toBe(source.themeStyleContent);
    expect(file!.content.colorThemeClass).toBe('color-theme-dark');
    expect(file!.content.themeClass).toBe('preview-theme-grassland-green');
  });

  it('nests the headings into a toc tree with their anchors', () => {
    const [file] = buildExportContext(source, sanitizer, true).files;
    expect(file!.content.toc).toEqual([
      {
        title: 'Title',
        anchor: 'title',
        level: 1,
        children: [
          {
            title: 'Part one',
            anchor: 'part-one',
            level: 2,
            children: [{ title: 'Detail', anchor: 'detail', level: 3, children: [] }],
          },
        ],
      },
    ]);
  });

  it('keeps invalid properties as written and reads them as an empty map', () => {
    const [file] = buildExportContext({ ...source, properties: 'a: [' }, sanitizer).files;
    expect(file!.content.properties).toEqual({});
    expect(file!.content.yamlProperties).toBe('a: [\n');
  });
});

describe('built-in templates', () => {
  const context = buildExportContext(source, sanitizer);

  it('Plain text and Plain HTML give the text and the HTML', () => {
    expect(generate('plainText', context)).toBe(TEXT);
    expect(generate('plainHtml', context)).toBe(context.files[0]!.content.html);
  });

  it('Styled HTML is a page with its style and the HTML, titled by the file', () => {
    const page = generate('styledHtml', context);
    expect(page).toMatch(/^<!DOCTYPE html>/);
    expect(page).toContain('<title>My notes</title>');
    expect(page).toContain('.markdown-body table');
    expect(page).toContain(context.files[0]!.content.html);
    expect(page).not.toContain('--ink-preview-bg: #eee');
  });

  it('Styled HTML with TOC And Theme adds the nested toc and the theme', () => {
    const page = generate('styledHtmlWithTocAndTheme', context);
    expect(page).toContain(
      '<nav class="toc"><ul><li><a href="#title">Title</a><ul><li><a href="#part-one">Part one</a><ul><li><a href="#detail">Detail</a></li></ul></li></ul></li></ul></nav>',
    );
    expect(page).toContain('<style>.app .preview { --ink-preview-bg: #eee; }</style>');
    expect(page).toContain('class="app color-theme-dark"');
    expect(page).toContain('class="preview preview-theme-grassland-green with-toc"');
  });

  it('Jekyll site puts the properties in front matter, or a title from the name', () => {
    expect(generate('jekyllSite', context)).toMatch(/^---\ntitle: Notes\ntags: a, b\n---\n\n<h1/);
    const bare = buildExportContext({ ...source, properties: '' }, sanitizer);
    expect(generate('jekyllSite', bare)).toMatch(/^---\ntitle: "My notes"\n---\n\n<h1/);
  });
});
