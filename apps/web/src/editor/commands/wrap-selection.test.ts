import { describe, expect, it } from 'vitest';
import { apply } from './test-helpers';
import { wrapSelection } from './wrap-selection';

const bold = wrapSelection('**', 'strong text');
const italic = wrapSelection('*', 'emphasized text');

describe('wrapSelection', () => {
  it('wraps the selection and keeps it selected', () => {
    expect(apply(bold, 'a «word» b')).toBe('a **«word»** b');
    expect(apply(italic, 'a «word» b')).toBe('a *«word»* b');
  });

  it('leaves the spaces at the ends of the selection outside', () => {
    expect(apply(bold, 'a« word »b')).toBe('a **«word»** b');
  });

  it('unwraps a selection that is wrapped, inside or around it', () => {
    expect(apply(bold, 'a «**word**» b')).toBe('a «word» b');
    expect(apply(bold, 'a **«word»** b')).toBe('a «word» b');
    expect(apply(italic, 'a *«word»* b')).toBe('a «word» b');
    expect(apply(italic, 'a «*word*» b')).toBe('a «word» b');
  });

  it('tells bold and italic apart', () => {
    expect(apply(italic, 'a **«word»** b')).toBe('a ***«word»*** b');
    expect(apply(italic, 'a ***«word»*** b')).toBe('a **«word»** b');
    expect(apply(bold, 'a *«word»* b')).toBe('a ***«word»*** b');
  });

  it('inserts a selected placeholder when nothing is selected', () => {
    expect(apply(bold, 'a «» b')).toBe('a **«strong text»** b');
    expect(apply(italic, '«»')).toBe('*«emphasized text»*');
  });

  it('takes away empty markers around a cursor', () => {
    expect(apply(bold, 'a **|** b')).toBe('a | b');
  });
});
