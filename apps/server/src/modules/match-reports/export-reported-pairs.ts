import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { currencyExponent } from '@ipick/core';
// Node-only (it reads files), so not part of the package's main entry the web app uses.
import { formatReportedPair, type ReportedSide } from '@ipick/core/matching/reported-pairs';
import type { MatchReportRow, MatchReportsRepository } from './match-reports-repository.ts';

/**
 * Writes every confirmed report to `file` as a labelled non-match (`npm run
 * match-reports:export`), for `npm run train:matcher`. A pair reported several times is written
 * once. The file is replaced whole, through a temporary file, so training never reads half of
 * one. Returns how many pairs were written.
 */
export async function exportReportedPairs(
  repository: MatchReportsRepository,
  file: string,
): Promise<number> {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const report of await repository.listConfirmed()) {
    const key = JSON.stringify([
      report.left_offer_id ?? report.left_url,
      report.right_offer_id ?? report.right_url,
    ]);
    if (seen.has(key)) continue;
    seen.add(key);
    lines.push(formatReportedPair({ left: leftSide(report), right: rightSide(report), label: 0 }));
  }
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  writeFileSync(partial, lines.map((line) => `${line}\n`).join(''));
  renameSync(partial, file);
  return lines.length;
}

function leftSide(report: MatchReportRow): ReportedSide {
  return side(report.left_title, report.left_brand, report.left_price_minor, report.left_currency);
}

function rightSide(report: MatchReportRow): ReportedSide {
  return side(
    report.right_title,
    report.right_brand,
    report.right_price_minor,
    report.right_currency,
  );
}

/** A listing as the matcher's training data has it: the price in major units. */
function side(
  title: string,
  brand: string | null,
  priceMinor: number | null,
  currency: string | null,
): ReportedSide {
  return {
    title,
    brand,
    price: priceMinor !== null && currency ? priceMinor / 10 ** currencyExponent(currency) : null,
    currency,
  };
}
