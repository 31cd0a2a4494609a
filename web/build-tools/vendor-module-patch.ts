import type { Plugin } from 'vite';

/** A JavaScript identifier, as a pattern: what a minified module's names look like. */
export const IDENTIFIER = '[A-Za-z_$][\\w$]*';

/**
 * A production-build plugin that rewrites one module of a dependency, for a fault of that dependency
 * this app works around (the dev server keeps the module as it is). A build in which the module was
 * not found, or `patch` threw on it, stops with the reason: a release that moved or changed it must
 * not bring the fault back unnoticed.
 */
export function vendorModulePatch(options: {
  name: string;
  /** The dependency and module, as the messages name them. */
  what: string;
  module: RegExp;
  /** The module's new source, from its source as installed; throws when it is not laid out as expected. */
  patch(source: string): string;
}): Plugin {
  let patched = false;
  return {
    name: `playtime:${options.name}`,
    apply: 'build',
    transform(code, id) {
      if (!options.module.test(id)) return null;
      try {
        const changed = options.patch(code);
        patched = true;
        return { code: changed, map: null };
      } catch (error) {
        return this.error(`${options.what} could not be patched: ${(error as Error).message}`);
      }
    },
    buildEnd(error) {
      if (!error && !patched) this.error(`${options.what} was not found (${options.module}).`);
    },
  };
}
