import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { queryRows } from '../src/db/database';
import { seedDemoData } from '../src/demo/seed';
import { createTestDatabase, testFilesDir } from '../src/testing/test-database';

const count = async (app: Awaited<ReturnType<typeof buildApp>>, table: string) => {
  const [row] = await queryRows<{ n: number }>(app.db, sql.raw(`select count(*)::int as n from ${table}`));
  return row.n;
};

describe('PGlite on disk', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rendime-restart-'));
  });
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps data across a restart and loads the demo data only once', async () => {
    const config = {
      dataDir: dir,
      filesDir: testFilesDir(),
      databaseUrl: undefined,
      seedDemoData: true,
      sandboxServices: true,
      cookieSecure: false,
    };
    const first = await buildApp({ config });
    expect(first.database.kind).toBe('pglite');
    const products = await count(first, 'products');
    const users = await count(first, 'users');
    expect(products).toBeGreaterThanOrEqual(300);
    const reg = await first.inject({
      method: 'POST',
      url: '/users/register',
      payload: { username: 'stays@example.ee', password: 'Stays1234', type: 'B2C' },
    });
    expect(reg.statusCode).toBe(200);
    await first.close();
    expect(fs.existsSync(path.join(dir, 'pglite'))).toBe(true);

    const second = await buildApp({ config });
    try {
      expect(await count(second, 'products')).toBe(products);
      expect(await count(second, 'users')).toBe(users + 1);
      const login = await second.inject({
        method: 'POST',
        url: '/login',
        payload: { username: 'stays@example.ee', password: 'Stays1234' },
      });
      expect(login.statusCode).toBe(200);
    } finally {
      await second.close();
    }
  }, 90_000);
});

describe('demo seed', () => {
  it('is idempotent on the test database (PGlite or PostgreSQL)', async () => {
    const database = await createTestDatabase();
    try {
      const now = new Date('2025-06-01T00:00:00Z');
      const first = await seedDemoData(database.db, { filesDir: testFilesDir(), now });
      expect(first).toEqual({ seeded: true, products: expect.any(Number) });
      expect(first.products).toBeGreaterThanOrEqual(300);
      const second = await seedDemoData(database.db, { filesDir: testFilesDir(), now });
      expect(second.seeded).toBe(false);
      const [res] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from products`);
      expect(res.n).toBe(first.products);
      // New products continue after the fixed ids.
      const [next] = await queryRows<{ n: number }>(database.db, sql`select nextval(pg_get_serial_sequence('products', 'id'))::int as n`);
      expect(next.n).toBeGreaterThan(first.products);
    } finally {
      await database.close();
    }
  });
});
