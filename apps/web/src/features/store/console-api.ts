/**
 * The store console's calls. Not the shared client: that one sends the customer's SPEC §7 headers and answers a
 * 401 by refreshing the customer's token, while staff calls carry only `Authorization: Bearer` and a 401 means
 * the staff login is over. Answers are checked with the contract's zod schemas (decision 002 allows zod in a
 * lazy route's chunk; /store is one, and the console is new enough that a drifting answer should fail loudly).
 */
/* eslint-disable @typescript-eslint/no-restricted-imports -- lazy /store chunk only, see above */
import { z } from 'zod';
import { ErrorResponseSchema } from '@crust/contract';
import {
  ConsoleOrderResponseSchema,
  ConsoleProductsResponseSchema,
  ConsoleQueueResponseSchema,
  ConsoleStoreResponseSchema,
  type ConsoleStageBodySchema,
  ConsoleStoresResponseSchema,
  StaffLoginBodySchema,
  StaffPasswordBodySchema,
  StaffSessionResponseSchema,
  type ConsoleOrder,
  type ConsoleQueue,
  type ConsoleStore,
  type StaffSession,
} from '@crust/contract/store-console';
import {
  ConsoleRatingsResponseSchema,
  ConsoleTicketResponseSchema,
  ConsoleTicketsResponseSchema,
  type ConsoleRatings,
  type ConsoleTicket,
} from '@crust/contract/feedback';
/* eslint-enable @typescript-eslint/no-restricted-imports */
import type { OrderStage } from '@crust/domain/order-lifecycle';
import { MESSAGES } from '@crust/domain/messages';
import { fillPath } from '@crust/contract/paths';
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
import { fetchWithTimeout, NetworkError } from '../../shared/api/client.ts';
import { endStaffSession, staffSession } from './staff-session.ts';
import { sc } from './texts.ts';

type ConsoleStageBody = z.input<typeof ConsoleStageBodySchema>;
export type ConsoleProduct = z.infer<typeof ConsoleProductsResponseSchema>['data'][number];
export type QueueView = 'active' | 'done';

/**
 * A refused or failed call, with the text to show (the server's displayMsg when it gave one) and its error code,
 * for the refusals a screen answers in place (a wrong delivery code beside its field).
 */
export class ConsoleError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    /** the request field the refusal is about, as the server names it (`body.username`) */
    readonly field?: string,
  ) {
    super(message);
  }
}

// the stock switch's answer is not named by the contract; only its SUCCESS matters, the list is fetched again
const AcknowledgedSchema = z.object({ status: z.literal('SUCCESS') });

interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH';
  body?: unknown;
  signal?: AbortSignal;
  /** the login call: a 401 there is a wrong password, not an ended session */
  anonymous?: boolean;
  /** a token not (yet) kept as the staff session: the one a one-time password gave, to change it */
  token?: string;
}

/** A staff call, its answer checked against `schema` (content-api.ts uses it too). */
export async function call<S extends z.ZodType>(
  path: string,
  schema: S,
  opts: CallOptions = {},
): Promise<z.infer<S>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (!opts.anonymous) {
    const token = opts.token ?? staffSession()?.token;
    if (!token) throw sessionOver();
    headers.authorization = `Bearer ${token}`;
  }
  let res: Response;
  try {
    // the shared client's timeout, without its customer headers
    res = await fetchWithTimeout(path, { ...opts, headers });
  } catch (e) {
    throw e instanceof NetworkError ? new ConsoleError(0, MESSAGES.internetLost) : e;
  }
  return answerOf(res, path, schema, opts.anonymous === true);
}

/**
 * Bytes sent as they are (a product's photo: its type is read from them), with the staff login; answered and
 * refused as `call`'s are.
 */
export async function upload<S extends z.ZodType>(path: string, schema: S, bytes: Blob): Promise<z.infer<S>> {
  const token = staffSession()?.token;
  if (!token) throw sessionOver();
  const controller = new AbortController();
  // a photo of a few megabytes on a shop's connection: longer than a call's timeout
  const timer = setTimeout(() => controller.abort('timeout'), UPLOAD_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        authorization: `Bearer ${token}`,
        'content-type': bytes.type || 'application/octet-stream',
      },
      body: bytes,
      signal: controller.signal,
    });
  } catch {
    throw new ConsoleError(0, MESSAGES.internetLost);
  } finally {
    clearTimeout(timer);
  }
  return answerOf(res, path, schema, false);
}

