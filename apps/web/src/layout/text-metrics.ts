import { FONT_SIZE, REDUCED_LAYOUTS, TEXT_WIDTH } from '../constants';

/** The editor's and the preview's font size and text width (px). */
export interface TextMetrics {
  fontSize: number;
  textWidth: number;
}

/** The font size and text width for a window `windowWidth` px wide, scaled by the settings
 * `fontSizeFactor` and `maxWidthFactor` (spec interface §9). */
export function textMetrics(
  windowWidth: number,
  fontSizeFactor: number,
  maxWidthFactor: number,
): TextMetrics {
  // The narrowest reduction that applies (REDUCED_LAYOUTS goes from narrow to wide).
  const reduced = REDUCED_LAYOUTS.find(({ below }) => windowWidth < below);
  const fontSize = reduced?.fontSize ?? FONT_SIZE;
  const textWidth = reduced?.textWidth ?? TEXT_WIDTH;
  return {
    fontSize: round(fontSize * positive(fontSizeFactor)),
    textWidth: Math.round(textWidth * positive(maxWidthFactor)),
  };
}

// A factor that is not a positive finite number counts as 1.
function positive(factor: number): number {
  return Number.isFinite(factor) && factor > 0 ? factor : 1;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
