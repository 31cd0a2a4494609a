export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export const DARK_TEXT = '#000000';
export const LIGHT_TEXT = '#ffffff';

/** Reads `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa` (alpha ignored) or `rgb()/rgba()`; null otherwise. */
export function parseColor(color: string | undefined | null): Rgb | null {
  if (!color) return null;
  const value = color.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(value);
  if (hex) {
    let digits = hex[1]!;
    if (digits.length <= 4) digits = [...digits].map((c) => c + c).join('');
    return {
      r: parseInt(digits.slice(0, 2), 16),
      g: parseInt(digits.slice(2, 4), 16),
      b: parseInt(digits.slice(4, 6), 16),
    };
  }
  const rgb = /^rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})/.exec(value);
  if (rgb) {
    const [r, g, b] = [rgb[1], rgb[2], rgb[3]].map((n) => Math.min(255, Number(n)));
    return { r: r!, g: g!, b: b! };
  }
  return null;
}

/** Perceived brightness 0..1 (ITU-R BT.601 weights); null for colours that cannot be read. */
export function luminance(color: string | undefined | null): number | null {
  const rgb = parseColor(color);
  if (!rgb) return null;
  return (0.299 * rgb.r + 0.587 * rgb.g + 0.114 * rgb.b) / 255;
}

/** Black text on a background brighter than 0.5, white otherwise and when there is no (readable) colour. */
export function tileTextColor(bgColor: string | undefined | null): string {
  const l = luminance(bgColor);
  return l !== null && l > 0.5 ? DARK_TEXT : LIGHT_TEXT;
}
