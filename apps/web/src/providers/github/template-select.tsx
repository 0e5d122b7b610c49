'use client';

/** The Template selector of the publish dialogs (spec providers §2: chosen by template id). */
export function TemplateSelect(props: {
  templates: { id: string; name: string }[];
  value: string;
  onChange(id: string): void;
}) {
  return (
    <label className="form__field">
      <span>Template</span>
      <select value={props.value} onChange={(event) => props.onChange(event.target.value)}>
        {props.templates.map((template) => (
          <option key={template.id} value={template.id}>
            {template.name}
          </option>
        ))}
      </select>
    </label>
  );
}
