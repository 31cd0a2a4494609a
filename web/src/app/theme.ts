import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Grass green, light to dark; shade 7 is the primary (buttons, links), 8 for text on white. */
const pitch: MantineColorsTuple = [
  '#e9f9ee',
  '#d5f0dd',
  '#aadfbb',
  '#7ccd97',
  '#56be79',
  '#3db466',
  '#2eae5b',
  '#1f994b',
  '#138840',
  '#007633',
];

const fontFamily = 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'pitch',
  primaryShade: { light: 7, dark: 6 },
  colors: { pitch },
  defaultRadius: 'md',
  fontFamily,
  headings: {
    fontFamily,
    fontWeight: '800',
  },
  components: {
    Card: { defaultProps: { withBorder: true, shadow: 'xs', radius: 'lg' } },
    Button: { defaultProps: { radius: 'md' } },
  },
});
