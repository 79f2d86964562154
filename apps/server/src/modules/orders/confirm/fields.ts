import type { CheckoutField } from '@crust/domain/checkout-customer';

/** The checkout form's fields as the contract names them, for a refusal's `field`. */
export const FIELD_PATHS: Record<CheckoutField, string> = {
  name: 'orderDetails.userDetails.firstName',
  email: 'orderDetails.userDetails.email',
  mobile: 'orderDetails.userDetails.mobile',
  address: 'orderDetails.address',
  vehicleNumber: 'orderDetails.vehicleDetails.number',
  vehicleColour: 'orderDetails.vehicleDetails.colour',
  vehicleModel: 'orderDetails.vehicleDetails.model',
  stationId: 'orderDetails.stationId',
};
