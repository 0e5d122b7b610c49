/** The commit message templates of the user settings (spec providers §9; `{{path}}` is the
 * file's path in the repository). */
export interface GitCommitMessages {
  createFileMessage: string;
  updateFileMessage: string;
  deleteFileMessage: string;
}

/** The settings' defaults. */
export const DEFAULT_COMMIT_MESSAGES: GitCommitMessages = {
  createFileMessage: '{{path}} created with Inkstone',
  updateFileMessage: '{{path}} updated with Inkstone',
  deleteFileMessage: '{{path}} deleted with Inkstone',
};

/** The message of a commit that created, updated and deleted these files (paths in the
 * repository): one file's template when one file changed, else a count, e.g. 'Inkstone: 3
 * files updated'; 'Inkstone: workspace updated' when only names, folders or locations did. */
export function defaultCommitMessage(
  messages: GitCommitMessages,
  change: { created: string[]; updated: string[]; deleted: string[] },
): string {
  const count = change.created.length + change.updated.length + change.deleted.length;
  const fill = (template: string, path: string) => template.split('{{path}}').join(path);
  if (count === 0) return 'Inkstone: workspace updated';
  if (count > 1) return `Inkstone: ${count} files updated`;
  if (change.created[0]) return fill(messages.createFileMessage, change.created[0]);
  if (change.updated[0]) return fill(messages.updateFileMessage, change.updated[0]);
  return fill(messages.deleteFileMessage, change.deleted[0]!);
}
