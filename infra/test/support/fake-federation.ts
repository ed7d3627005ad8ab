// The two files of a Module Federation build the publish gate reads (ADR 0039), fabricated in the
// shape @module-federation/enhanced writes them: `mf-manifest.json` (shared[], exposes[],
// metaData.remoteEntry) and a minified `remoteEntry.js` whose runtime lists one consume-data object
// per shared module (`{...,requiredVersion:"^19.3.0",...,shareKey:"react"}`).

/** A prefix share (`react/`) is consumed by its subpaths; one stands for them. */
const SUBPATH: Record<string, string> = {
  'react/': 'react/jsx-runtime',
  'react-dom/': 'react-dom/client',
  'shared-kernel/': 'shared-kernel/ui',
};

export interface FederationFiles {
  'mf-manifest.json': string;
  'remoteEntry.js': string;
}

/**
 * @param scope the container name
 * @param shared the descriptor's ranges, as the build's own files state them unless overridden
 * @param o.entryRanges share key → range that remoteEntry.js requires instead (a build that differs from its descriptor)
 * @param o.manifestRanges share key → range that mf-manifest.json states instead
 * @param o.exposes the exposed modules (`./app` and the widgets)
 * @param o.entryExposes the modules remoteEntry.js's container module map answers instead (a build whose entry differs from its manifest)
 */
export function federationFiles(
  scope: string,
  shared: Record<string, string>,
  o: { entryRanges?: Record<string, string>; manifestRanges?: Record<string, string>; exposes?: string[]; entryExposes?: string[] } = {},
): FederationFiles {
  const consumed = Object.entries(shared).map(([key, range]) => [SUBPATH[key] ?? key, range] as const);
  const entryRange = (key: string, range: string) => o.entryRanges?.[key] ?? range;
  const manifestRange = (key: string, range: string) => o.manifestRanges?.[key] ?? range;
  const consumes = consumed
    .map(
      ([key, range], i) =>
        `${100 + i}:{fallback:()=>y.e(${7 + i}).then(()=>()=>y(${7 + i})),shareScope:["default"],singleton:!0,requiredVersion:${JSON.stringify(entryRange(key, range))},strictVersion:!1,eager:!1,layer:void 0,shareKey:${JSON.stringify(key)}}`,
    )
    .join(',');
  // The container's module map, which its get(module) answers from, as webpack minifies it.
  const moduleMap = (o.entryExposes ?? o.exposes ?? ['./app'])
    .map((p, i) => `${JSON.stringify(p)}:()=>Promise.all([y.e(${50 + i})]).then(()=>()=>y(${60 + i}))`)
    .join(',');
  const get = `var n={${moduleMap}},g=(e,r)=>(y.R=r,r=y.o(n,e)?n[e]():Promise.resolve().then(()=>{throw Error('Module "'+e+'" does not exist in container.')}),r);`;
  const remoteEntry = `var ${scope};(()=>{var y={};y.consumesLoadingData={},y.consumesLoadingData.moduleIdToConsumeDataMapping={${consumes}};${get}${scope}={get:g}})();`;
  const manifest = {
    id: scope,
    name: scope,
    metaData: {
      name: scope,
      type: 'app',
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      globalName: scope,
      pluginVersion: '2.9.2',
      publicPath: 'auto',
    },
    shared: consumed.map(([key, range]) => ({
      id: `${scope}:${key}`,
      name: key,
      version: '1.0.0',
      singleton: true,
      requiredVersion: manifestRange(key, range),
      assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } },
    })),
    remotes: [],
    exposes: (o.exposes ?? ['./app']).map((p) => ({
      id: `${scope}:${p.slice(2)}`,
      name: p.slice(2),
      path: p,
      assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } },
    })),
  };
  return { 'mf-manifest.json': JSON.stringify(manifest), 'remoteEntry.js': remoteEntry };
}
