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
