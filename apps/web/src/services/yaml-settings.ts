// What needs the YAML parser among the settings, in a chunk of its own that loads when first
// used (see custom-settings.ts and the Dark theme button).
export { readSettings, setSettingsKey } from '@inkstone/core';
