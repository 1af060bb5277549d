import { z } from 'zod';

/** `?query=` of a searchable list: its text, trimmed; empty lists everything. */
export const searchTextSchema = z
  .string()
  .trim()
  .max(200, 'must be at most 200 characters')
  .optional()
  .default('');

/** `?page=` of a paged list: from 1, 1 when absent. */
export const pageNumberSchema = z.coerce
  .number({ message: 'must be a page number' })
  .int('must be a whole page number')
  .min(1, 'starts at 1')
  .max(10_000, 'must be at most 10000')
  .default(1);
