import { z } from 'zod';

/** A mail the sandbox outbox holds (`GET /sandbox/outbox.json`); e2e journeys read links from it. */
export const StoredMail = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  createdTs: z.string(),
});
export const StoredMailList = z.array(StoredMail);
