/** The one-line form of a saved address, when the customer did not write one: "12B, 80 Feet Road, Koramangala, Bengaluru". */
export function addressLine(parts: {
  houseNo: string;
  street: string;
  locality: string;
  city: string;
}): string {
  return [parts.houseNo, parts.street, parts.locality, parts.city]
    .map((p) => p.trim())
    .filter(Boolean)
    .join(', ');
}

/** An address as the customer's form sends it: the optional parts may be left out. */
export interface AddressFields<Type extends string = string> {
  type: Type;
  fName: string;
  lName: string;
  mobNo: string;
  email?: string | undefined;
  houseNo: string;
  address: string;
  locality: string;
  subLocality?: string | undefined;
  city: string;
  postalCode?: string | undefined;
  latitude: number;
  longitude: number;
  formattedAddress?: string | undefined;
}

/** The same address as it is saved: every part present. */
export type SavedAddressFields<Type extends string = string> = Required<{
  [K in keyof AddressFields<Type>]: Exclude<AddressFields<Type>[K], undefined>;
}>;

/**
 * What an address input is saved as, on the server and (for a guest) on the device alike: the parts left out
 * are empty, and the one-line form, when the customer wrote none, is made from the house, street, locality
 * and city. Only the address's own fields are kept.
 */
export function normaliseAddress<Type extends string>(input: AddressFields<Type>): SavedAddressFields<Type> {
  return {
    type: input.type,
    fName: input.fName,
    lName: input.lName,
    mobNo: input.mobNo,
    email: input.email ?? '',
    houseNo: input.houseNo,
    address: input.address,
    locality: input.locality,
    subLocality: input.subLocality ?? '',
    city: input.city,
    postalCode: input.postalCode ?? '',
    latitude: input.latitude,
    longitude: input.longitude,
    formattedAddress:
      input.formattedAddress ||
      addressLine({
        houseNo: input.houseNo,
        street: input.address,
        locality: input.locality,
        city: input.city,
      }),
  };
}
