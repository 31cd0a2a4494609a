import {
  createTheme,
  Drawer,
  Modal,
  Notification,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';

/**
 * Grass green, light to dark. Shade 8 is the primary (filled buttons, links, text on white): white
 * on it reads at 5.0:1, above WCAG AA's 4.5:1 for text; the brand's lighter greens stay for
 * surfaces and the pitch. The primary shade applies to every filled color, so red badges (LIVE) use
 * red 8 and read at 4.5:1 too.
 */
const pitch: MantineColorsTuple = [
  '#e9f9ee',
  '#d5f0dd',
  '#aadfbb',
  '#7ccd97',
  '#56be79',
  '#3db466',
  '#2eae5b',
  '#1f994b',
  '#17803f',
  '#0f6b33',
];

const fontFamily =
  'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** Mantine's dimmed grey (gray 6) reads at 3.3:1 on white; this one at 6.1:1, and 5.6:1 on the light green. */
const readableDimmedText: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a' },
  dark: {},
});
export const cssVariablesResolver = readableDimmedText;

export const theme = createTheme({
  // Visitors who ask their system for less motion get dialogs and transitions without animation.
  respectReducedMotion: true,
  primaryColor: 'pitch',
  primaryShade: { light: 8, dark: 6 },
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
    // The close '×' is an icon alone: it needs a name a screen reader can say, and one apart from the
    // 'Close' button the spec gives several dialogs.
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } }),
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } }),
  },
});
