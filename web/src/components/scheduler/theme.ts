import type { SchedulerPalette, SchedulerThemeMode, SchedulerThemeOverrides } from './types';

const accentTint = (color: string, percent: number) => `color-mix(in srgb, ${color} ${percent}%, transparent)`;

export const DEFAULT_PALETTES: Readonly<Record<SchedulerThemeMode, SchedulerPalette>> = {
  light: {
    primary: 'var(--mantine-primary-color-filled)',
    secondary: 'var(--mantine-color-orange-6)',
    neutral: 'var(--mantine-color-teal-6)',
    surface: 'var(--mantine-color-white)',
    surfaceAlt: 'var(--mantine-color-gray-0)',
    border: 'var(--mantine-color-gray-3)',
    text: 'var(--mantine-color-black)',
    textDimmed: 'var(--mantine-color-gray-7)',
    weekend: 'var(--mantine-color-gray-1)',
    today: accentTint('var(--mantine-primary-color-filled)', 10),
  },
  dark: {
    primary: 'var(--mantine-primary-color-filled)',
    secondary: 'var(--mantine-color-orange-5)',
    neutral: 'var(--mantine-color-teal-5)',
    surface: 'var(--mantine-color-dark-7)',
    surfaceAlt: 'var(--mantine-color-dark-6)',
    border: 'var(--mantine-color-dark-4)',
    text: 'var(--mantine-color-dark-0)',
    textDimmed: 'var(--mantine-color-dark-2)',
    weekend: 'var(--mantine-color-dark-8)',
    today: accentTint('var(--mantine-primary-color-filled)', 18),
  },
};

export function resolvePalette(mode: SchedulerThemeMode, overrides?: SchedulerThemeOverrides): SchedulerPalette {
  const own = overrides?.[mode] ?? {};
  const palette = { ...DEFAULT_PALETTES[mode] };
  for (const key of Object.keys(own) as (keyof SchedulerPalette)[]) {
    const value = own[key];
    if (typeof value === 'string' && value.trim()) palette[key] = value;
  }
  return palette;
}

/**
 * The widget's own CSS variables, plus Mantine's scheme variables re-pointed so Mantine buttons
 * and inputs inside the widget follow the widget's light/dark mode rather than the page's.
 */
export function paletteCssVariables(mode: SchedulerThemeMode, palette: SchedulerPalette): Record<string, string> {
  const dark = mode === 'dark';
  return {
    '--pts-primary': palette.primary,
    '--pts-secondary': palette.secondary,
    '--pts-neutral': palette.neutral,
    '--pts-surface': palette.surface,
    '--pts-surface-alt': palette.surfaceAlt,
    '--pts-border': palette.border,
    '--pts-text': palette.text,
    '--pts-text-dimmed': palette.textDimmed,
    '--pts-weekend': palette.weekend,
    '--pts-today': palette.today,
    '--mantine-color-body': palette.surface,
    '--mantine-color-text': palette.text,
    '--mantine-color-dimmed': palette.textDimmed,
    '--mantine-color-bright': dark ? 'var(--mantine-color-white)' : 'var(--mantine-color-black)',
    '--mantine-color-placeholder': dark ? 'var(--mantine-color-dark-3)' : 'var(--mantine-color-gray-5)',
    '--mantine-color-default': dark ? 'var(--mantine-color-dark-6)' : 'var(--mantine-color-white)',
    '--mantine-color-default-hover': dark ? 'var(--mantine-color-dark-5)' : 'var(--mantine-color-gray-0)',
    '--mantine-color-default-color': dark ? 'var(--mantine-color-white)' : 'var(--mantine-color-black)',
    '--mantine-color-default-border': dark ? 'var(--mantine-color-dark-4)' : 'var(--mantine-color-gray-4)',
    '--mantine-color-disabled': dark ? 'var(--mantine-color-dark-6)' : 'var(--mantine-color-gray-2)',
    '--mantine-color-disabled-color': dark ? 'var(--mantine-color-dark-3)' : 'var(--mantine-color-gray-5)',
    '--mantine-color-disabled-border': dark ? 'var(--mantine-color-dark-4)' : 'var(--mantine-color-gray-3)',
    colorScheme: mode,
  };
}
