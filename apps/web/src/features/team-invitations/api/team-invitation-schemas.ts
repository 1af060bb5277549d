import { z } from 'zod';

/** The answers the invitation page reads; loaded with the first call, not with the page. */

export const detailsSchema = z.object({ team_id: z.string(), team_display_name: z.string() });

export const teamSchema = z.object({
  id: z.string(),
  display_name: z.string(),
  client_read_only_metadata: z.unknown().optional(),
});

export const acceptedSchema = z.object({}).loose();
