const { createConfig, createEmbedConfig } = require('infra/webpack');

module.exports = (env, argv) => {
  const shell = createConfig({ kind: 'host', dir: __dirname }, env, argv);
  // Dev servers serve the shell only; the owner widget's loader (ADR 0025) is built by `build`.
  if (env && env.WEBPACK_SERVE) return shell;
  const loader = createEmbedConfig(
    {
      dir: __dirname,
      name: 'rendime_widget_loader',
      entry: './src/features/widget-loader/loader-entry.ts',
      filename: 'widget/loader.js',
      after: shell.name,
    },
    env,
    argv,
  );
  return [shell, loader];
};
