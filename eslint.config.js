import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import boundaries (issue 11). Each entry says what a folder may not import; the test
 * tests/lint/import-boundaries.test.ts lints a forbidden snippet per boundary with this config and
 * proves the rule refuses it (and that an allowed import passes).
 */
const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx'];

/** The domain kernel: pure code. Only zod, dayjs and its own modules; no infrastructure, contract or test library. */
const DOMAIN_IMPORTS = [
  {
    regex: '^(?!(zod|dayjs)(/.*)?$)(?!\\.{1,2}/)',
    message: 'The domain imports only zod, dayjs and its own modules (no infrastructure, I/O or test library).',
  },
  {
    regex: '(^|/)(infra|contract|testing)(/|$)',
    message: 'The domain imports no infrastructure, contract or test helpers: they depend on it, not it on them.',
  },
];

/** The contract web and services share: zod, dayjs and pure domain code; no I/O. */
const CONTRACT_IMPORTS = [
  {
    regex: '^(?!(zod|dayjs)(/.*)?$)(?!\\.{1,2}/)',
    message: 'The contract imports only zod, dayjs and pure domain code.',
  },
  {
    regex: '(^|/)(infra|testing)(/|$)',
    message: 'The contract imports only zod, dayjs and pure domain code (no infrastructure, no test helpers).',
  },
];

/** The web app takes from shared only the contract and the pure domain, and nothing from the services. */
const WEB_IMPORTS = [
  {
    regex: '^@playtime/shared/(?!(contract|domain)/)',
    message: 'The web imports from @playtime/shared only contract/* and domain/*.',
  },
  {
    regex: '^@playtime/(command-api|read-api|projector|tests)(/|$)',
    message: 'The web imports nothing from the services: share it through @playtime/shared/contract.',
  },
  {
    regex: '^(\\.\\./)+(shared|command-api|read-api|projector)/',
    message: 'The web reaches shared code through @playtime/shared/contract or /domain only.',
  },
];

/**
 * Infrastructure is ports and adapters, below the domain's deciders and the game loop that runs them:
 * it decides nothing (the decider kernel's types, events' schemas and roles are what it may know).
 */
const INFRA_IMPORTS = [
  {
    regex: '(^|/)domain/(?!(decider|event-registry|event-schemas)$)(?![^/]+/events$)',
    message:
      'Infrastructure runs no decider: of the domain it knows the decider kernel and the events. The game loop (shared/src/game-loop) and the services run deciders through the command door.',
  },
  {
    regex: '(^|/)game-loop(/|$)',
    message:
      'Infrastructure imports nothing from the game loop: the game loop is built on it, not it on the game loop.',
  },
];

/** The read side knows the projector's read models by their contract names only. */
const READ_API_IMPORTS = [
  {
    regex: '^@playtime/projector(/|$)',
    message: 'read-api imports nothing from projector: projection names are in @playtime/shared/contract/projections.',
  },
  {
    regex: '(^|/)projector/src(/|$)',
    message: 'read-api imports nothing from projector: projection names are in @playtime/shared/contract/projections.',
  },
];

/**
 * Web features (bulletproof-react): a feature is used through its index.ts, its public surface, never
 * through its insides. Every folder under web/src/features is a feature; a file may reach its own
 * feature's files freely. Pages load lazily through loaders the feature's index exports.
 */
const WEB_FEATURES = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const FEATURE_INSIDES_MESSAGE = "Import another feature through its index.ts (e.g. '../users'), not its insides.";
/** Outside web/src/features: any path into a feature's folder past its index. */
const FEATURE_INSIDES = { regex: '^(\\./|(\\.\\./)+)features/[^/]+/.', message: FEATURE_INSIDES_MESSAGE };
/** Inside feature `own`: a path that climbs out to another feature's folder and goes past its index. */
const otherFeatureInsides = (own) => ({
  regex: `^(\\.\\./)+(features/)?(${WEB_FEATURES.filter((name) => name !== own)
    .map(escapeRegex)
    .join('|')})/.`,
  message: FEATURE_INSIDES_MESSAGE,
});

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
/**
 * no-restricted-imports reads only static imports; a dynamic import() of another feature's insides is
 * refused by the same regex through no-restricted-syntax (esquery takes no '/' in a regex: hence \x2F).
 */
const restrictDynamic = ({ regex, message }) => ({
  'no-restricted-syntax': [
    'error',
    { selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2F')}/]`, message },
  ],
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'tests/reports/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  { files: ['shared/src/domain/**/*.ts'], ignores: TEST_FILES, rules: restrict(DOMAIN_IMPORTS) },
  { files: ['shared/src/contract/**/*.ts'], ignores: TEST_FILES, rules: restrict(CONTRACT_IMPORTS) },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/features/**'],
    rules: { ...restrict([...WEB_IMPORTS, FEATURE_INSIDES]), ...restrictDynamic(FEATURE_INSIDES) },
  },
  ...WEB_FEATURES.map((feature) => ({
    files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      ...restrict([...WEB_IMPORTS, otherFeatureInsides(feature)]),
      ...restrictDynamic(otherFeatureInsides(feature)),
    },
  })),
  { files: ['read-api/src/**/*.ts'], rules: restrict(READ_API_IMPORTS) },
  { files: ['shared/src/infra/**/*.ts'], ignores: TEST_FILES, rules: restrict(INFRA_IMPORTS) },
  /** One naming rule for every workspace's files and folders: kebab-case (use-now.ts, game-card.tsx, game-loop/). */
  {
    files: ['{shared,command-api,projector,read-api,web,tests,scripts}/**/*.{ts,tsx}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': [
        'error',
        { '{shared,command-api,projector,read-api,web,tests,scripts}/**/': 'KEBAB_CASE' },
      ],
    },
  },
);
