/**
 * What a customer's phone shows for each stage of their order (issue 31 §14: "Being baked", "Out for delivery"
 * with the rider's name, "Delivered"). SPEC has no words for notifications; these are the titles, and
 * bodies in the tracker's own voice.
 */
export const NOTICE_TEXTS = {
  bakingTitle: 'Being baked',
  bakingBody: (orderNumber: number) => `Order ${orderNumber} is in the oven.`,
  outTitle: 'Out for delivery',
  outBody: (orderNumber: number, rider: string | null) =>
    rider ? `${rider} is on the way with order ${orderNumber}.` : `Order ${orderNumber} is on the way.`,
  readyTitle: 'Ready to pick up',
  readyBody: (orderNumber: number) => `Order ${orderNumber} is ready at the store.`,
  deliveredTitle: 'Delivered',
  deliveredBody: (orderNumber: number) => `Order ${orderNumber} has been delivered. Enjoy your meal!`,
  /** the SMS's stand-in when the store gave no rider's name */
  someRider: 'our delivery partner',
  endpointRefused: 'This browser’s notifications cannot be used for order updates.',
  subscriptionsFull: (max: number) =>
    `Updates for this order already go to ${max} browsers. Turn them off on one of them to use this one.`,
  orderNotFound: 'We could not find this order.',
} as const;
