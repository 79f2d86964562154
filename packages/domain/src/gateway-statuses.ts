/**
 * The statuses a payment gateway gives its orders and payments (Razorpay's words; the PayU and partner adapters
 * map theirs onto them). Here, below the server, so its database schema can type the sandbox gateway's columns.
 */

/** created: waiting for the customer or their bank; authorized and captured: money taken; failed: not. */
export const GATEWAY_PAYMENT_STATUSES = ['created', 'authorized', 'captured', 'failed'] as const;
export type GatewayPaymentStatus = (typeof GATEWAY_PAYMENT_STATUSES)[number];

export type GatewayOrderStatus = 'created' | 'attempted' | 'paid';
