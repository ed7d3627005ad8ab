import { buildApp } from '../src/app';
import { createTestClock } from '../src/lib/clock';
import { createTestDatabase, isPostgresRun, testFilesDir } from '../src/testing/test-database';
import { seedDemoData } from '../src/demo/seed';

// On PostgreSQL (DATABASE_URL) the requests below run truly in parallel on a connection pool. PGlite
// serves one query at a time, but the requests still interleave between their queries (every
// check-then-write of a handler can be overtaken), so the same guarantees are asserted on both.
describe(`simultaneous requests (${isPostgresRun() ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('twenty simultaneous registrations of one name give exactly one user', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({
      database,
      clock: createTestClock(),
      config: { filesDir: testFilesDir(), seedDemoData: false, sandboxServices: true, cookieSecure: false, rateLimits: false },
    });
    try {
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          app.inject({
            method: 'POST',
            url: '/users/register',
            payload: { username: 'race@example.ee', password: 'Race12345', type: 'B2C' },
          }),
        ),
      );
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.every((c) => c === 200 || c === 409)).toBe(true);
      for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().code).toMatch(/USER_EXIST|EMAIL_ALREADY_IN_USE/);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('parallel wrong passwords cannot slip past the lock', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({
      database,
      clock: createTestClock(),
      config: { filesDir: testFilesDir(), seedDemoData: false, sandboxServices: true, cookieSecure: false, rateLimits: false },
    });
    try {
      await app.inject({
        method: 'POST',
        url: '/users/register',
        payload: { username: 'brute@example.ee', password: 'Right1234', type: 'B2C' },
      });
      await Promise.all(
        Array.from({ length: 12 }, () =>
          app.inject({ method: 'POST', url: '/login', payload: { username: 'brute@example.ee', password: 'Wrong1234' } }),
        ),
      );
      const res = await app.inject({ method: 'POST', url: '/login', payload: { username: 'brute@example.ee', password: 'Right1234' } });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('LOCKED');
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('two instances seeding at once load the demo data once', async () => {
    const database = await createTestDatabase();
    try {
      const now = new Date();
      const results = await Promise.all([
        seedDemoData(database.db, { filesDir: testFilesDir(), now }),
        seedDemoData(database.db, { filesDir: testFilesDir(), now }),
      ]);
      expect(results.filter((r) => r.seeded)).toHaveLength(1);
    } finally {
      await database.close();
    }
  });
});
