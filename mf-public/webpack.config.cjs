const { createConfig, createEmbedConfig, createServerConfig } = require('infra/webpack');
const descriptor = require('./remote.json');

module.exports = (env, argv) => {
  const federated = createConfig(
    { kind: 'remote', dir: __dirname, exposes: { './app': './src/app.tsx', ...descriptor.widgets } },
    env,
    argv,
  );
  // Dev servers serve the federated build only; the widget is built by `build` (ADR 0025).
  if (env && env.WEBPACK_SERVE) return federated;
  const widget = createEmbedConfig(
    {
      dir: __dirname,
      name: 'rendime_owner_widget',
      entry: './src/features/owner-widget/index.ts',
      filename: descriptor.embeds['owner-widget'],
      after: federated.name,
    },
    env,
    argv,
  );
  // The routes mf-public renders on the server (ADR 0041), published in the same version folder.
  const server = createServerConfig({ dir: __dirname, entry: './src/server/render-page.tsx', after: federated.name }, env, argv);
  return [federated, widget, server];
};
