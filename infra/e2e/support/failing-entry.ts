/**
 * A remoteEntry.js whose `./app` loads but whose mount rejects: a build that passes every file
 * check and fails only in browsers (the containment and canary journeys' broken version).
 */
export function mountFailingEntry(globalName: string, version: string): string {
  return `window[${JSON.stringify(globalName)}] = {
  init: function () { return Promise.resolve(); },
  get: function (request) {
    if (request !== './app') return Promise.reject(new Error('no ' + request));
    return Promise.resolve(function () {
      return {
        bootstrap: function () { return Promise.resolve(); },
        mount: function () { return Promise.reject(new Error(${JSON.stringify(`${version}: mount failed on purpose`)})); },
        unmount: function () { return Promise.resolve(); },
      };
    });
  },
};\n`;
}
