import type { FastifyRequest } from 'fastify';
import type { Guest } from './service.ts';

/** The guest logging in and the cart they hold (the cartid header), which moves into the account. */
export function guestOf(req: FastifyRequest): Guest {
  const cartHeader = req.headers.cartid;
  return {
    guestId: req.principal?.kind === 'guest' ? req.principal.userId : null,
    guestCartId: typeof cartHeader === 'string' && cartHeader !== '' ? cartHeader : null,
  };
}
