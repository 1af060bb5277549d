import type { NewClick } from '../referral/referral-repository.ts';
import { encodeClick } from './click-codec.ts';
import { ClickJournal, type ClickJournalOptions } from './click-journal.ts';
import { ClickShipper, readProgress, type ClickShipperOptions } from './click-shipper.ts';

export interface ClickJournalModule {
  journal: ClickJournal;
  shipper: ClickShipper;
  /** Resolves once the click is durable in the journal (what the redirect waits for). */
  record(click: NewClick): Promise<void>;
  /** Stops shipping (after one last try) and closes the journal. */
  close(): Promise<void>;
}

/**
 * Opens the click journal in `options.dir` and the shipper that empties it into the ledger.
 * The shipper's first round runs before this resolves, so that a restarted server has
 * replayed what its last run left before it reports healthy; a database that is away leaves
 * the clicks in the journal for the background rounds.
 */
export async function openClickJournal(
  options: Omit<ClickJournalOptions, 'minSequence'> &
    Omit<ClickShipperOptions, 'journal'> & { startShipping?: boolean },
): Promise<ClickJournalModule> {
  const position = await readProgress(options.dir).catch(() => ({ sequence: 0, offset: 0 }));
  const journal = await ClickJournal.open({ ...options, minSequence: position.sequence + 1 });
  const shipper = new ClickShipper({ ...options, journal }, position);
  if (options.startShipping !== false) {
    await shipper.shipAvailable().catch((error: unknown) => options.onError?.(error));
    shipper.start();
  }
  return {
    journal,
    shipper,
    record: (click) => journal.append(encodeClick(click)),
    async close() {
      await shipper.stop();
      await journal.close();
    },
  };
}
