import { defineConfig } from 'drizzle-kit';

// Only used to generate SQL from src/db/schema.ts; the app applies drizzle/ with its own migrator.
export const config = defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});

export default config;
