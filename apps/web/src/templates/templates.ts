import { BUILT_IN_TEMPLATES } from './built-in-templates';

/** An export template (spec interface §3 "Template"): Handlebars source and the JavaScript
 * that registers its helpers. Additional templates (the built-in ones) are read-only. */
export interface Template {
  name: string;
  /** The Handlebars source. */
  value: string;
  /** JavaScript run in the template worker with `Handlebars` in scope, to register helpers. */
  helpers: string;
  isAdditional?: boolean;
}

/** The templates by id: the built-in ones and the user's. */
export type Templates = Readonly<Record<string, Template>>;

/** The name of a new template (spec interface §3). */
export const NEW_TEMPLATE_NAME = 'New template';
/** What a copy's name gets appended (spec interface §3). */
export const COPY_SUFFIX = ' copy';
/** The longest template name kept. */
export const MAX_TEMPLATE_NAME_LENGTH = 250;

/** A template name as stored (spec interface §5 "Template names are sanitized"): control
 * characters become spaces, runs of white space one space, trimmed, at most 250 characters;
 * an empty name becomes 'New template'. */
export function sanitizeTemplateName(name: string): string {
  const cleaned = name
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_TEMPLATE_NAME_LENGTH)
    .trim();
  return cleaned || NEW_TEMPLATE_NAME;
}

/** Reads the `templates` data item: the user's templates (values of the right type only),
 * then the built-in ones, which a stored record can neither replace nor change. */
export function readTemplates(stored: unknown): Templates {
  const result: Record<string, Template> = {};
  if (typeof stored === 'object' && stored !== null) {
    for (const [id, value] of Object.entries(stored as Record<string, unknown>)) {
      if (id in BUILT_IN_TEMPLATES || typeof value !== 'object' || value === null) continue;
      const { name, value: source, helpers } = value as Record<string, unknown>;
      result[id] = {
        name: sanitizeTemplateName(typeof name === 'string' ? name : ''),
        value: typeof source === 'string' ? source : '',
        helpers: typeof helpers === 'string' ? helpers : '',
      };
    }
  }
  return { ...BUILT_IN_TEMPLATES, ...result };
}

/** What is stored of `templates`: the user's templates, without the built-in ones. */
export function storedTemplates(templates: Templates): Record<string, Template> {
  const result: Record<string, Template> = {};
  for (const [id, template] of Object.entries(templates)) {
    if (template.isAdditional || id in BUILT_IN_TEMPLATES) continue;
    result[id] = { name: template.name, value: template.value, helpers: template.helpers };
  }
  return result;
}

/** The template ids in the order a list shows them: built-in ones first in their order, then
 * the user's by name. */
export function sortedTemplateIds(templates: Templates): string[] {
  const builtIn = Object.keys(BUILT_IN_TEMPLATES).filter((id) => id in templates);
  const own = Object.keys(templates)
    .filter((id) => !(id in BUILT_IN_TEMPLATES))
    .sort((a, b) => templates[a]!.name.localeCompare(templates[b]!.name));
  return [...builtIn, ...own];
}

/** A copy of `template`, editable, named with ' copy' appended. */
export function copyOf(template: Template): Template {
  return {
    name: sanitizeTemplateName(template.name + COPY_SUFFIX),
    value: template.value,
    helpers: template.helpers,
  };
}
