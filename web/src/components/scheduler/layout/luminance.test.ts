import { describe, expect, it } from 'vitest';
import { DARK_TEXT, LIGHT_TEXT, luminance, parseColor, tileTextColor } from './luminance';

describe('luminance and tile text colour', () => {
  it('gives black text on white', () => {
    expect(luminance('#ffffff')).toBe(1);
    expect(tileTextColor('#ffffff')).toBe(DARK_TEXT);
  });

  it('gives white text on violet #7048e8', () => {
    expect(luminance('#7048e8')).toBeLessThan(0.5);
    expect(tileTextColor('#7048e8')).toBe(LIGHT_TEXT);
  });

  it('gives white text when there is no colour or it cannot be read', () => {
    expect(tileTextColor(undefined)).toBe(LIGHT_TEXT);
    expect(tileTextColor('')).toBe(LIGHT_TEXT);
    expect(tileTextColor('var(--mantine-color-grape-6)')).toBe(LIGHT_TEXT);
  });

  it('uses 0.5 as a strict threshold', () => {
    // #808080: (0.299+0.587+0.114)*128/255 ≈ 0.502 → black; #7f7f7f ≈ 0.498 → white.
    expect(tileTextColor('#808080')).toBe(DARK_TEXT);
    expect(tileTextColor('#7f7f7f')).toBe(LIGHT_TEXT);
  });

  it('reads short, alpha and rgb() notations', () => {
    expect(parseColor('#FFF')).toEqual({ r: 255, g: 255, b: 255 });
    expect(parseColor('#7048e880')).toEqual({ r: 112, g: 72, b: 232 });
    expect(parseColor('rgb(255, 212, 59)')).toEqual({ r: 255, g: 212, b: 59 });
    expect(tileTextColor('#ffd43b')).toBe(DARK_TEXT);
    expect(tileTextColor('#000')).toBe(LIGHT_TEXT);
    expect(parseColor('#12345')).toBeNull();
  });
});
