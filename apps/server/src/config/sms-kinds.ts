/**
 * The kinds of text Crust sends (issue 14 §2). Here, below the SMS provider's templates
 * (providers/sms/templates.ts), because the configuration reads them too: SMS_TEMPLATE_IDS gives each kind its DLT
 * template id.
 */
export const SMS_KINDS = [
  'LOGIN_OTP',
  'COD_CODE',
  'GIFT_CARD_OTP',
  'DELIVERY_OTP',
  'LATE_PLACED',
  'LATE_FAILED',
  // an order's stages, to a customer with no push subscription (issue 31 §14)
  'ORDER_BAKING',
  'ORDER_OUT',
  'ORDER_READY',
  'ORDER_DELIVERED',
] as const;
export type SmsKind = (typeof SMS_KINDS)[number];

export function isSmsKind(value: string): value is SmsKind {
  return (SMS_KINDS as readonly string[]).includes(value);
}
