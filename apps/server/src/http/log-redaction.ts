/**
 * What the logs may say about people (docs/security.md "Personal data"): a mobile number and a PNR appear as
 * their last 4 digits; a URL's capability parameters are left out; a failed query's parameters (numbers, names, addresses) and the database's row details are left out.
 * Used as pino serializers for every `err` and every request line.
 */
const MOBILE = /(?<!\d)(?:\+?91[\s-]?)?([6-9]\d{5})(\d{4})(?!\d)/g;

export function maskMobiles(text: string): string {
  return text.replace(MOBILE, (_m, _head: string, last4: string) => `******${last4}`);
}

/**
 * A PNR (10 digits) opens the passenger's booking: named as one — `?pnr=`, a `/pnr/` path segment, a JSON
 * `"pnr": "…"` or `pnr: …` in a message — it appears as its last 4 digits, like a mobile number. A PNR starting
 * 6–9 is already masked as a mobile; this catches the others, and only where the text says it is a PNR.
 */
const PNR = /(\bpnr\b[^0-9a-z]{0,6})(\d{6})(\d{4})(?!\d)/gi;

export function maskPnrs(text: string): string {
  return text.replace(PNR, (_m, label: string, _head: string, last4: string) => `${label}******${last4}`);
}

/** What a log line may keep of a free text: no full mobile number, no full PNR. */
const masked = (text: string) => maskMobiles(maskPnrs(text));

/**
 * Query parameters that are capabilities (a tracker's watch key, a token): whoever reads the access log must
 * not be able to follow the order with them. A password and an SMS's text (`msg`, with its code) are left out
 * too: Gupshup's API takes them in a GET query, and the Gupshup sandbox plays it (issue 14 §2).
 */
const CAPABILITY_PARAM = /([?&](?:key|token|access_token|id_token|code|otp|password|msg)=)[^&#]*/gi;

export function maskUrl(url: string): string {
  return masked(url.replace(CAPABILITY_PARAM, '$1(left out)'));
}

/** Drizzle's "Failed query: …\nparams: …": the query text stays, its parameters go. */
function withoutParams(text: string): string {
  return text.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, '\nparams: (left out of the log)');
}

const KEPT_FIELDS = ['code', 'statusCode', 'constraint', 'table', 'column', 'schema', 'severity', 'routine'];

export function serializeError(
  err: unknown,
  depth = 0,
): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!(err instanceof Error)) return { type: typeof err, message: masked(String(err)), stack: '' };
  const out: { type: string; message: string; stack: string; [key: string]: unknown } = {
    type: err.name,
    message: masked(withoutParams(err.message)),
    stack: masked(withoutParams(err.stack ?? '')),
  };
  const fields = err as unknown as Record<string, unknown>;
  for (const key of KEPT_FIELDS)
    if (typeof fields[key] === 'string' || typeof fields[key] === 'number') out[key] = fields[key];
  if (typeof fields.query === 'string') out.query = fields.query;
  if (Array.isArray(fields.params)) out.params = `(${fields.params.length} left out of the log)`;
  if (err.cause !== undefined && depth < 3) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

export function serializeRequest(req: LoggedRequest): {
  method: string;
  url: string;
  host?: string;
  remoteAddress?: string;
  remotePort?: number;
} {
  return {
    method: req.method,
    url: maskUrl(req.url),
    ...(req.host === undefined ? {} : { host: req.host }),
    ...(req.ip === undefined ? {} : { remoteAddress: req.ip }),
    ...(req.socket?.remotePort === undefined ? {} : { remotePort: req.socket.remotePort }),
  };
}
