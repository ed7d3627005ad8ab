// Boundaries between slices are enforced here: a remote never imports another remote or the shell,
// and another package is reached only through its `exports` subpaths (no deep imports into src).
import fs from 'node:fs';
import path from 'node:path';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';

const remotes = JSON.parse(fs.readFileSync(new URL('./slices.json', import.meta.url), 'utf8')).slices;
const deepImports = [
  {
    group: ['shared-kernel/src/*', 'shared-kernel/src', '*/shared-kernel/src/*'],
    message: 'Use a shared-kernel subpath export (shared-kernel/api, ...), not its src.',
  },
  { group: ['infra-api/src/*', 'infra/build/*', 'infra/config/*'], message: 'Use the package exports.' },
  { group: ['../../*/src/*', '../*/src/*'], message: 'No relative imports into another package.' },
];

// Chakra reaches slices only through shared-kernel/ui, so one trimmed copy serves the whole page.
const chakraOnlyViaKernel = {
  group: ['@chakra-ui/react', '@chakra-ui/react/*'],
  message: "Import Chakra components from 'shared-kernel/ui' (add new ones to its chakra.ts).",
};

// react-router is bundled inside the kernel's router subpath (ADR 0023): imported directly it would
// be a second, unshared copy whose Link/useNavigate do not see the slice's BrowserRouter.
const routerOnlyViaKernel = {
  group: ['react-router', 'react-router/*', 'react-router-dom', 'react-router-dom/*'],
  message: "Import router APIs from 'shared-kernel/router' (add a name to it if one is missing).",
};

// zod is one copy per page, the shell's (ADR 0030): `shared-kernel/zod` is a singleton of the builders
// in use. Imported directly, zod is bundled again into the build (the publish gate refuses that).
const zodOnlyViaKernel = {
  regex: '^zod(/.*)?$',
  message: "Import zod from 'shared-kernel/zod' (add a builder to its z.ts if one is missing).",
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
  message:
    'A site path in href reloads the page; use a router link (<RouterLink to=...>, asChild) so single-spa switches slices without a reload.',
}));

/**
 * @param {string} pkg
 * @returns {import('eslint').Linter.Config}
 */
