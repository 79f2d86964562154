import type { FastifyReply } from 'fastify';
import { GatewayError } from '../../providers/payments/provider.ts';
import type { OrderRow } from '../../providers/payments/repo.ts';
import type { NextStep } from '../../providers/payments/sandbox-gateway.ts';
import { sendPage } from './pg-html.ts';
import { sendPostBack } from './pg-post-back.ts';
import { alreadyPaidPage, closedPage, paymentPath, problemPage, processingPage } from './pg-pages.ts';

/** Where a payment step leaves the browser: the merchant's callback, or one of the gateway's pages. */
export function sendStep(reply: FastifyReply, step: NextStep): FastifyReply {
  switch (step.kind) {
    case 'callback':
      return reply.redirect(step.url, 303);
    case 'post':
      return sendPostBack(reply, step.action, step.fields, step.payment.status === 'captured');
    case 'closed':
      return sendPage(reply, 200, closedPage(step.payment));
    case 'processing':
      return sendPage(reply, 200, processingPage(step.payment));
    case 'waiting':
      return reply.redirect(paymentPath(step.payment.id), 303);
  }
}

export const noSuchOrder = (reply: FastifyReply) =>
  sendPage(reply, 404, problemPage('No such order', 'This payment link is not valid.'));

/** A refusal from the gateway as a page; anything else is a real error and propagates. */
export function sendRefusal(reply: FastifyReply, err: unknown, order?: OrderRow): FastifyReply {
  if (!(err instanceof GatewayError)) throw err;
  if (err.code === 'ORDER_ALREADY_PAID' && order) return sendPage(reply, 409, alreadyPaidPage(order));
  return sendPage(reply, err.httpStatus, problemPage('Payment not possible', err.message));
}
