import { z } from 'zod';

/** The one page an authorization may return to: the web app's /socialSignin. */
export const REDIRECT_PATH = '/socialSignin';

const AuthorizationRequestSchema = z.object({
  response_type: z.literal('code', 'response_type must be code'),
  client_id: z.string('client_id is missing'),
  redirect_uri: z.string('redirect_uri is missing').max(2048),
  state: z.string('state is missing').min(1, 'state is missing').max(512),
  nonce: z.string('nonce is missing').min(16, 'nonce is too short').max(128),
  // BASE64URL(SHA-256(verifier)) is always 43 characters
  code_challenge: z.string('code_challenge is missing').regex(/^[\w-]{43}$/, 'code_challenge is not S256'),
  code_challenge_method: z.literal('S256', 'code_challenge_method must be S256'),
  scope: z
    .string('scope is missing')
    .max(200)
    .refine((s) => s.split(' ').includes('openid'), 'scope must include openid'),
});
export type AuthorizationRequest = z.infer<typeof AuthorizationRequestSchema>;

/**
 * http(s), path exactly /socialSignin, nothing else in it, on the host the request came to or on this
 * machine (a dev server on another port): a code is never sent anywhere else.
 */
export function allowedRedirect(uri: string, requestHost: string): boolean {
  if (!URL.canParse(uri)) return false;
  const u = new URL(uri);
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return false;
  if (u.username || u.password || u.search || u.hash || uri.includes('#')) return false;
  if (u.pathname !== REDIRECT_PATH) return false;
  return u.host === requestHost || u.hostname === 'localhost' || u.hostname === '127.0.0.1';
}

/** The request's parameters, or what is wrong with them in words for the error page. */
export function authorizationRequestOf(
  params: unknown,
  clientId: string,
  requestHost: string,
): { ok: true; request: AuthorizationRequest } | { ok: false; problem: string } {
  const parsed = AuthorizationRequestSchema.safeParse(params ?? {});
  if (!parsed.success) return { ok: false, problem: parsed.error.issues[0]?.message ?? 'bad request' };
  const request = parsed.data;
  if (request.client_id !== clientId) return { ok: false, problem: 'unknown client_id' };
  if (!allowedRedirect(request.redirect_uri, requestHost))
    return { ok: false, problem: 'redirect_uri is not registered for this client' };
  return { ok: true, request };
}

/** What the consent form adds to the request it carries. */
export const ConsentSchema = z.object({
  decision: z.enum(['allow', 'deny']),
  email: z.string().trim().toLowerCase().max(254).pipe(z.email('Enter a valid email address')),
  name: z.string().trim().min(1, 'Enter your full name').max(80),
});

/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
const VerifierSchema = z.string().regex(/^[\w.~-]{43,128}$/);

export const TokenRequestSchema = z.object({
  grant_type: z.string(),
  // a sandbox code is its grant, sealed (several hundred characters)
  code: z.string().min(1).max(2048),
  redirect_uri: z.string().max(2048),
  client_id: z.string().max(200),
  code_verifier: VerifierSchema,
});