function boundaryFor(pkg) {
  const forbidden = [...remotes, 'shell'].filter((r) => r !== pkg);
  return {
    files: [`${pkg}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [spinnerOnlyViaLoader],
          patterns: [
            ...deepImports,
            chakraOnlyViaKernel,
            routerOnlyViaKernel,
            zodOnlyViaKernel,
            { regex: slicePattern(forbidden), message: 'Slices meet only through shared-kernel and URLs.' },
          ],
        },
      ],
      'no-restricted-syntax': ['error', noRawHtml, ...noReloadingLinks],
    },
  };
}

// A feature folder is a unit: src/features/A never reaches into src/features/B. What two features
// share lives in src/components (or src/lib, src/model), so moving or deleting a feature is local.
const featureOf = (file) => /^(.*[\\/]src[\\/]features[\\/])([^\\/]+)[\\/]/.exec(file);
const noCrossFeatureImports = {
  meta: {
    type: 'problem',
    schema: [],
    messages: { cross: "Feature '{{from}}' imports from feature '{{to}}'; move what both use to src/components." },
  },
  create(context) {
    const own = featureOf(context.filename);
    if (!own) return {};
    const check = (source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), source.value) + path.sep;
      if (!target.startsWith(own[1])) return;
      const to = target.slice(own[1].length).split(path.sep)[0];
      if (to !== own[2]) context.report({ node: source, messageId: 'cross', data: { from: own[2], to } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      'CallExpression[callee.property.name="mock"][callee.object.name="jest"]': (node) => check(node.arguments[0]),
    };
  },
};
// Issue 26: a form's field values live in react-hook-form (the kernel's useZodForm), not in
// useState. The signature of a hand-rolled field is a form control (an input, textarea or select,
// or any element given a field `name`) whose `value` or `checked` reads a useState variable of an
// enclosing component (`value={phone}`, `value={draft.search}`). The regex scanner of issue 9 looked
// for a `touched` state and missed forms that track it under another name. The state may be a
// useState or useReducer value, the tuple kept whole (`s[0]`), or a copy of either (`const v =
// state.x`). A checkbox or switch is a form control too: its `checked` is a field value. Local UI
// state (a tab, a loading flag) does not feed a form control, so it stays allowed.
const STATE_BOUND_PROPS = new Set(['value', 'checked', 'defaultValue']);
const FORM_CONTROLS = new Set(['input', 'textarea', 'select', 'Input', 'Textarea', 'NativeSelect.Field', 'Checkbox.Root', 'Switch.Root']);
const elementName = (name) =>
  name.type === 'JSXIdentifier'
    ? name.name
    : name.type === 'JSXMemberExpression'
      ? `${elementName(name.object)}.${name.property.name}`
      : '';
const isFormControl = (opening) =>
  FORM_CONTROLS.has(elementName(opening.name)) ||
  opening.attributes.some((a) => a.type === 'JSXAttribute' && a.name.type === 'JSXIdentifier' && a.name.name === 'name');
const rootName = (node) => {
  let n = node;
  while (
    n &&
    (n.type === 'MemberExpression' || n.type === 'ChainExpression' || n.type === 'TSNonNullExpression' || n.type === 'LogicalExpression')
  )
    n = n.type === 'MemberExpression' ? n.object : n.type === 'LogicalExpression' ? n.left : n.expression;
  return n && n.type === 'Identifier' ? n.name : null;
};
const STATE_HOOKS = new Set(['useState', 'useReducer']);
const isStateHook = (init) =>
  init?.type === 'CallExpression' &&
  ((init.callee.type === 'Identifier' && STATE_HOOKS.has(init.callee.name)) ||
    (init.callee.type === 'MemberExpression' && STATE_HOOKS.has(init.callee.property.name)));
/** Whether `name`, seen from `node`, is component state: the value of a state hook, its whole tuple, or a copy of either. */
function isStateValue(context, node, name, depth = 0) {
  if (depth > 8) return false;
  let scope = context.sourceCode.getScope(node);
  while (scope && !scope.set.has(name)) scope = scope.upper;
  const def = scope?.set.get(name).defs[0];
  if (def?.type !== 'Variable') return false;
  const declarator = def.node;
  if (isStateHook(declarator.init)) {
    // `const [value, setValue] = useState()` binds the value; `const s = useState()` keeps the tuple.
    if (declarator.id.type === 'Identifier') return true;
    const first = declarator.id.type === 'ArrayPattern' ? declarator.id.elements[0] : null;
    return first?.type === 'Identifier' && first.name === name;
  }
  const source = declarator.init ? rootName(declarator.init) : null;
  return source !== null && source !== name && isStateValue(context, declarator, source, depth + 1);
}
const noHandRolledFormState = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      field:
        "'{{name}}' holds a field's value in component state (useState/useReducer); keep form fields in the kernel's useZodForm (shared-kernel/forms) with a schema from the kernel or the slice's model.",
    },
  },
  create(context) {
    return {
      JSXAttribute(node) {
        if (node.name.type !== 'JSXIdentifier' || !STATE_BOUND_PROPS.has(node.name.name)) return;
        if (node.value?.type !== 'JSXExpressionContainer' || !isFormControl(node.parent)) return;
        const name = rootName(node.value.expression);
        if (name && isStateValue(context, node, name)) context.report({ node, messageId: 'field', data: { name } });
      },
    };
  },
};
// Issue 26: a write is one call in the feature's api/ folder with its mutationOptions, so a
// component runs it through useMutation instead of awaiting getApi() itself.
const WRITES = new Set(['post', 'put', 'patch', 'delete']);
const writesInApiFolders = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      write:
        'getApi().{{method}} outside an api/ folder; put the call in src/features/<feature>/api/ with its mutationOptions and run it with useMutation.',
    },
  },
  create(context) {
    if (/[\\/]api[\\/]/.test(context.filename)) return {};
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier' || !WRITES.has(callee.property.name)) return;
        const target = callee.object;
        if (target.type === 'CallExpression' && target.callee.type === 'Identifier' && target.callee.name === 'getApi')
          context.report({ node, messageId: 'write', data: { method: callee.property.name } });
      },
    };
  },
};
const rendime = {
  rules: {
    'no-cross-feature-imports': noCrossFeatureImports,
    'no-hand-rolled-form-state': noHandRolledFormState,
    'writes-in-api-folders': writesInApiFolders,
  },
};

