import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ShiftableClock } from '../../lib/clock';
import { responses } from '../../schemas/responses';

const ClockAnswer = z.object({ now: z.string(), offsetMs: z.number() });
/** At most a year either way: enough for any rental, and a typo cannot throw the clock into another century. */
const ClockShift = z.object({
  advanceMs: z
    .number()
    .int()
    .min(-366 * 86_400_000)
    .max(366 * 86_400_000),
});

/**
 * The test platform's clock control. Registered only when the journeys start the API with a
 * shiftable clock (TEST_CLOCK=true), never by a production start or the plain dev runner.
 */
export function sandboxClockRoutes(clock: ShiftableClock): FastifyPluginAsyncZod {
  return async (app) => {
    const answer = () => ({ now: clock.now().toISOString(), offsetMs: clock.offsetMs() });
    app.get('/sandbox/clock', { schema: { response: responses({ 200: ClockAnswer }) } }, async () => answer());
    app.post('/sandbox/clock', { schema: { body: ClockShift, response: responses({ 200: ClockAnswer }) } }, async (request) => {
      clock.shift(request.body.advanceMs);
      return answer();
    });
  };
}
