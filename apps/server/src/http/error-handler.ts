import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isCustomerText } from '@crust/contract/common';
import { MESSAGES } from '@crust/domain/messages';
import { failed, HttpError } from './errors.ts';

/**
 * SPEC §8 errors everywhere: bad input is a 400 naming the field, known failures carry their code,
 * anything else is a logged 500 with the generic text (never a stack trace).
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.retryAfterSec !== undefined) reply.header('retry-after', String(error.retryAfterSec));
      return reply.status(error.statusCode).send({ status: 'FAILED', errors: error.errors });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'request';
      const errors = error.validation.map((issue) => {
        const field = [where, ...issue.instancePath.split('/').filter(Boolean)].join('.');
        const detail = issue.message ?? 'is invalid';
        const displayMsg = isCustomerText(detail) ? detail : `Invalid ${field}: ${detail}`;
        return { code: 'BAD_REQUEST', displayMsg, field };
      });
      return reply.status(400).send({ status: 'FAILED', errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.status(500).send(failed('INTERNAL', MESSAGES.somethingWentWrongRetry));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large
      return reply.status(status).send(failed(error.code ?? 'BAD_REQUEST', error.message, { field: 'body' }));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(failed('INTERNAL', MESSAGES.somethingWentWrongRetry));
  });
}

/** Fastify's framework errors: a URL the router cannot read (a bad %-escape, an over-long path parameter). */
export function unreadableUrl(error: FastifyError, reply: FastifyReply): void {
  void reply
    .status(error.statusCode ?? 400)
    .header('cache-control', 'no-store')
    .send(failed('BAD_REQUEST', `Invalid url: ${error.message}`, { field: 'url' }));
}
