/**
 * What the click journal's write path costs the server per click, in CPU time (not wall time,
 * so the figure holds on a busy machine): 200 clicks in flight at a time, as 200 connections
 * would keep them, each appended and waited for until its fdatasync. Prints the CPU per click
 * of the whole process (main thread and the threads that write and sync), of encoding alone,
 * and how many clicks shared each fdatasync.
 *
 *   node --import tsx bench/click-journal.ts [--clicks 100000] [--in-flight 200]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { encodeClick } from '../apps/server/src/modules/click-journal/click-codec.ts';
import { ClickJournal } from '../apps/server/src/modules/click-journal/click-journal.ts';
import { encodeRecord } from '../apps/server/src/modules/click-journal/record-format.ts';
import { clickId } from '../apps/server/src/modules/referral/click-id.ts';
import type { NewClick } from '../apps/server/src/modules/referral/referral-repository.ts';

const { values } = parseArgs({
  options: {
    clicks: { type: 'string', default: '100000' },
    'in-flight': { type: 'string', default: '200' },
  },
});
const total = Number(values.clicks);
const inFlight = Number(values['in-flight']);

/** A click as the redirect records one for a named retailer's link. */
function click(): NewClick {
  const now = new Date();
  return {
    id: clickId(now.getTime()),
    occurred_at: now,
    target_url:
      'https://www.amazon.com/dp/B08P2HBBLX?tag=ipick-20&ref=ipick&utm_source=ipick&session_id=s-123456',
    target_host: 'amazon.com',
    retailer_id: '0b7f3f0e-2a43-4d0c-9a43-3c1f1e0e6a11',
    session_id: 's-123456',
    utm_source: 'ipick',
    device_type: 'desktop',
    browser: 'Chrome',
    os: 'Windows',
    is_bot: false,
    bot_reason: null,
    ip_truncated: '203.0.113.0',
    identity_hash: 'f'.repeat(64),
    referral_id: `aff_amazon_${now.getTime()}_k3j2h1`,
  };
}

const cpuMicros = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return used.user + used.system;
};

// Encoding alone: what each click costs before any I/O.
const clicks = Array.from({ length: 1000 }, click);
for (let i = 0; i < 20_000; i++) encodeRecord(encodeClick(clicks[i % 1000]!)); // warm up
let started = process.cpuUsage();
for (let i = 0; i < total; i++) encodeRecord(encodeClick(clicks[i % 1000]!));
const encodeCpu = cpuMicros(started) / total;

const dir = mkdtempSync(join(tmpdir(), 'ipick-bench-journal-'));
try {
  const journal = await ClickJournal.open({ dir, maxSegmentBytes: 64 * 1024 * 1024 });
  let next = 0;
  const worker = async () => {
    while (next < total) {
      next += 1;
      await journal.append(encodeClick(clicks[next % 1000]!));
    }
  };
  const wallStart = performance.now();
  started = process.cpuUsage();
  await Promise.all(Array.from({ length: inFlight }, worker));
  const appendCpu = cpuMicros(started) / total;
  const seconds = (performance.now() - wallStart) / 1000;
  const { appended, syncs } = journal.stats;
  await journal.close();
  console.log(
    `${appended.toLocaleString('en')} clicks, ${inFlight} in flight: ` +
      `${appendCpu.toFixed(1)} µs CPU per click appended and synced ` +
      `(encoding ${encodeCpu.toFixed(1)} µs of it), ` +
      `${(appended / syncs).toFixed(0)} clicks per fdatasync, ` +
      `${Math.round(appended / seconds).toLocaleString('en')} clicks/s`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
