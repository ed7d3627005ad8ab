// Boundaries between slices are enforced here: a remote never imports another remote or the shell,
// and another package is reached only through its `exports` subpaths (no deep imports into src).
import tseslint from 'typescript-eslint';

const remotes = ['mf-public', 'mf-booking', 'mf-owner', 'mf-account', 'mf-messaging'];
const deepImports = [
  { group: ['shared-kernel/src/*', 'shared-kernel/src', '*/shared-kernel/src/*'], message: 'Use a shared-kernel subpath export (shared-kernel/api, ...), not its src.' },
  { group: ['infra-api/src/*', 'infra/build/*', 'infra/config/*'], message: 'Use the package exports.' },
  { group: ['../../*/src/*', '../*/src/*'], message: 'No relative imports into another package.' },
];

// Chakra reaches slices only through shared-kernel/ui, so one trimmed copy serves the whole page.
const chakraOnlyViaKernel = {
  group: ['@chakra-ui/react', '@chakra-ui/react/*'],
  message: "Import Chakra components from 'shared-kernel/ui' (add new ones to its chakra.ts).",
};

// A bare package specifier of another slice, or a relative path climbing into one.
function slicePattern(names) {
  const alt = names.join('|');
  return `^((\\.\\./)+)?(${alt})(/.*)?$`;
}

// Loading indicators follow the spec's timings (loader delay 333 ms, overlay 500 ms) in one place.
const spinnerOnlyViaLoader = {
  name: 'shared-kernel/ui',
  importNames: ['Spinner'],
  message: 'Use Loader or LoadingOverlay from shared-kernel/ui: they apply the spec loader delay and overlay timing.',
};

const noRawHtml = { selector: 'JSXAttribute[name.name="dangerouslySetInnerHTML"]', message: 'Never render user text as HTML.' };
// A site path in a plain href makes the browser load the whole page again (shell, every slice).
// \u002F is '/': esquery regexes cannot hold a slash. Links opening a new tab (target) may use href.
const noReloadingLinks = [
  'JSXOpeningElement:not(:has(JSXAttribute[name.name="target"])) > JSXAttribute[name.name="href"][value.value=/^\\u002F(?!\\u002F)/]',
  'JSXOpeningElement:not(:has(JSXAttribute[name.name="target"])) > JSXAttribute[name.name="href"] > JSXExpressionContainer > Literal[value=/^\\u002F(?!\\u002F)/]',
  'JSXOpeningElement:not(:has(JSXAttribute[name.name="target"])) > JSXAttribute[name.name="href"] > JSXExpressionContainer > TemplateLiteral > TemplateElement:first-child[value.raw=/^\\u002F(?!\\u002F)/]',
].map((selector) => ({
  selector,
  message: 'A site path in href reloads the page; use a router link (<RouterLink to=...>, asChild) so single-spa switches slices without a reload.',
}));

function boundaryFor(pkg) {
  const forbidden = [...remotes, 'shell'].filter((r) => r !== pkg);
  return {
    files: [`${pkg}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [spinnerOnlyViaLoader],
        patterns: [
          ...deepImports,
          chakraOnlyViaKernel,
          { regex: slicePattern(forbidden), message: 'Slices meet only through shared-kernel and URLs.' },
        ],
      }],
      'no-restricted-syntax': ['error', noRawHtml, ...noReloadingLinks],
    },
  };
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/coverage/**', 'infra/.registry/**', 'infra/.run/**', '**/*.cjs', '**/*.mjs', '**/*.js', 'infra/api/drizzle/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-syntax': ['error', noRawHtml],
    },
  },
  ...[...remotes, 'shell'].map(boundaryFor),
  {
    files: ['shared-kernel/**/*.{ts,tsx}', 'infra/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...deepImports, { regex: slicePattern([...remotes, 'shell']), message: 'The kernel and infra do not depend on slices.' }] }],
    },
  },
  {
    files: ['shared-kernel/src/**/*.{ts,tsx}', 'infra/**/*.ts'],
    ignores: ['shared-kernel/src/ui/chakra.ts', 'shared-kernel/src/ui/system.ts', 'shared-kernel/src/ui/platform-provider.tsx', 'shared-kernel/src/ui/notice-host.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...deepImports, chakraOnlyViaKernel, { regex: slicePattern([...remotes, 'shell']), message: 'The kernel and infra do not depend on slices.' }] }],
    },
  },
);
