// Emits remote-descriptor.json next to the remote's mf-manifest.json: what the slice owns (routes,
// nav entries, widgets, events) plus its version and shared ranges. The registry turns it into a
// release-manifest entry, so nothing about a remote is compiled into the shell.
const webpack = require('webpack');

class DescriptorPlugin {
  constructor({ descriptor, version, shared, packageName }) {
    this.options = { descriptor, version, shared, packageName };
  }

  apply(compiler) {
    const { descriptor, version, shared, packageName } = this.options;
    validateDescriptor(descriptor, packageName);
    compiler.hooks.thisCompilation.tap('DescriptorPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'DescriptorPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const sharedRanges = Object.fromEntries(Object.entries(shared).map(([k, v]) => [k, v.requiredVersion]));
        const body = JSON.stringify({ ...descriptor, version, builtAt: new Date().toISOString(), shared: sharedRanges }, null, 2);
        compilation.emitAsset('remote-descriptor.json', new webpack.sources.RawSource(body));
      });
    });
  }
}

function validateDescriptor(d, packageName) {
  const problems = [];
  if (d.name !== packageName) problems.push(`name must be ${packageName}`);
  if (!/^[a-z_]+$/.test(d.scope || '')) problems.push('scope must be a JS identifier (a-z and _)');
  if (!Array.isArray(d.routes) || d.routes.some((r) => typeof r !== 'string' || !r.startsWith('/'))) problems.push('routes must be absolute paths');
  if (!Array.isArray(d.nav)) problems.push('nav must be a list');
  if (typeof d.widgets !== 'object') problems.push('widgets must be an object');
  if (typeof d.devPort !== 'number') problems.push('devPort must be a number');
  if (problems.length) throw new Error(`remote.json of ${packageName}: ${problems.join('; ')}`);
}

module.exports = { DescriptorPlugin, validateDescriptor };
