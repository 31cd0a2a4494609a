import type { ICruiseResult, IForbiddenRuleType } from 'dependency-cruiser';
import { beforeAll, describe, expect, it } from 'vitest';
import { cruiseImportGraph, forbidImports, violationsOf } from '../support/import-graph';

/**
 * Unit (no database): the server's import graph, as dependency-cruiser resolves it (type imports
 * and the @playtime/* packages included). It has no circles, and its layers stand in order:
 * infrastructure (ports and adapters) at the bottom, the domain beside it, and the game loop
 * (shared/src/game-loop, the application) above both. eslint.config.js refuses the same imports
 * file by file (import-boundaries.test.ts); this looks at the whole graph, which a circle needs.
 */
/** Of the domain, infrastructure may know the decider kernel and the events (what it stores), no decider. */
const DECIDING_DOMAIN = '^shared/src/domain/(?!(decider|event-registry|event-schemas)\\.ts$)(?![^/]+/events\\.ts$)';

const rules: IForbiddenRuleType[] = [
  { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
  forbidImports('infra-runs-no-decider', '^shared/src/infra/', DECIDING_DOMAIN),
  forbidImports('infra-below-the-game-loop', '^shared/src/infra/', '^shared/src/game-loop/'),
  forbidImports('domain-below-everything', '^shared/src/domain/', '^shared/src/(infra|game-loop|contract)/'),
];

describe('the import graph of the server', () => {
  let graph: ICruiseResult;

  beforeAll(async () => {
    graph = await cruiseImportGraph(
      ['shared/src', 'command-api/src', 'projector/src', 'read-api/src', 'scripts'],
      rules,
      {
        exclude: ['node_modules', '\\.test\\.tsx?$', '\\.contract\\.ts$', '^shared/src/testing/'],
        doNotFollow: ['node_modules'],
        extensions: ['.ts', '.js', '.json'],
      },
    );
  }, 60_000);

  it('resolves the packages the services import from shared (so the rules below see every edge)', () => {
    const commandApi = graph.modules.find((module) => module.source === 'command-api/src/command-api.ts');
    expect(commandApi?.dependencies.map((dependency) => dependency.resolved)).toContain(
      'shared/src/game-loop/payments/verified-payment.ts',
    );
    expect(
      graph.modules.flatMap((module) => module.dependencies.filter((dependency) => dependency.couldNotResolve)),
    ).toEqual([]);
  });

  it('has no circles, infrastructure below the domain and the game loop', () => {
    expect(violationsOf(graph)).toEqual([]);
  });
});
