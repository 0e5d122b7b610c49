import { type Template } from './templates';

// Our own Handlebars sources (not the reference product's). The styled ones carry their
// stylesheet, so an exported file looks right on its own; colours come from the preview
// theme's `--ink-preview-*` variables when a theme is included, with light defaults.

const STYLE = `
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; font: 16px/1.6 -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
.preview { background: var(--ink-preview-bg, #fff); color: var(--ink-preview-fg, #24292f); min-height: 100vh; }
.color-theme-dark .preview { background: var(--ink-preview-bg, #1e1f22); color: var(--ink-preview-fg, #dfe1e5); }
.markdown-body { box-sizing: border-box; max-width: 860px; margin: 0 auto; padding: 32px 24px; overflow-wrap: break-word; }
.markdown-body :is(h1, h2, h3, h4, h5, h6) { color: var(--ink-preview-heading, inherit); margin: 1.4em 0 0.6em; line-height: 1.25; }
.markdown-body h1, .markdown-body h2 { padding-bottom: 0.3em; border-bottom: 1px solid var(--ink-preview-border, #d0d7de); }
.markdown-body a { color: var(--ink-preview-link, #0969da); }
.markdown-body code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.9em; padding: 0.15em 0.35em; border-radius: 4px; background: var(--ink-preview-inline-code-bg, rgba(175, 184, 193, 0.2)); }
.markdown-body pre { padding: 12px 16px; overflow: auto; border-radius: 6px; background: var(--ink-preview-code-bg, #f6f8fa); }
.markdown-body pre code { padding: 0; background: none; }
.markdown-body blockquote { margin: 0 0 1em; padding: 0 1em; color: var(--ink-preview-muted, #57606a); border-left: 4px solid var(--ink-preview-quote-border, #d0d7de); }
.markdown-body table { border-collapse: collapse; margin: 0 0 1em; display: block; overflow: auto; }
.markdown-body th, .markdown-body td { padding: 6px 13px; border: 1px solid var(--ink-preview-border, #d0d7de); }
.markdown-body th { font-weight: 600; }
.markdown-body img { max-width: 100%; }
.markdown-body hr { border: 0; border-top: 1px solid var(--ink-preview-border, #d0d7de); }
.markdown-body .task-list-item { list-style: none; }
.toc { font-size: 14px; }
.toc ul { list-style: none; margin: 0; padding-left: 1em; }
.toc > ul { padding-left: 0; }
.toc a { color: var(--ink-preview-link, #0969da); text-decoration: none; }
@media (min-width: 1100px) {
  .with-toc .toc { position: fixed; top: 0; left: 0; bottom: 0; width: 240px; overflow: auto; padding: 32px 16px; box-sizing: border-box; border-right: 1px solid var(--ink-preview-border, #d0d7de); }
  .with-toc .markdown-body { margin-left: max(260px, calc((100% - 860px) / 2)); }
}
@media print {
  .with-toc .toc { position: static; width: auto; border: 0; }
}
`.trim();

// The table of contents: a recursive inline partial over the toc tree of the export context.
const TOC = `{{#*inline "tocList"}}<ul>{{#each this}}<li><a href="#{{anchor}}">{{title}}</a>{{#if children.length}}{{> tocList children}}{{/if}}</li>{{/each}}</ul>{{/inline}}`;

function styledHtml(options: { toc: boolean; theme: boolean }): string {
  const themeStyle = options.theme
    ? '\n{{#each files}}<style>{{{content.themeStyleContent}}}</style>{{/each}}'
    : '';
  const toc = options.toc ? '<nav class="toc">{{> tocList content.toc}}</nav>' : '';
  const appClass = options.theme ? 'app {{content.colorThemeClass}}' : 'app';
  const previewClass = options.theme ? 'preview {{content.themeClass}}' : 'preview';
  return `${options.toc ? TOC : ''}<!DOCTYPE html>
<html>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{#each files}}{{#if @first}}{{name}}{{/if}}{{/each}}</title>
<style>
${STYLE}
</style>${themeStyle}
</head>
<body>
{{#each files}}<div class="${appClass}"><div class="${previewClass}${options.toc ? ' with-toc' : ''}">${toc}<article class="markdown-body">
{{{content.html}}}
</article></div></div>
{{/each}}</body>
</html>
`;
}

/** The built-in templates (spec interface §3), read-only, by id. `styledHtml` is the default
 * of the HTML and PDF exports (local settings). */
export const BUILT_IN_TEMPLATES: Readonly<Record<string, Template>> = Object.freeze({
  plainText: {
    name: 'Plain text',
    value: '{{#each files}}{{{content.text}}}{{/each}}',
    helpers: '',
    isAdditional: true,
  },
  plainHtml: {
    name: 'Plain HTML',
    value: '{{#each files}}{{{content.html}}}{{/each}}',
    helpers: '',
    isAdditional: true,
  },
  styledHtml: {
    name: 'Styled HTML',
    value: styledHtml({ toc: false, theme: false }),
    helpers: '',
    isAdditional: true,
  },
  styledHtmlWithToc: {
    name: 'Styled HTML with TOC',
    value: styledHtml({ toc: true, theme: false }),
    helpers: '',
    isAdditional: true,
  },
  styledHtmlWithTheme: {
    name: 'Styled HTML with Theme',
    value: styledHtml({ toc: false, theme: true }),
    helpers: '',
    isAdditional: true,
  },
  styledHtmlWithTocAndTheme: {
    name: 'Styled HTML with TOC And Theme',
    value: styledHtml({ toc: true, theme: true }),
    helpers: '',
    isAdditional: true,
  },
  jekyllSite: {
    name: 'Jekyll site',
    // Front matter from the file's properties (a title from its name when it has none), then
    // the HTML: a page a Jekyll site renders with its layout.
    value: `{{#each files}}---
{{#if content.yamlProperties}}{{{content.yamlProperties}}}{{else}}title: {{{jsonName}}}
{{/if}}---

{{{content.html}}}
{{/each}}`,
    helpers: '',
    isAdditional: true,
  },
});
