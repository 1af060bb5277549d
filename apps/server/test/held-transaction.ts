import type { Kysely, Transaction } from 'kysely';

/** A transaction kept open by a test, so that it can check what other callers do meanwhile. */
export interface HeldTransaction {
  /** Lets the transaction end by rolling back; resolves with the error that rolled it back. */
  rollBack(): Promise<string>;
}

/**
 * Begins a transaction, runs `work` in it and holds it open (resolving once `work` is done)
 * until `rollBack` is called.
 */
export async function holdTransaction<Schema>(
  db: Kysely<Schema>,
  work: (trx: Transaction<Schema>) => Promise<unknown>,
): Promise<HeldTransaction> {
  let release!: () => void;
  const mayEnd = new Promise<void>((resolve) => (release = resolve));
  let markStarted!: () => void;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const ended = db
    .transaction()
    .execute(async (trx) => {
      await work(trx);
      markStarted();
      await mayEnd;
      throw new Error('roll back');
    })
    .catch((error: Error) => error.message);
  await Promise.race([started, ended]); // `work` failing ends it at once
  return {
    rollBack() {
      release();
      return ended;
    },
  };
}
