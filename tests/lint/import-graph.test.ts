import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Unit (no database): the server's import graph, as dependency-cruiser resolves it (type imports
 * and the @playtime/* packages included). It has no circles, and its layers stand in order:
 * infrastructure (ports and adapters) at the bottom, the domain beside it, and the game loop
 * (shared/src/game-loop, the application) above both. eslint.config.js refuses the same imports
 * file by file (import-boundaries.test.ts); this looks at the whole graph, which a circle needs.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

/** Of the domain, infrastructure may know the decider kernel and the events (what it stores), no decider. */
const DECIDING_DOMAIN = '^shared/src/domain/(?!(decider|event-registry|event-schemas)\\.ts$)(?![^/]+/events\\.ts$)';

const rules: IForbiddenRuleType[] = [
  { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
  {
    name: 'infra-runs-no-decider',
    severity: 'error',
    from: { path: '^shared/src/infra/' },
    to: { path: DECIDING_DOMAIN },
  },
  {
    name: 'infra-below-the-game-loop',
    severity: 'error',
    from: { path: '^shared/src/infra/' },
    to: { path: '^shared/src/game-loop/' },
  },
  {
    name: 'domain-below-everything',
    severity: 'error',
    from: { path: '^shared/src/domain/' },
    to: { path: '^shared/src/(infra|game-loop|contract)/' },
  },
];

describe('the import graph of the server', () => {
  let graph: ICruiseResult;

  beforeAll(async () => {
    const cwd = process.cwd();
    process.chdir(root);
    try {
      const result = await cruise(['shared/src', 'command-api/src', 'projector/src', 'read-api/src', 'scripts'], {
        validate: true,
        ruleSet: { forbidden: rules },
        exclude: { path: ['node_modules', '\\.test\\.tsx?$', '\\.contract\\.ts$', '^shared/src/testing/'] },
        doNotFollow: { path: ['node_modules'] },
        tsPreCompilationDeps: true,
        tsConfig: { fileName: 'tsconfig.json' },
        enhancedResolveOptions: {
          exportsFields: ['exports'],
          conditionNames: ['import', 'require', 'node', 'default', 'types'],
          extensions: ['.ts', '.js', '.json'],
        },
      });
      graph = result.output as ICruiseResult;
    } finally {
      process.chdir(cwd);
    }
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
    const violations = graph.summary.violations.map((violation) =>
      [violation.rule.name, violation.from, violation.to, ...(violation.cycle ?? []).map((step) => step.name)].join(
        ' → ',
      ),
    );
    expect(violations).toEqual([]);
  });
});
