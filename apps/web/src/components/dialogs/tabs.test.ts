import { describe, expect, it } from 'vitest';
import { tabMove } from './tabs';

describe('tabMove (WAI-ARIA tabs pattern)', () => {
  it('moves along a horizontal list with Left and Right, wrapping around', () => {
    expect(tabMove('ArrowRight', 0, 3, 'horizontal')).toBe(1);
    expect(tabMove('ArrowRight', 2, 3, 'horizontal')).toBe(0);
    expect(tabMove('ArrowLeft', 0, 3, 'horizontal')).toBe(2);
    expect(tabMove('ArrowLeft', 2, 3, 'horizontal')).toBe(1);
    expect(tabMove('ArrowDown', 0, 3, 'horizontal')).toBeUndefined();
  });

  it('moves along a vertical list with Up and Down', () => {
    expect(tabMove('ArrowDown', 1, 3, 'vertical')).toBe(2);
    expect(tabMove('ArrowUp', 0, 3, 'vertical')).toBe(2);
    expect(tabMove('ArrowRight', 0, 3, 'vertical')).toBeUndefined();
  });

  it('goes to the first and last tab with Home and End; other keys do nothing', () => {
    expect(tabMove('Home', 2, 3, 'horizontal')).toBe(0);
    expect(tabMove('End', 0, 3, 'vertical')).toBe(2);
    expect(tabMove('Enter', 1, 3, 'horizontal')).toBeUndefined();
    expect(tabMove('a', 1, 3, 'horizontal')).toBeUndefined();
  });
});
