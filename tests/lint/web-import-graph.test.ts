import type { ICruiseResult, IForbiddenRuleType } from 'dependency-cruiser';
import { beforeAll, describe, expect, it } from 'vitest';
import { cruiseImportGraph, forbidImports, violationsOf } from '../support/import-graph';

/**
 * Unit (no database): the web's import graph (web/src), as dependency-cruiser resolves it, type
 * imports and lazy import()s included. Its layers follow bulletproof-react: the app (web/src/app)
 * composes the pages that combine features; a feature (web/src/features/<name>) never imports
 * another, not even its index and not even lazily, so what two features share lives below them in
 * components/, hooks/, lib/, utils/ or types/, which import no feature and not the app. And no
 * circles. eslint.config.js keeps a feature's insides private file by file
 * (import-boundaries.test.ts); only the whole graph shows a circle. The server's graph is
 * import-graph.test.ts; the web's is a file of its own because, cruised in one process after the
 * server's, the web's modules came back without their imports.
 */
const rules: IForbiddenRuleType[] = [
  { name: 'no-circular', severity: 'error', from: { path: '^web/src/' }, to: { circular: true } },
  {
    name: 'no-cross-feature',
    severity: 'error',
    from: { path: '^web/src/features/([^/]+)/' },
    to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
  },
  forbidImports('features-below-the-app', '^web/src/features/', '^web/src/app/'),
  forbidImports(
    'shared-parts-below-the-features',
    '^web/src/(components|hooks|lib|utils|types)/',
    '^web/src/(features|app)/',
  ),
];

describe('the import graph of the web', () => {
  let graph: ICruiseResult;

  beforeAll(async () => {
    graph = await cruiseImportGraph(['web/src'], rules, {
      exclude: ['node_modules'],
      doNotFollow: ['node_modules', '^shared/'],
      extensions: ['.ts', '.tsx', '.js', '.json'],
    });
  }, 60_000);

  it("sees the lazy import()s that load pages (so a feature's lazy load of another counts) and resolves every relative import", () => {
    const router = graph.modules.find((module) => module.source === 'web/src/app/router.tsx');
    expect(
      router?.dependencies.filter((dependency) => dependency.dynamic).map((dependency) => dependency.resolved),
    ).toContain('web/src/app/routes/profile-page.tsx');
    expect(
      graph.modules.flatMap((module) =>
        module.dependencies
          .filter((dependency) => dependency.couldNotResolve && dependency.module.startsWith('.'))
          .map((dependency) => `${module.source} → ${dependency.module}`),
      ),
    ).toEqual([]);
  });

  it('has no circles, no feature importing another or the app, and the shared parts below the features', () => {
    expect(violationsOf(graph)).toEqual([]);
  });
});
