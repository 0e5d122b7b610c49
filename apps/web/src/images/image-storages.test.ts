import { type ImageBed } from '@inkstone/core';
import { describe, expect, it } from 'vitest';
import { imageBedFor, imageStorageOptions, registerImageStorageKind } from './image-storages';

describe('image storages', () => {
  it('lists what each kind offers and finds the bed of a choice', () => {
    const bed: ImageBed = { upload: async () => ({ url: 'https://i.example/a.png' }) };
    registerImageStorageKind('testHost', {
      options: () => [{ choice: { type: 'token', providerId: 'testHost', sub: 'a' }, label: 'A' }],
      bed: (choice) => (choice.sub === 'a' ? bed : undefined),
    });
    expect(imageStorageOptions().map((option) => option.label)).toContain('A');
    expect(imageBedFor({ type: 'token', providerId: 'testHost', sub: 'a' })).toBe(bed);
    expect(imageBedFor({ type: 'token', providerId: 'testHost', sub: 'gone' })).toBeUndefined();
    expect(imageBedFor({ type: 'token', providerId: 'unknown' })).toBeUndefined();
  });
});
