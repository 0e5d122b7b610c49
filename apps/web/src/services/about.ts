/** Inkstone's own version, shown by the about dialog (spec interface §2): the web app's
 * package.json version, put in the bundle at build time by next.config.ts (`env`). */
export const APP_VERSION: string = process.env.INKSTONE_VERSION ?? '';

/** The year the about dialog's copyright line shows: the current one, on this device's clock
 * (spec README, "Inkstone shows its own version and the current year"). */
export function copyrightYear(): number {
  return new Date().getFullYear();
}
