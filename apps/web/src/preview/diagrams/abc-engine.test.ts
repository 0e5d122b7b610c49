// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadAbcEngine } from './abc-engine';
import { ABC_NOTHING_TO_DRAW } from './constants';

// abcjs is replaced at the module boundary (CommonJS, so a default export): these tests check
// how we call it and what we make of its output. The real abcjs runs in the e2e tests.
const abcjs = vi.hoisted(() => ({ numberOfTunes: vi.fn(), renderAbc: vi.fn() }));
vi.mock('abcjs', () => ({ default: abcjs }));

interface FakeTune {
  lines: unknown[];
  warnings?: string[];
  metaText: { title?: string };
}

// Draws like abcjs's responsive mode: an absolutely positioned <svg> per tune.
function drawTunes(tunes: FakeTune[]) {
  abcjs.numberOfTunes.mockReturnValue(tunes.length);
  abcjs.renderAbc.mockImplementation((targets: HTMLElement[]) => {
    targets.forEach((target, index) => {
      if (!target.isConnected) throw new Error('abcjs measures text: the box must be in the page');
      target.innerHTML = `<div class="abcjs-container"><svg viewBox="0 0 770 144" style="position: absolute; top: 0"><text>tune ${index + 1}</text></svg></div>`;
    });
    return tunes;
  });
}

afterEach(() => {
  vi.clearAllMocks();
  document.body.replaceChildren();
});

describe('the abc engine', () => {
  it('returns each tune’s SVG, as wide as the preview allows, and the title', async () => {
    drawTunes([
      { lines: [{}], metaText: { title: 'Scale' } },
      { lines: [{}], metaText: {} },
    ]);
    const engine = await loadAbcEngine(document);
    const drawing = await engine.draw('X:1\nT:Scale\nK:C\nCDEF|\n\nX:2\nK:G\nGABc|');
    expect(drawing.svg).toBe(
      '<svg viewBox="0 0 770 144" width="100%" style="max-width: 770px"><text>tune 1</text></svg>' +
        '<svg viewBox="0 0 770 144" width="100%" style="max-width: 770px"><text>tune 2</text></svg>',
    );
    expect(drawing.title).toBe('Scale');
    expect(drawing.notes).toEqual([]);
    expect(document.body.children).toHaveLength(0);
  });

  it('keeps abcjs warnings as plain-text notes when the tune is drawn anyway', async () => {
    drawTunes([
      {
        lines: [{}],
        warnings: [
          'Music Line:4:5: Unknown character ignored:  CDE <span style="font-weight:bold;">^</span>^ F|',
        ],
        metaText: {},
      },
    ]);
    const engine = await loadAbcEngine(document);
    const drawing = await engine.draw('X:1\nK:C\nCDE ^^ F|');
    expect(drawing.notes).toEqual(['Music Line:4:5: Unknown character ignored: CDE ^^ F|']);
    expect(drawing.title).toBeUndefined();
  });

  it('fails with the warnings, or a plain explanation, when there is no music to draw', async () => {
    drawTunes([{ lines: [], metaText: { title: 'Only a title' } }]);
    const engine = await loadAbcEngine(document);
    await expect(engine.draw('X:1\nT:Only a title\nK:C\n')).rejects.toThrow(ABC_NOTHING_TO_DRAW);
    drawTunes([{ lines: [], warnings: ['Music Line:1:1: <b>bad</b> header'], metaText: {} }]);
    await expect(engine.draw('X:1\nK:???')).rejects.toThrow(/^Music Line:1:1: bad header$/);
    expect(document.body.children).toHaveLength(0);
  });
});
