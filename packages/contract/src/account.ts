import { MESSAGES } from '@crust/domain/messages';
import { z } from 'zod';
import { customerText, outcomeOf, successOf } from './common.ts';
import { MobileSchema } from './auth.ts';

/** SPEC §5 maximum lengths and the address-form messages, word for word. */
const required = (message: string, max: number) => z.string().trim().min(1, message).max(max);

export const AddressTypeSchema = z.enum(['Home', 'Work', 'Other']);

/** What the address form sends (SPEC §3 Address detail: fName, lName, mobNo, email, address, houseNo). */
export const AddressInputSchema = z.strictObject({
  type: AddressTypeSchema,
  fName: required(customerText(MESSAGES.addressEnterFirstName), 50),
  lName: required(customerText(MESSAGES.addressEnterLastName), 50),
  mobNo: MobileSchema,
  email: z.union([z.literal(''), z.email(customerText(MESSAGES.invalidEmail)).max(50)]).optional(),
  houseNo: required(customerText(MESSAGES.addressEnterHouseNo), 10),
  address: required(customerText(MESSAGES.addressEnterStreet), 40),
  locality: required(customerText(MESSAGES.addressSelectLocality), 120),
  subLocality: z.string().trim().max(120).optional(),
  city: z.string().trim().min(1).max(60),
  postalCode: z
    .string()
    .regex(/^\d{6}$/)
    .or(z.literal(''))
    .optional(),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  formattedAddress: z.string().trim().max(250).optional(),
});
export type AddressInput = z.infer<typeof AddressInputSchema>;

export const AddressSchema = z.object({
  addressId: z.string(),
  type: AddressTypeSchema,
  fName: z.string(),
  lName: z.string(),
  mobNo: z.string(),
  email: z.string(),
  houseNo: z.string(),
  address: z.string(),
  locality: z.string(),
  subLocality: z.string(),
  city: z.string(),
  postalCode: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  formattedAddress: z.string(),
});
export type Address = z.infer<typeof AddressSchema>;

export const AddressListResponseSchema = successOf(z.object({ addresses: z.array(AddressSchema) }));
export type AddressListResponse = z.infer<typeof AddressListResponseSchema>;
export const AddressResponseSchema = outcomeOf(AddressSchema);
export type AddressResponse = z.infer<typeof AddressResponseSchema>;
export const AddressIdParams = z.object({
  addressId: z.string().regex(/^A[0-9A-F]{20}$/, 'must be an address id'),
});

/** SPEC §5 Profile: first name, last name, email. */
export const ProfileSchema = z.object({
  userId: z.string(),
  mobile: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
});
export type Profile = z.infer<typeof ProfileSchema>;
export const ProfileResponseSchema = successOf(ProfileSchema);
export type ProfileResponse = z.infer<typeof ProfileResponseSchema>;
export const ProfileUpdateSchema = z.strictObject({
  firstName: required(customerText(MESSAGES.profileEnterFirstName), 50),
  lastName: required(customerText(MESSAGES.profileEnterLastName), 50),
  email: z.union([z.literal(''), z.email(customerText(MESSAGES.invalidEmail)).max(50)]),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

export const DeleteAccountResponseSchema = successOf(z.object({ deleted: z.literal(true) }));