const UPLOAD_TIMEOUT_MS = 120_000;

async function answerOf<S extends z.ZodType>(
  res: Response,
  path: string,
  schema: S,
  anonymous: boolean,
): Promise<z.infer<S>> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    /* no JSON: the status decides */
  }
  if (res.status === 401 && !anonymous) throw sessionOver();
  if (!res.ok) {
    const failed = ErrorResponseSchema.safeParse(body);
    const first = failed.success ? failed.data.errors[0] : undefined;
    throw new ConsoleError(
      res.status,
      first?.displayMsg ?? MESSAGES.somethingWentWrongRetry,
      first?.code,
      first?.field,
    );
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    console.error(`store console: ${path} answered off-contract`, parsed.error.issues);
    throw new ConsoleError(res.status, MESSAGES.somethingWentWrongRetry);
  }
  return parsed.data;
}

/** A file the server sends (a report's CSV): its bytes and the name its Content-Disposition gives, if any. */
export interface ConsoleFile {
  blob: Blob;
  fileName: string | null;
}

/**
 * A staff download: the same bearer token and refusals as call(), the answer kept as bytes. A plain link
 * cannot carry the token, so a download is fetched and then saved from a Blob (saveFile).
 */
export async function callFile(path: string, signal?: AbortSignal): Promise<ConsoleFile> {
  const token = staffSession()?.token;
  if (!token) throw sessionOver();
  let res: Response;
  try {
    res = await fetchWithTimeout(path, { signal, headers: { authorization: `Bearer ${token}` } });
  } catch (e) {
    throw e instanceof NetworkError ? new ConsoleError(0, MESSAGES.internetLost) : e;
  }
  if (res.status === 401) throw sessionOver();
  if (!res.ok) {
    let body: unknown = null;
    try {
      body = await res.json();
    } catch {
      /* no JSON: the status decides */
    }
    const failed = ErrorResponseSchema.safeParse(body);
    const first = failed.success ? failed.data.errors[0] : undefined;
    throw new ConsoleError(res.status, first?.displayMsg ?? MESSAGES.somethingWentWrongRetry, first?.code);
  }
  return { blob: await res.blob(), fileName: fileNameOf(res.headers.get('content-disposition')) };
}

/** `attachment; filename="crust-sales….csv"` → the name, without any path; null when there is none. */
export function fileNameOf(disposition: string | null): string | null {
  const match = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  const name = match?.[1] ? decodeURIComponent(match[1]).split(/[\\/]/).pop()?.trim() : undefined;
  return name ? name : null;
}

/** Saves bytes as a file on the device (the browser's own download), named `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // the click has handed the bytes to the browser's download; the object URL is no longer needed after it
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function sessionOver(): ConsoleError {
  endStaffSession(true);
  return new ConsoleError(401, MESSAGES.somethingWentWrongRetry);
}

/**
 * What a failed staff call says. Not shared/api's messageOf: staff calls throw ConsoleError, never the customer
 * client's ApiError, and call() has already turned a NetworkError into one.
 */
export function messageOf(error: unknown): string {
  return error instanceof ConsoleError ? error.message : MESSAGES.somethingWentWrongRetry;
}

/** The contract's own words for an empty username or password, before anything is sent. */
export function loginProblem(username: string, password: string): string | null {
  const checked = StaffLoginBodySchema.safeParse({ username, password });
  return checked.success ? null : (checked.error.issues[0]?.message ?? null);
}

export async function staffLogin(username: string, password: string): Promise<StaffSession> {
  return (
    await call(CONSOLE_PATHS.staffLogin, StaffSessionResponseSchema, {
      method: 'POST',
      body: { username: username.trim(), password },
      anonymous: true,
    })
  ).data;
}

