import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Mantine's components bring no CSS of their own: `@mantine/core/styles.css` holds all of it (about
 * 250 KB, 36 KB gzipped), most of it for components this app never shows. This plugin gives each
 * module that imports components from `@mantine/core` the imports of those components' style sheets
 * (`@mantine/core/styles/<Component>.css`), so each route's chunk carries the CSS of what it renders and
 * a component used for the first time gets its styles without anyone remembering to add them.
 *
 * The global styles and the components that others are built on (Input under TextInput, Popover under
 * Select, ...) are imported once, for every page, by src/app/mantine-base.css.
 */
const MANTINE_CORE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]@mantine\/core['"]\s*;?/g;

/** Components whose styles are another component's, or several (the base covers Input, Popover, Paper...). */
const STYLES_OF: Record<string, string[]> = {
  RangeSlider: ['Slider'],
  Highlight: ['Mark'],
  Select: ['Combobox'],
  Autocomplete: ['Combobox'],
  MultiSelect: ['Combobox', 'Pill', 'PillsInput'],
  TagsInput: ['Combobox', 'Pill', 'PillsInput'],
  HoverCard: ['Popover'],
};

function componentStyleSheets(): Set<string> {
  const require = createRequire(import.meta.url);
  const stylesDir = path.join(path.dirname(require.resolve('@mantine/core/styles.css')), 'styles');
  return new Set(
    readdirSync(stylesDir)
      .filter((file) => file.endsWith('.css') && !file.endsWith('.layer.css'))
      .map((file) => file.slice(0, -'.css'.length)),
  );
}

/** The names a statement imports, without type-only ones, by their exported name (`NavLink as X` is NavLink). */
function importedNames(specifiers: string): string[] {
  return specifiers
    .split(',')
    .map((specifier) => specifier.trim())
    .filter((specifier) => specifier !== '' && !specifier.startsWith('type '))
    .map((specifier) => specifier.split(/\s+as\s+/)[0]!.trim());
}

/** The sheets a style sheet imports for every page (`@import '@mantine/core/styles/Input.css' ...`). */
function sheetsImportedBy(globalStyleSheet: string): Set<string> {
  return new Set(
    [...readFileSync(globalStyleSheet, 'utf8').matchAll(/@mantine\/core\/styles\/(\w+)\.css/g)].map((m) => m[1]!),
  );
}

/**
 * `globalStyleSheet` is the sheet that brings Mantine's global styles and shared components to every page,
 * in the lower layer `mantine-base`; the components' sheets here are in the layer `mantine` above it, so a
 * component's styles win over the ones it is built on whatever order the chunks' style sheets arrive in
 * (index.html declares the order of the layers before any style sheet).
 */
export function mantineComponentStyles(globalStyleSheet: string): Plugin {
  let sheets: Set<string>;
  return {
    name: 'playtime:mantine-component-styles',
    enforce: 'pre',
    buildStart() {
      const global = sheetsImportedBy(globalStyleSheet);
      sheets = new Set([...componentStyleSheets()].filter((sheet) => !global.has(sheet)));
      this.addWatchFile(globalStyleSheet);
    },
    transform(code, id) {
      if (id.includes('node_modules') || !/\.tsx?$/.test(id) || !code.includes('@mantine/core')) return null;
      const wanted = new Set<string>();
      for (const match of code.matchAll(MANTINE_CORE_IMPORT)) {
        if (/^import\s+type\b/.test(match[0])) continue;
        for (const name of importedNames(match[1]!))
          for (const sheet of STYLES_OF[name] ?? [name]) if (sheets.has(sheet)) wanted.add(sheet);
      }
      if (wanted.size === 0) return null;
      const imports = [...wanted].map((sheet) => `import '@mantine/core/styles/${sheet}.layer.css';`).join('');
      // On the first line, so the source map's lines stay where they were.
      return { code: imports + code, map: null };
    },
  };
}
