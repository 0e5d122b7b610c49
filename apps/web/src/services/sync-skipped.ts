/**
 * A sync that does not run, for a reason the user was already told and chose (full Drive
 * access declined, say): the sync service says nothing more about it, and the status keeps what
 * the first failure said. A sync the user asks for (the sync button, Ctrl+S) asks again.
 */
export class SyncSkipped extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SyncSkipped';
  }
}
