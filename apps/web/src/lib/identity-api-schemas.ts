import { z } from 'zod';

/** What `identity-api.ts` reads; loaded with the first call, not with the page. */

export const identityAccessSchema = z.object({
  projectId: z.string(),
  publishableClientKey: z.string(),
  accessToken: z.string().nullable(),
});

export const knownErrorSchema = z.object({ code: z.string(), error: z.string() });
