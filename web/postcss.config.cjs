// Mantine's PostCSS preset provides its mixins and rem() helpers; the breakpoint variables let CSS
// modules use the same breakpoints as the theme (e.g. `@media (max-width: $mantine-breakpoint-sm)`).
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
    'postcss-simple-vars': {
      variables: {
        'mantine-breakpoint-xs': '36em',
        'mantine-breakpoint-sm': '48em',
        'mantine-breakpoint-md': '62em',
        'mantine-breakpoint-lg': '75em',
        'mantine-breakpoint-xl': '88em',
      },
    },
  },
};
