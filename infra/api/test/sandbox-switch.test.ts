import { buildApp } from '../src/app';
import { createSandboxProviders } from '../src/services/identity/sandbox-provider';
import { SandboxGoogleVerifier } from '../src/services/google';
import { SandboxBusinessRegister } from '../src/services/business-register';
import { createTestDatabase, testFilesDir } from '../src/testing/test-database';
import { createTestClock } from '../src/lib/clock';

// Production runs with SANDBOX_SERVICES=false: no stand-in may slip in silently and the
// readable mail outbox (which holds password-reset links) must not be served.
describe('SANDBOX_SERVICES=false', () => {
  it('refuses to start without real identity, Google and company-register services', async () => {
    const database = await createTestDatabase();
    try {
      await expect(
        buildApp({ database, config: { sandboxServices: false, seedDemoData: false, filesDir: testFilesDir() } }),
      ).rejects.toThrow(/identityProviders, googleVerifier, businessRegister/);
    } finally {
      await database.close();
    }
  });

  it('does not serve the mail outbox once the services are plugged in', async () => {
    const database = await createTestDatabase();
    const clock = createTestClock();
    const app = await buildApp({
      database,
      clock,
      // Stand-ins here only because this test has no real services; the switch is what is tested.
      identityProviders: createSandboxProviders({ clock, delayMs: 0 }),
      googleVerifier: new SandboxGoogleVerifier(clock),
      businessRegister: new SandboxBusinessRegister(),
      config: {
        sandboxServices: false,
        seedDemoData: false,
        filesDir: testFilesDir(),
        paymentProvider: { accessKey: 'merchant', secret: 'merchant-secret' },
      },
    });
    try {
      expect((await app.inject({ method: 'GET', url: '/sandbox/outbox.json' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/sandbox/outbox' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'POST', url: '/sandbox/bank-link/orders', payload: { data: 'x' } })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/category' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

// The browser journeys move the API's clock to see a rental end; nothing else may.
describe('TEST_CLOCK', () => {
  it('serves no clock control unless the switch is on (sandbox services alone do not)', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({
      database,
      config: { seedDemoData: false, sandboxServices: true, cookieSecure: false, filesDir: testFilesDir() },
    });
    try {
      expect((await app.inject({ method: 'POST', url: '/sandbox/clock', payload: { advanceMs: 1000 } })).statusCode).toBe(404);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('moves the time every clock reader sees, within a year either way', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({
      database,
      config: { seedDemoData: false, sandboxServices: true, cookieSecure: false, testClock: true, filesDir: testFilesDir() },
    });
    try {
      const before = Date.now();
      const moved = await app.inject({ method: 'POST', url: '/sandbox/clock', payload: { advanceMs: 3 * 86_400_000 } });
      expect(moved.statusCode).toBe(200);
      expect(app.clock.now().getTime() - before).toBeGreaterThanOrEqual(3 * 86_400_000);
      expect((await app.inject({ method: 'POST', url: '/sandbox/clock', payload: { advanceMs: 400 * 86_400_000 } })).statusCode).toBe(400);
      await app.inject({ method: 'POST', url: '/sandbox/clock', payload: { advanceMs: -3 * 86_400_000 } });
      expect(Math.abs(app.clock.now().getTime() - Date.now())).toBeLessThan(5_000);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
