import { describe, expect, it } from 'vitest';
import { ClickLedger } from './click-ledger.ts';

/** An insert the test finishes by hand, to see what waits for what. */
function manualInserts() {
  const calls: { rows: number[]; finish: (error?: Error) => void }[] = [];
  const insert = (rows: number[]) =>
    new Promise<void>((resolve, reject) => {
      calls.push({ rows, finish: (error) => (error ? reject(error) : resolve()) });
    });
  return { calls, insert };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

function settled(promise: Promise<unknown>) {
  const state = { done: false, error: null as unknown };
  promise.then(
    () => (state.done = true),
    (error: unknown) => {
      state.done = true;
      state.error = error;
    },
  );
  return state;
}

describe('ClickLedger', () => {
  it('writes rows recorded together in one insert and resolves only after it commits', async () => {
    const { calls, insert } = manualInserts();
    const ledger = new ClickLedger(insert);
    const records = [1, 2, 3].map((row) => settled(ledger.record(row)));
    await nextTurn();
    expect(calls.map((call) => call.rows)).toEqual([[1, 2, 3]]);
    await nextTurn();
    expect(records.some((record) => record.done)).toBe(false);
    calls[0]!.finish();
    await nextTurn();
    expect(records.every((record) => record.done && record.error === null)).toBe(true);
    expect(ledger.stats).toEqual({ rows: 3, inserts: 1, failedInserts: 0 });
  });

  it('gathers the next batch while the insert is in flight (one at a time by default)', async () => {
    const { calls, insert } = manualInserts();
    const ledger = new ClickLedger(insert);
    const first = ledger.record(1);
    await nextTurn();
    const later = [2, 3, 4].map((row) => ledger.record(row));
    await nextTurn();
    expect(calls).toHaveLength(1); // 2..4 wait for the insert in flight
    calls[0]!.finish();
    await first;
    await nextTurn();
    expect(calls.map((call) => call.rows)).toEqual([[1], [2, 3, 4]]);
    calls[1]!.finish();
    await Promise.all(later);
    expect(ledger.stats).toEqual({ rows: 4, inserts: 2, failedInserts: 0 });
  });

  it('with two slots, writes the next batch while the previous one is in flight', async () => {
    const { calls, insert } = manualInserts();
    const ledger = new ClickLedger(insert, { maxConcurrentInserts: 2 });
    const first = [1, 2].map((row) => ledger.record(row));
    await nextTurn();
    const second = [3, 4].map((row) => ledger.record(row));
    await nextTurn();
    const third = [5, 6].map((row) => ledger.record(row));
    await nextTurn();
    expect(calls.map((call) => call.rows)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    calls[1]!.finish();
    await Promise.all(second);
    await nextTurn();
    expect(calls.map((call) => call.rows)).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
    calls[0]!.finish();
    calls[2]!.finish();
    await Promise.all([...first, ...third]);
    expect(ledger.stats).toEqual({ rows: 6, inserts: 3, failedInserts: 0 });
  });

  it('writes a full batch at once when an insert slot is free', async () => {
    const { calls, insert } = manualInserts();
    const ledger = new ClickLedger(insert, { maxBatchSize: 2, maxConcurrentInserts: 2 });
    const records = [1, 2, 3, 4, 5].map((row) => ledger.record(row));
    expect(calls.map((call) => call.rows)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    for (const call of calls) call.finish();
    await nextTurn();
    expect(calls.map((call) => call.rows)).toEqual([[1, 2], [3, 4], [5]]);
    calls[2]!.finish();
    await Promise.all(records);
  });

  it('fails every caller of a failed insert, and goes on with the next batch', async () => {
    const { calls, insert } = manualInserts();
    const ledger = new ClickLedger(insert);
    const failing = [1, 2].map((row) => ledger.record(row));
    await nextTurn();
    const next = ledger.record(3);
    calls[0]!.finish(new Error('disk full'));
    for (const record of failing) await expect(record).rejects.toThrow('disk full');
    await nextTurn();
    calls[1]!.finish();
    await expect(next).resolves.toBeUndefined();
    expect(ledger.stats).toEqual({ rows: 1, inserts: 1, failedInserts: 1 });
  });

  it('writes what is waiting on close, then refuses new rows', async () => {
    const written: number[][] = [];
    const ledger = new ClickLedger(async (rows: number[]) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      written.push(rows);
    });
    const records = [1, 2, 3].map((row) => ledger.record(row));
    await ledger.close();
    expect(written.flat()).toEqual([1, 2, 3]);
    await Promise.all(records);
    await expect(ledger.record(4)).rejects.toThrow('closed');
    await ledger.close(); // closing twice is harmless
  });
});
