// The package ships JavaScript only: the names the app uses, with turndown's plugin type.
declare module '@joplin/turndown-plugin-gfm' {
  import type TurndownService from 'turndown';

  /** Tables, strikethrough (`~~`), task list items and highlighted code blocks. */
  export const gfm: TurndownService.Plugin;
}
