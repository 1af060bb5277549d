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
  /** With the click journal on (IPICK_JOURNAL_DIR): what it holds that the ledger lacks. */
  clickJournal: z
    .object({
      /** Journal bytes not yet shipped to the clicks ledger. */
      backlogBytes: z.number().int().nonnegative(),
      /** How long the oldest click not yet in the ledger has waited. */
      oldestSeconds: z.number().nonnegative(),
      /** Clicks redirected but not kept, because the journal had reached its bound. */
      refused: z.number().int().nonnegative(),
      /** Why the last shipment failed, while shipping fails (the database is away). */
      lastError: z.string().nullable(),
    })
    .optional(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
