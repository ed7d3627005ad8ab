/**
 * Marks a plugin as not encapsulated, so its decorators and hooks reach the whole app.
 * This is all fastify-plugin does for us; one symbol is cheaper than a dependency.
 */
export function sharedPlugin<T extends object>(plugin: T, name: string): T {
  Object.defineProperty(plugin, Symbol.for('skip-override'), { value: true });
  Object.defineProperty(plugin, Symbol.for('fastify.display-name'), { value: name });
  return plugin;
}
