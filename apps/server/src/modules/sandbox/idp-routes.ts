import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxIdp } from '../../providers/identity/sandbox-idp.ts';
import { OIDC_SCOPE } from '../../providers/identity/oidc.ts';
import { DEMO_PERSON, consentPage, errorPage } from './idp-pages.ts';
import {
  ConsentSchema,
  TokenRequestSchema,
  authorizationRequestOf,
  type AuthorizationRequest,
} from './idp-request.ts';

const asText = (v: unknown) => (typeof v === 'string' ? v : '');
const html = (reply: FastifyReply, status: number, body: string) =>
  reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

/**
 * The page's own policy: no scripts at all, and the form may post here and, through the redirect that
 * follows, to the app's /socialSignin (browsers hold redirects after a form post to form-action).
 */
function consentPolicy(reply: FastifyReply, request: AuthorizationRequest) {
  const target = new URL(request.redirect_uri).origin;
  reply.header(
    'content-security-policy',
    `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${target}; base-uri 'none'; frame-ancestors 'none'`,
  );
}

/**
 * The identity provider's sandbox (providers/identity/sandbox-idp.ts) as an OpenID Connect provider speaks
 * it over HTTP, under /sandbox/idp. Form bodies are parsed only here: the API stays JSON.
 */
export function sandboxIdpRoutes(app: FastifyInstance, idp: SandboxIdp): void {
  const origin = (req: FastifyRequest) => `${req.protocol}://${req.host}`;
  const requestOf = (req: FastifyRequest, params: unknown) =>
    authorizationRequestOf(params, idp.clientId, req.host);

  void app.register(
    async (scope) => {
      await scope.register(formbody);
      const hide = { schema: { hide: true } };

      scope.get('/.well-known/openid-configuration', hide, async (req) => ({
        issuer: idp.issuer,
        authorization_endpoint: `${origin(req)}/sandbox/idp/authorize`,
        token_endpoint: `${origin(req)}/sandbox/idp/token`,
        jwks_uri: `${origin(req)}/sandbox/idp/jwks`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        scopes_supported: OIDC_SCOPE.split(' '),
        token_endpoint_auth_methods_supported: ['none'],
        code_challenge_methods_supported: ['S256'],
        claims_supported: ['iss', 'sub', 'aud', 'exp', 'iat', 'nonce', 'email', 'email_verified', 'name'],
      }));

      scope.get('/jwks', hide, async () => idp.jwks);

      scope.get('/authorize', hide, async (req, reply) => {
        const parsed = requestOf(req, req.query);
        if (!parsed.ok) return html(reply, 400, errorPage(parsed.problem));
        consentPolicy(reply, parsed.request);
        return html(reply, 200, consentPage(parsed.request, DEMO_PERSON));
      });

      scope.post('/authorize', hide, async (req, reply) => {
        const parsed = requestOf(req, req.body);
        if (!parsed.ok) return html(reply, 400, errorPage(parsed.problem));
        const { request } = parsed;
        const back = new URL(request.redirect_uri);
        const body = (req.body ?? {}) as Record<string, unknown>;
        if (body.decision === 'deny') {
          back.searchParams.set('error', 'access_denied');
          back.searchParams.set('state', request.state);
          return reply.redirect(back.toString(), 302);
        }
        const consent = ConsentSchema.safeParse(body);
        if (!consent.success) {
          consentPolicy(reply, request);
          const person = { email: asText(body.email), name: asText(body.name) };
          return html(reply, 400, consentPage(request, person, consent.error.issues[0]?.message));
        }
        const code = idp.issueCode(
          {
            clientId: request.client_id,
            redirectUri: request.redirect_uri,
            codeChallenge: request.code_challenge,
            nonce: request.nonce,
            scope: request.scope,
            email: consent.data.email,
            name: consent.data.name,
          },
          new Date(),
        );
        back.searchParams.set('code', code);
        back.searchParams.set('state', request.state);
        return reply.redirect(back.toString(), 302);
      });

      // RFC 6749 §5: JSON answers that nobody may cache
      scope.post('/token', hide, async (req, reply) => {
        reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
        const body = (req.body ?? {}) as Record<string, unknown>;
        if (body.grant_type !== undefined && body.grant_type !== 'authorization_code')
          return reply.status(400).send({ error: 'unsupported_grant_type' });
        const parsed = TokenRequestSchema.safeParse(body);
        if (!parsed.success || parsed.data.grant_type !== 'authorization_code')
          return reply.status(400).send({
            error: 'invalid_request',
            error_description: 'grant_type, code, redirect_uri, client_id and code_verifier are required',
          });
        const { code, redirect_uri, client_id, code_verifier } = parsed.data;
        const answer = await idp.exchange(
          { code, redirectUri: redirect_uri, clientId: client_id, codeVerifier: code_verifier },
          new Date(),
        );
        if (!answer.ok)
          return reply.status(400).send({ error: answer.error, error_description: answer.description });
        return answer.body;
      });
    },
    { prefix: '/sandbox/idp' },
  );
}
