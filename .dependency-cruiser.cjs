/**
 * The import graph's rules (issue 26), checked in `npm test`'s lint step by
 * infra/scripts/test-all.mjs: no cycle anywhere in the repo's sources, and the API's layering
 * (repositories hold data only: they never reach into services).
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle makes load order matter and hides which module owns what; break it by moving the shared part down.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'repositories-hold-data-only',
      severity: 'error',
      comment:
        'A repository reads and writes rows; rules, texts and money movements live in services, which use repositories, never the other way round.',
      from: { path: '^infra/api/src/repositories/' },
      to: { path: '^infra/api/src/services/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|coverage|\\.registry|\\.run|\\.dev-local|results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.jsx', '.json'],
    },
  },
};
