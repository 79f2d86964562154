/** The payment gateways Crust has adapters for, as PAYMENT_GATEWAYS names them. */
export const PAYMENT_GATEWAY_NAMES = ['sandbox', 'razorpay', 'payu'] as const;
export type PaymentGatewayName = (typeof PAYMENT_GATEWAY_NAMES)[number];
