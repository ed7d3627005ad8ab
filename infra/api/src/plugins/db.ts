import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/database';

export interface DbPluginOptions {
  database: Database;
  /** Close the database when the app closes (true when the app opened it). */
  owned: boolean;
}

const dbPlugin: FastifyPluginAsync<DbPluginOptions> = async (app, opts) => {
  await opts.database.migrate();
  app.decorate('database', opts.database);
  app.decorate('db', opts.database.db);
  if (opts.owned) app.addHook('onClose', async () => opts.database.close());
};

export const db = fp(dbPlugin, { name: 'db' });
