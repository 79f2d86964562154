import { hmacHex, signatureMatches } from '../signatures.ts';

/**
 * Razorpay's two signatures (https://razorpay.com/docs/payments/payment-gateway/web-integration/standard/build-integration/
 * "Verify payment signature"; …/webhooks/validate-test/): the checkout's, HMAC-SHA256 of `order_id|payment_id`
 * with the key secret, and a webhook's, HMAC-SHA256 of the raw body with the webhook secret, both in hex.
 */
export const checkoutSigned = (orderId: string, paymentId: string) => `${orderId}|${paymentId}`;

export function checkoutSignature(keySecret: string, orderId: string, paymentId: string): string {
  return hmacHex(keySecret, checkoutSigned(orderId, paymentId));
}

export function checkoutSignatureHolds(
  keySecret: string,
  fields: { razorpay_order_id?: string; razorpay_payment_id?: string; razorpay_signature?: string },
): boolean {
  const { razorpay_order_id: order, razorpay_payment_id: payment, razorpay_signature: signature } = fields;
  if (!order || !payment || !signature) return false;
  return signatureMatches(keySecret, checkoutSigned(order, payment), signature);
}

export function webhookSignature(webhookSecret: string, rawBody: string | Buffer): string {
  return hmacHex(webhookSecret, rawBody);
}

export const webhookSignatureHolds = (webhookSecret: string, rawBody: string | Buffer, signature: string) =>
  signatureMatches(webhookSecret, rawBody, signature);

/** The headers Razorpay sends a webhook with: the signature, and the event's id (the same on every retry). */
export const RAZORPAY_SIGNATURE_HEADER = 'x-razorpay-signature';
export const RAZORPAY_EVENT_ID_HEADER = 'x-razorpay-event-id';
