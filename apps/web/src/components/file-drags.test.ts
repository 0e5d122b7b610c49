import { describe, expect, it } from 'vitest';
import { refuseStrayFileDrops } from './file-drags';

// A drag event as the browser sends it, with the types of what is dragged.
function dragEvent(type: 'dragover' | 'drop', types: string[]) {
  const event = new Event(type, { cancelable: true });
  const dataTransfer = { types, dropEffect: 'copy' };
  Object.defineProperty(event, 'dataTransfer', { value: dataTransfer });
  return { event, dataTransfer };
}

describe('file drags no drop target took', () => {
  it('are refused: no drop shown, the drop prevented', () => {
    const page = new EventTarget();
    const remove = refuseStrayFileDrops(page);
    const over = dragEvent('dragover', ['Files']);
    page.dispatchEvent(over.event);
    expect(over.event.defaultPrevented).toBe(true);
    expect(over.dataTransfer.dropEffect).toBe('none');
    const drop = dragEvent('drop', ['Files']);
    page.dispatchEvent(drop.event);
    expect(drop.event.defaultPrevented).toBe(true);

    // Once removed, nothing is refused.
    remove();
    const after = dragEvent('dragover', ['Files']);
    page.dispatchEvent(after.event);
    expect(after.event.defaultPrevented).toBe(false);
  });

  it('are left to the drop target that took them, and other drags to the page', () => {
    const page = new EventTarget();
    refuseStrayFileDrops(page);
    // The explorer's tree took this one (it prevented the default and said 'copy').
    const taken = dragEvent('dragover', ['Files']);
    taken.event.preventDefault();
    page.dispatchEvent(taken.event);
    expect(taken.dataTransfer.dropEffect).toBe('copy');
    // Text dragged within the page (the editor moves it).
    const text = dragEvent('dragover', ['text/plain']);
    page.dispatchEvent(text.event);
    expect(text.event.defaultPrevented).toBe(false);
    expect(text.dataTransfer.dropEffect).toBe('copy');
  });

  it('are left to an enabled file input, which the browser fills with them', () => {
    // What the drag is over: an input of type file (Import markdown…), enabled or not.
    const input = Object.assign(new EventTarget(), {
      tagName: 'INPUT',
      type: 'file',
      disabled: false,
    });
    refuseStrayFileDrops(input);
    const over = dragEvent('dragover', ['Files']);
    input.dispatchEvent(over.event);
    expect(over.event.defaultPrevented).toBe(false);
    input.disabled = true;
    const busy = dragEvent('dragover', ['Files']);
    input.dispatchEvent(busy.event);
    expect(busy.event.defaultPrevented).toBe(true);
    expect(busy.dataTransfer.dropEffect).toBe('none');
  });
});