/** What is wrong with a new password before it is sent (the contract's words), or null. */
export function newPasswordProblem(current: string, next: string, again: string): string | null {
  const checked = StaffPasswordBodySchema.safeParse({ currentPassword: current, newPassword: next });
  if (!checked.success) return checked.error.issues[0]?.message ?? null;
  return next === again ? null : sc('passwordsDiffer');
}

/** Replaces a one-time password; answers the session to keep. */
export async function changeStaffPassword(
  token: string,
  currentPassword: string,
  newPassword: string,
): Promise<StaffSession> {
  return (
    await call(CONSOLE_PATHS.staffPassword, StaffSessionResponseSchema, {
      method: 'POST',
      body: { currentPassword, newPassword },
      token,
    })
  ).data;
}

export async function fetchStores(signal?: AbortSignal): Promise<ConsoleStore[]> {
  return (await call(CONSOLE_PATHS.consoleStores, ConsoleStoresResponseSchema, { signal })).data;
}

export async function fetchQueue(
  storeId: number,
  view: QueueView,
  signal?: AbortSignal,
): Promise<ConsoleQueue> {
  const path = `${fillPath(CONSOLE_PATHS.consoleQueue, { storeId })}?view=${view}`;
  return (await call(path, ConsoleQueueResponseSchema, { signal })).data;
}

/**
 * Moves an order on: the rider's name goes with a dispatch, the passenger's delivery code with a train order's
 * hand-over (ConsoleStageBodySchema).
 */
export async function moveOrder(
  orderId: string,
  to: OrderStage,
  extra: { riderName?: string; deliveryCode?: string } = {},
): Promise<ConsoleOrder> {
  const body: ConsoleStageBody = { to, ...extra };
  return (
    await call(fillPath(CONSOLE_PATHS.consoleStage, { orderId }), ConsoleOrderResponseSchema, {
      method: 'POST',
      body,
    })
  ).data;
}

export async function cancelOrder(orderId: string, reason: string): Promise<ConsoleOrder> {
  return (
    await call(fillPath(CONSOLE_PATHS.consoleCancel, { orderId }), ConsoleOrderResponseSchema, {
      method: 'POST',
      body: { reason: reason.trim() },
    })
  ).data;
}

export async function setStoreOnline(storeId: number, online: boolean): Promise<ConsoleStore> {
  return (
    await call(fillPath(CONSOLE_PATHS.consoleOnline, { storeId }), ConsoleStoreResponseSchema, {
      method: 'POST',
      body: { online },
    })
  ).data;
}

export async function fetchProducts(storeId: number, signal?: AbortSignal): Promise<ConsoleProduct[]> {
  return (
    await call(fillPath(CONSOLE_PATHS.consoleProducts, { storeId }), ConsoleProductsResponseSchema, {
      signal,
    })
  ).data;
}

export async function setProductStock(storeId: number, productCode: string, inStock: boolean): Promise<void> {
  await call(fillPath(CONSOLE_PATHS.consoleProduct, { storeId, productCode }), AcknowledgedSchema, {
    method: 'POST',
    body: { inStock },
  });
}

/** The Ratings tab (issue 17 §1): a period's numbers and newest ratings, `from` and `to` IST days, both included. */
export async function fetchRatings(
  storeId: number,
  from: string,
  to: string,
  signal?: AbortSignal,
): Promise<ConsoleRatings> {
  const path = `${fillPath(CONSOLE_PATHS.consoleRatings, { storeId })}?from=${from}&to=${to}`;
  return (await call(path, ConsoleRatingsResponseSchema, { signal })).data;
}

/** The store's rating tickets, the open ones first. */
export async function fetchTickets(storeId: number, signal?: AbortSignal): Promise<ConsoleTicket[]> {
  return (
    await call(fillPath(CONSOLE_PATHS.consoleTickets, { storeId }), ConsoleTicketsResponseSchema, { signal })
  ).data.tickets;
}

/** Closes a ticket with the staff member's reply (once: a closed one is a 409 with its text). */
export async function closeTicket(feedbackId: string, reply: string): Promise<ConsoleTicket> {
  return (
    await call(fillPath(CONSOLE_PATHS.consoleTicketClose, { feedbackId }), ConsoleTicketResponseSchema, {
      method: 'POST',
      body: { reply: reply.trim() },
    })
  ).data;
}
