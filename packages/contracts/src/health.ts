import { z } from 'zod';

export const databaseKindSchema = z.enum(['pglite', 'postgres']);
export type DatabaseKind = z.infer<typeof databaseKindSchema>;

/** `GET /api/health`: whether the server and its database can serve requests. */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.object({
    kind: databaseKindSchema,
    /** Highest applied migration number; 0 before any migration ran. */
    migrationVersion: z.number().int().nonnegative(),
  }),
  uptimeSeconds: z.number().nonnegative(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
