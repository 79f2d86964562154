import { hashesEqual, responseHash } from './hashes.ts';

/**
 * What PayU posts back, to the browser's surl/furl and to the merchant's webhook URL alike: a form with the
 * request's fields, the outcome (`status`, `mihpayid`, `mode`, …) and `hash`, the reverse hash (hashes.ts).
 * Sources: https://docs.payu.in/docs/hashing-request-and-response ("Reverse hashing"), the form-encoded payment
 * webhooks of https://docs.payu.in/docs/webhook-events-and-sample-payloads.
 */
export interface SignedResponse {
  txnid: string;
  mihpayid: string;
  status: string;
}

/**
 * The response's txnid, PayU id and status when its hash holds for this merchant's key and salt; else null. The
 * configured key is hashed, not the form's, so a form made with another merchant's key never passes.
 */
export function signedResponse(key: string, salt: string, f: Record<string, string>): SignedResponse | null {
  const { txnid, mihpayid, status, hash } = f;
  if (!txnid || !mihpayid || !status || !hash) return null;
  if (f.key !== undefined && f.key !== key) return null;
  const expected = responseHash(key, salt, {
    txnid,
    status,
    amount: f.amount ?? '',
    productinfo: f.productinfo ?? '',
    firstname: f.firstname ?? '',
    email: f.email ?? '',
    udf1: f.udf1 ?? '',
    udf2: f.udf2 ?? '',
    udf3: f.udf3 ?? '',
    udf4: f.udf4 ?? '',
    udf5: f.udf5 ?? '',
    ...(f.additionalCharges !== undefined ? { additionalCharges: f.additionalCharges } : {}),
  });
  return hashesEqual(hash, expected) ? { txnid, mihpayid, status } : null;
}

/** A form body (a webhook's raw bytes) as its fields; a repeated field keeps its first value. */
export function formFieldsOf(raw: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(raw)) if (!(k in out)) out[k] = v;
  return out;
}
