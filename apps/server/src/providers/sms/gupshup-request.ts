/**
 * Gupshup's Enterprise SMS API as Crust speaks it: the request for one text and how its answer reads. Pure, so the
 * adapter (./gupshup.ts) and its tests share it.
 *
 * Followed: Gupshup's documentation at docs.gupshup.io — "Send Messages to Single Number" (the GatewayAPI/rest
 * endpoint, `method=SendMessage`, `send_to`, `msg`, `msg_type=TEXT`, `userid`, `password`, `auth_scheme=plain`,
 * `v=1.1`, `format=text`, the optional `mask` sender id), "Getting Started" (DLT: `principalEntityId` and
 * `dltTemplateId` with every text), "API Reference" (GET or POST, `application/x-www-form-urlencoded`) and
 * "Error Codes" (100 UNKNOWN ERROR, 101 PARAMETER MISSING, 102 AUTH FAILED, 105 INVALID PH, 108 INVALID MASK, …).
 * The text answer is one line per number, `success | 919812345678 | 3077758488311337848-123456789` or
 * `error | 105 | <description>`, fields separated by `|` (as Gupshup's published client integrations read it).
 */
import type { GupshupAccount } from '../../config/sms.ts';
import { renderSms, type SmsMessage } from './templates.ts';

/** India's country code before the 10-digit number: Gupshup's `send_to` is 91XXXXXXXXXX. */
export const sendToOf = (mobile: string) => `91${mobile}`;

/**
 * The form body of one text. Sent as a POST body rather than a query string, so the password and the text (with
 * its code) never stand in a URL that proxies and access logs keep.
 */
export function sendForm(account: GupshupAccount, mobile: string, message: SmsMessage): URLSearchParams {
  return new URLSearchParams({
    method: 'SendMessage',
    send_to: sendToOf(mobile),
    msg: renderSms(message),
    msg_type: 'TEXT',
    userid: account.userId,
    password: account.password,
    auth_scheme: 'plain',
    v: '1.1',
    format: 'text',
    mask: account.senderId,
    principalEntityId: account.principalEntityId,
    dltTemplateId: account.templateIds[message.kind],
  });
}

export type SendAnswer =
  { ok: true; phone: string; messageId: string } | { ok: false; code: string; description: string };

/** Gupshup's text answer, or null when it is neither a success nor an error line. */
export function readAnswer(body: string): SendAnswer | null {
  const line = body.trim().split(/\r?\n/)[0] ?? '';
  // the third field is the rest of the line: a description may hold a | of its own
  const match = /^([^|]*)\|([^|]*)(?:\|(.*))?$/.exec(line);
  if (!match) return null;
  const [status, second, third] = [match[1]!, match[2]!, match[3] ?? ''].map((field) => field.trim()) as [
    string,
    string,
    string,
  ];
  if (status.toLowerCase() === 'success' && /^\d+$/.test(second) && third !== '')
    return { ok: true, phone: second, messageId: third };
  if (status.toLowerCase() === 'error' && second !== '')
    return { ok: false, code: second, description: third };
  return null;
}

/** The lines Gupshup answers, written the same way (the sandbox answers with them). */
export const successLine = (phone: string, messageId: string) => `success | ${phone} | ${messageId}`;
export const errorLine = (code: string, description: string) => `error | ${code} | ${description}`;
