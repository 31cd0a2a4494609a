/** Cruising the repository's import graph with dependency-cruiser, as the lint tests of the server's and the web's layers do. */
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The graph of `paths` (relative to the repository's root), type imports included and packages
 * resolved through their `exports`, validated against `forbidden`.
 */
export async function cruiseImportGraph(
  paths: string[],
  forbidden: IForbiddenRuleType[],
  options: { exclude: string[]; doNotFollow: string[]; extensions: string[] },
): Promise<ICruiseResult> {
  // dependency-cruiser reads the paths and the tsconfig from the working directory.
  const cwd = process.cwd();
  process.chdir(root);
  try {
    const result = await cruise(paths, {
      validate: true,
      ruleSet: { forbidden },
      exclude: { path: options.exclude },
      doNotFollow: { path: options.doNotFollow },
      tsPreCompilationDeps: true,
      tsConfig: { fileName: 'tsconfig.json' },
      enhancedResolveOptions: {
        exportsFields: ['exports'],
        conditionNames: ['import', 'require', 'node', 'default', 'types'],
        extensions: options.extensions,
      },
    });
    return result.output as ICruiseResult;
  } finally {
    process.chdir(cwd);
  }
}

/** Each broken rule as one line: the rule, the importer, the imported and, for a circle, its steps. */
export const violationsOf = (graph: ICruiseResult): string[] =>
  graph.summary.violations.map((violation) =>
    [violation.rule.name, violation.from, violation.to, ...(violation.cycle ?? []).map((step) => step.name)].join(
      ' → ',
    ),
  );

/** A layer rule: no module whose path matches `from` imports one whose path matches `to` (an error). */
export const forbidImports = (name: string, from: string, to: string): IForbiddenRuleType => ({
  name,
  severity: 'error',
  from: { path: from },
  to: { path: to },
});
