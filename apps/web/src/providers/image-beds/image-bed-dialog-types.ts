/** What the repository image bed dialog is opened with: the forge account it adds a storage
 * to. */
export interface ImageRepositoryDialogProps {
  forge: 'github' | 'gitea';
  sub: string;
  name: string;
}
