import {
  createTheme,
  type CSSVariablesResolver,
  type DrawerProps,
  type MantineColorSchemeManager,
  type MantineColorsTuple,
  type ModalProps,
  type NotificationProps,
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

/** A red darker than red 9 that reads on red's hover tints. */
const DEEP_RED = '#a51d1d';

/**
 * Text colours that reach WCAG AA's 4.5:1 where Mantine's defaults fall short. Mantine's dimmed grey
 * (gray 6) reads at 3.3:1 on white; this one at 6.1:1, and 5.6:1 on the light green. Links are on
 * grey surfaces too, where the primary shade reads at 4.49:1. A light badge's text is its colour's
 * shade 9 on shade 1: green (3.8:1), orange, teal, lime and yellow fall short, so they get darker
 * tones of the same hue; filled green and teal get a darker fill behind their white text. Errors are
 * red 9.
 */
const readableText: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-anchor': 'var(--mantine-color-pitch-9)',
    // On the light hover (pitch 2) pitch 9 reads at 4.4:1; a darker pitch green at 5.5:1.
    '--mantine-color-pitch-light-color': '#0a5c2b',
    '--mantine-color-green-light-color': '#1d6b2f',
    '--mantine-color-green-filled': 'var(--mantine-color-pitch-8)',
    '--mantine-color-green-text': 'var(--mantine-color-pitch-8)',
    '--mantine-color-orange-light-color': '#a64200',
    '--mantine-color-orange-filled': '#b84a00',
    '--mantine-color-orange-text': '#b84a00',
    '--mantine-color-teal-light-color': '#066650',
    '--mantine-color-teal-filled': 'var(--mantine-color-teal-9)',
    '--mantine-color-teal-text': 'var(--mantine-color-teal-9)',
    '--mantine-color-lime-light-color': '#3f6a0a',
    '--mantine-color-yellow-light-color': '#7a5000',
    // A field's error message (red 6, 3.3:1 on white) and red text read in red 9 (5.6:1).
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-red-text': 'var(--mantine-color-red-9)',
    // A light red button's text on its hover tint (red 2) reads at 3.8:1 in red 9; this darker red at 5.2:1.
    '--mantine-color-red-light-color': DEEP_RED,
    // White on red 8 reads at 4.53:1, under 4.5 while a dialog fades in; red 9 at 5.6:1, darker on hover.
    '--mantine-color-red-filled': 'var(--mantine-color-red-9)',
    '--mantine-color-red-filled-hover': DEEP_RED,
    // An outline red button (Leave Game) is red 6 text: 4.5:1 on white, 4.2:1 on its hover tint; red 9 reads at 5.6:1.
    '--mantine-color-red-outline': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
export const cssVariablesResolver = readableText;

/**
 * The app has one colour scheme, light. Mantine's default manager reads the scheme a visitor chose from
 * localStorage as every page starts (the page's first storage access, a synchronous wait on the
 * browser), and listens for changes made in other tabs: there is nothing to choose here.
 */
export const colorSchemeManager: MantineColorSchemeManager = {
  get: () => 'light',
  set: () => undefined,
  subscribe: () => undefined,
  unsubscribe: () => undefined,
  clear: () => undefined,
};

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
    // Plain objects typed by the props rather than Modal.extend(): .extend would import the dialog
    // components (and their scroll area and focus trap) into every page's first download.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } satisfies Partial<ModalProps> },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } satisfies Partial<DrawerProps> },
    // Mantine renders a dialog's title bar as <header>, which axe reads as a second banner landmark
    // beside the page's own; a plain div keeps the page with one banner.
    // (Their props reach the element, so `component` does, though their types do not list it.)
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } satisfies Partial<NotificationProps>,
      // Its description is gray 6 (3.3:1 on white) otherwise.
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
  },
});
