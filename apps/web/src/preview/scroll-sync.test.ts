import { describe, expect, it } from 'vitest';
import { GLIDE_MAX_SHARE, glideStart } from './scroll-sync';

describe('glideStart', () => {
  const height = 800;
  const longest = height * GLIDE_MAX_SHARE;

  it('glides from where the pane is when the target is within the longest glide', () => {
    expect(glideStart(1000, 1000 + longest, height)).toBe(1000);
    expect(glideStart(1000, 1000 - longest, height)).toBe(1000);
    expect(glideStart(1000, 1100, height)).toBe(1000);
  });

  it('jumps to the longest glide above a target far below, then glides the rest', () => {
    expect(glideStart(0, 100_000, height)).toBe(100_000 - longest);
  });

  it('jumps to the longest glide below a target far above, then glides the rest', () => {
    expect(glideStart(100_000, 2000, height)).toBe(2000 + longest);
  });

  it('still glides a pane with no height (hidden) over at least a pixel', () => {
    expect(glideStart(0, 5000, 0)).toBe(4999);
  });
});
