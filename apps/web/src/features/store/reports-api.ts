/* eslint-disable @typescript-eslint/no-restricted-imports -- lazy back-office chunk only, see console-api.ts */
import type { z } from 'zod';
import {
  REPORT_PATHS,
  REPORT_RESPONSES,
  type ReportKind,
  type ReportOf,
  type ReportScope,
} from '@crust/contract/reports';
/* eslint-enable @typescript-eslint/no-restricted-imports */
import type { ReportGrouping } from '@crust/domain/report-periods';
import { call, callFile, saveFile } from './console-api.ts';

/**
 * The Reports view's calls (issue 30 §5; docs/back-office.md "Reports"): each report as JSON, checked against the
 * contract, or as the server's CSV, saved as a file.
 */

/** What a report is asked for: IST days, the rows' periods, whose figures, and how its rows are cut. */
export interface ReportAsk {
  from: string;
  to: string;
  group: ReportGrouping;
  scope: ReportScope;
  /** the city of scope `city` */
  cityId?: string | undefined;
  /** the store of scope `store` */
  storeId?: number | undefined;
  by: ReportScope;
}

export function reportQuery(ask: ReportAsk, format: 'json' | 'csv' = 'json'): string {
  const q = new URLSearchParams({
    from: ask.from,
    to: ask.to,
    group: ask.group,
    scope: ask.scope,
    by: ask.by,
  });
  if (ask.scope === 'city' && ask.cityId) q.set('cityId', ask.cityId);
  if (ask.scope === 'store' && ask.storeId !== undefined) q.set('storeId', String(ask.storeId));
  if (format === 'csv') q.set('format', 'csv');
  return q.toString();
}

export async function fetchReport<K extends ReportKind>(
  kind: K,
  ask: ReportAsk,
  signal?: AbortSignal,
): Promise<ReportOf[K]> {
  // the schema of `kind` checks the answer; TypeScript cannot follow a schema picked by a generic key
  const schema = REPORT_RESPONSES[kind] as unknown as z.ZodType<{ data: ReportOf[K] }>;
  return (await call(`${REPORT_PATHS[kind]}?${reportQuery(ask)}`, schema, { signal })).data;
}

/** A sensible name when the server gives none: crust-sales-2026-11-01-to-2026-11-30.csv. */
const fallbackName = (kind: ReportKind, ask: ReportAsk) => `crust-${kind}-${ask.from}-to-${ask.to}.csv`;

/** The report's table as the server's CSV, saved on the device under the name the server gives it. */
export async function downloadReport(kind: ReportKind, ask: ReportAsk): Promise<string> {
  const file = await callFile(`${REPORT_PATHS[kind]}?${reportQuery(ask, 'csv')}`);
  const name = file.fileName ?? fallbackName(kind, ask);
  saveFile(file.blob, name);
  return name;
}
