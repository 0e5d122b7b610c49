/** A step of the welcome tour (spec interface §2): what it says, and the part of the page it
 * points at (a CSS selector), if any. */
export interface TourStep {
  id: 'welcome' | 'editor' | 'explorer' | 'menu' | 'theme' | 'end';
  title: string;
  text: string;
  target?: string;
}

/** The tour's steps, in the spec's order. */
export const TOUR_STEPS: readonly TourStep[] = [
  {
    id: 'welcome',
    title: 'Welcome back!',
    text: 'Inkstone keeps your text in this browser, and in sync with the places you keep your files. Here is a quick look around.',
  },
  {
    id: 'editor',
    title: 'The editor',
    text: 'Write markdown here. The preview beside it follows as you type; the toolbar above formats the selection.',
    target: '.editor',
  },
  {
    id: 'explorer',
    title: 'The explorer',
    text: 'Your files and folders. Create, rename, drag and search them here.',
    target: '[aria-label="Toggle explorer"]',
  },
  {
    id: 'menu',
    title: 'The menu',
    text: 'Properties, import and export, backups, settings and more.',
    target: '[aria-label="Toggle side bar"]',
  },
  {
    id: 'theme',
    title: 'Light or dark',
    text: 'Switch the whole interface between light and dark. More themes for the editor and the preview are in the menu.',
    target: '[aria-label="Dark theme"]',
  },
  {
    id: 'end',
    title: 'You are all set',
    text: 'If Inkstone helps you write, please star the project on its repository: it helps others find it.',
  },
];
