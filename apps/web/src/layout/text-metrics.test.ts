import { describe, expect, it } from 'vitest';
import { textMetrics } from './text-metrics';

describe('textMetrics', () => {
  it('gives 18 px and 990 px on a wide window, reduced below 1120 and 1040 px', () => {
    expect(textMetrics(1400, 1, 1)).toEqual({ fontSize: 18, textWidth: 990 });
    expect(textMetrics(1120, 1, 1)).toEqual({ fontSize: 18, textWidth: 990 });
    expect(textMetrics(1119, 1, 1)).toEqual({ fontSize: 17, textWidth: 830 });
    expect(textMetrics(1039, 1, 1)).toEqual({ fontSize: 16, textWidth: 640 });
    expect(textMetrics(400, 1, 1)).toEqual({ fontSize: 16, textWidth: 640 });
  });

  it('scales both by the settings factors', () => {
    expect(textMetrics(1400, 1.5, 0.5)).toEqual({ fontSize: 27, textWidth: 495 });
    expect(textMetrics(1000, 1.25, 2)).toEqual({ fontSize: 20, textWidth: 1280 });
  });

  it('ignores a factor that is not a positive number', () => {
    expect(textMetrics(1400, 0, -1)).toEqual({ fontSize: 18, textWidth: 990 });
    expect(textMetrics(1400, Number.NaN, Infinity)).toEqual({ fontSize: 18, textWidth: 990 });
  });
});
