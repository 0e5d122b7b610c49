import type { WordPressLocationRequest } from './wordpress-locations';

/** What the "Publish to WordPress" dialog is opened with. */
export interface WordPressDialogProps {
  /** The Site domain to start with: the `wordpressDomain` setting (the last one used). */
  domain: string;
  /** The linked accounts (at least one), the first chosen by default. */
  accounts: { sub: string; name: string }[];
  templates: { id: string; name: string }[];
}

export type { WordPressLocationRequest };