// Node's own globals for the scripts, build factory and config files (ES globals come with ecmaVersion).
/** @type {Record<string, 'readonly' | 'writable'>} */
const nodeGlobals = Object.fromEntries(
  [
    'process',
    'console',
    'Buffer',
    'global',
    'setTimeout',
    'clearTimeout',
    'setInterval',
    'clearInterval',
    'setImmediate',
    'clearImmediate',
    'queueMicrotask',
    'structuredClone',
    'URL',
    'URLSearchParams',
    'fetch',
    'Request',
    'Response',
    'Headers',
    'FormData',
    'Blob',
    'AbortController',
    'AbortSignal',
    'TextEncoder',
    'TextDecoder',
    'performance',
  ].map((name) => [name, 'readonly']),
);
const reactSources = `{shell,shared-kernel,${remotes.join(',')}}/src/**/*.{ts,tsx}`;
/** @type {Record<string, 'readonly' | 'writable'>} */
const commonJsGlobals = { require: 'readonly', module: 'writable', exports: 'writable', __dirname: 'readonly', __filename: 'readonly' };

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      'infra/.registry/**',
      'infra/.run/**',
      'infra/e2e/results/**',
      'infra/api/drizzle/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    plugins: { rendime },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-syntax': ['error', noRawHtml],
      'rendime/no-cross-feature-imports': 'error',
    },
  },
  // Type-aware rules on the TypeScript sources: a promise nobody awaits loses its error (an
  // unhandled rejection instead of the page's error state), and an async handler passed where a
  // void callback is expected does the same. projectService finds each file's own tsconfig.
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // JSX handlers may be async: React ignores their result, and each handler reports its own errors.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  // Scripts, the build factory and config files: plain Node, no type information.
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      parserOptions: { project: false, projectService: false, program: null },
      ecmaVersion: 'latest',
      sourceType: 'module',
      globals: nodeGlobals,
    },
    rules: {
      ...tseslint.configs.disableTypeChecked.rules,
      'no-undef': 'error',
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...nodeGlobals, ...commonJsGlobals } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The jest setup files run inside jest's environment (jsdom for the DOM one).
    files: ['shared-kernel/config/jest-setup-*.cjs'],
    languageOptions: { globals: { window: 'readonly', afterEach: 'readonly', afterAll: 'readonly', MouseEvent: 'readonly' } },
  },
  // React's hook rules: the whole recommended set of eslint-plugin-react-hooks 7, i.e. the classic
  // rules-of-hooks and exhaustive-deps (as an error) plus the React Compiler's checks of the Rules
  // of React (no refs read in render, no mutation of props/state, pure render, no setState in
  // render or synchronously in an effect, components not created in render). Those hold with or
  // without the compiler, and set-state-in-effect is the lint half of "no useEffect data
  // loading". Only incompatible-library is off: it says the compiler will skip a component using
  // e.g. react-hook-form's watch(), which means nothing here since no code is compiled with it.
  // The compiler rules run the compiler's analysis on every file (a third of the lint time), so
  // they skip the tests, whose components are throwaway wrappers.
  {
    files: [reactSources],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: [reactSources],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'react-hooks/exhaustive-deps': 'error',
      'react-hooks/incompatible-library': 'off',
    },
  },
  // The slices' and the shell's components keep form fields in react-hook-form (see the rule). The
  // kernel's own field components are where that state is bound, and tests may hold what they like.
  {
    files: [`{shell,${remotes.join(',')}}/src/**/*.tsx`],
    ignores: ['**/*.test.tsx'],
    rules: { 'rendime/no-hand-rolled-form-state': 'error', 'rendime/writes-in-api-folders': 'error' },
  },
  // The benchmarks hand these functions to page.evaluate: they run in the browser.
  {
    files: ['infra/scripts/bench-*.mjs'],
    languageOptions: { globals: { window: 'readonly', document: 'readonly', localStorage: 'readonly', PerformanceObserver: 'readonly' } },
  },
  { files: ['**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  ...[...remotes, 'shell'].map(boundaryFor),
  {
    files: ['shared-kernel/**/*.{ts,tsx}', 'infra/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...deepImports,
            { regex: slicePattern([...remotes, 'shell']), message: 'The kernel and infra do not depend on slices.' },
          ],
        },
      ],
    },
  },
  {
    files: ['shared-kernel/src/**/*.{ts,tsx}', 'infra/**/*.ts'],
    ignores: [
      'shared-kernel/src/ui/chakra.ts',
      'shared-kernel/src/ui/system.ts',
      'shared-kernel/src/ui/platform-provider.tsx',
      'shared-kernel/src/ui/toast-list.tsx',
      'shared-kernel/src/overlays/chakra-parts.ts',
      'shared-kernel/src/router/index.ts',
      'shared-kernel/src/testing/render-with-platform.tsx',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...deepImports,
            chakraOnlyViaKernel,
            routerOnlyViaKernel,
            { regex: slicePattern([...remotes, 'shell']), message: 'The kernel and infra do not depend on slices.' },
          ],
        },
      ],
    },
  },
  // Issue 26: no file of the API's source (tests included) grows past 400 lines; split it by concern.
  {
    files: ['infra/api/src/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  {
    // The kernel's browser code meets zod through its own singleton too; the API server (infra) has
    // no page to share it on and imports zod itself.
    files: ['shared-kernel/src/**/*.{ts,tsx}'],
    ignores: [
      'shared-kernel/src/ui/chakra.ts',
      'shared-kernel/src/ui/system.ts',
      'shared-kernel/src/ui/platform-provider.tsx',
      'shared-kernel/src/ui/toast-list.tsx',
      'shared-kernel/src/overlays/chakra-parts.ts',
      'shared-kernel/src/router/index.ts',
      'shared-kernel/src/testing/render-with-platform.tsx',
      'shared-kernel/src/zod/z.ts',
      'shared-kernel/src/zod/index.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...deepImports,
            chakraOnlyViaKernel,
            routerOnlyViaKernel,
            zodOnlyViaKernel,
            { regex: slicePattern([...remotes, 'shell']), message: 'The kernel and infra do not depend on slices.' },
          ],
        },
      ],
    },
  },
);
