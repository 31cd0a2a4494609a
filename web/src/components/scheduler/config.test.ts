import { describe, expect, it } from 'vitest';
import { clampZoom, filterButtonMode, resolveConfig } from './config';
import { createLeadingGate } from './hooks/leading-gate';
import { DEFAULT_PALETTES, paletteCssVariables, resolvePalette } from './theme';

describe('resolveConfig', () => {
  it("fills in the spec's defaults", () => {
    expect(resolveConfig()).toEqual({
      zoom: 0,
      filterButtonState: 1,
      includeTakenHoursOnWeekendsInDayView: false,
      showTooltip: true,
      showThemeToggle: false,
      defaultTheme: 'light',
      theme: {},
      lang: undefined,
      translations: [],
      maxRecordsPerPage: 50,
    });
  });

  it('keeps the owner-area setup', () => {
    const c = resolveConfig({ zoom: 2, maxRecordsPerPage: 10, showTooltip: false, filterButtonState: -1 });
    expect(c).toMatchObject({ zoom: 2, maxRecordsPerPage: 10, showTooltip: false, filterButtonState: -1 });
  });

  it('clamps zoom and rejects a non-positive page size', () => {
    expect(clampZoom(5)).toBe(2);
    expect(clampZoom(-1)).toBe(0);
    expect(clampZoom(Number.NaN)).toBe(0);
    expect(resolveConfig({ maxRecordsPerPage: 0 }).maxRecordsPerPage).toBe(50);
  });
});

describe('filterButtonMode', () => {
  it('hides on negative, outlines on 0, fills otherwise', () => {
    expect(filterButtonMode(-1)).toBe('hidden');
    expect(filterButtonMode(0)).toBe('outline');
    expect(filterButtonMode(1)).toBe('filled');
    expect(filterButtonMode(3)).toBe('filled');
  });
});

describe('theme', () => {
  it('applies per-mode overrides over the defaults', () => {
    const p = resolvePalette('dark', { dark: { primary: '#12b886', border: ' ' }, light: { primary: '#000' } });
    expect(p.primary).toBe('#12b886');
    expect(p.border).toBe(DEFAULT_PALETTES.dark.border);
    expect(resolvePalette('light').primary).toBe(DEFAULT_PALETTES.light.primary);
  });

  it('points Mantine scheme variables at the widget mode', () => {
    const vars = paletteCssVariables('dark', resolvePalette('dark'));
    expect(vars['--pts-surface']).toBe('var(--mantine-color-dark-7)');
    expect(vars['--mantine-color-body']).toBe('var(--mantine-color-dark-7)');
    expect(vars.colorScheme).toBe('dark');
  });
});

describe('createLeadingGate', () => {
  it('lets the first call through and drops calls within the wait', () => {
    let t = 1000;
    const pass = createLeadingGate(300, () => t);
    expect(pass()).toBe(true);
    t += 100;
    expect(pass()).toBe(false);
    t += 199;
    expect(pass()).toBe(false);
    t += 1;
    expect(pass()).toBe(true);
  });
});
