import { z } from 'zod';
import { customerText, outcomeOf, successOf } from './common.ts';

/**
 * SPEC §5 Mobile: 10 digits, no leading 0; Indian mobile numbers begin with 6–9. Checked again on the
 * server whatever the client did.
 */
export const MobileSchema = z.string().regex(/^[6-9]\d{9}$/, 'must be a 10-digit mobile number');

const NameSchema = z.string().trim().max(50);

/** SPEC §7 send OTP (mobile, firstName, lastName). */
export const SendOtpBodySchema = z.strictObject({
  mobile: MobileSchema,
  firstName: NameSchema.optional(),
  lastName: NameSchema.optional(),
});
export type SendOtpBody = z.infer<typeof SendOtpBodySchema>;

/**
 * The same answer for a registered and an unregistered number. `requestId` binds the code to this
 * request; the next send is allowed after `resendAfterSec`.
 */
export const SendOtpResponseSchema = outcomeOf(
  z.object({ requestId: z.string(), resendAfterSec: z.number().int(), expiresInSec: z.number().int() }),
);
export type SendOtpResponse = z.infer<typeof SendOtpResponseSchema>;

/** SPEC §7 validate OTP (mobile, code, screenName). */
export const ValidateOtpBodySchema = z.strictObject({
  mobile: MobileSchema,
  code: z.string().regex(/^\d{6}$/, 'must be 6 digits'),
  requestId: z.string().min(1).max(64),
  screenName: z.string().max(40).optional(),
});
export type ValidateOtpBody = z.infer<typeof ValidateOtpBodySchema>;

/**
 * A customer's credentials. `sessionToken` is the short-lived access token (also named accessToken, SPEC §3
 * User) sent in the sessiontoken header; `refreshToken` is exchanged for new ones and rotates on every use.
 */
export const CustomerCredentialsSchema = z.object({
  accessKeyId: z.string(),
  accessToken: z.string(),
  sessionToken: z.string(),
  expiration: z.iso.datetime(),
  refreshToken: z.string(),
  refreshExpiration: z.iso.datetime(),
});
export type CustomerCredentials = z.infer<typeof CustomerCredentialsSchema>;

export const LoginTypeSchema = z.enum(['OTP', 'PASSWORD', 'Gmail', 'SOCIAL']);

/** SPEC §3 User after login; `cartId` is the customer's cart after the guest's cart moved into it. */
export const CustomerSessionSchema = z.object({
  userId: z.string(),
  isLoggedIn: z.literal(true),
  cartId: z.string().nullable(),
  mobile: z.string(),
  phoneNumberVerified: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  loginType: LoginTypeSchema,
  credentials: CustomerCredentialsSchema,
});
export type CustomerSession = z.infer<typeof CustomerSessionSchema>;

export const LoginResponseSchema = outcomeOf(CustomerSessionSchema);
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** Exchange a refresh token (guest or customer) for new credentials; the old one is spent. */
export const RefreshBodySchema = z.strictObject({ refreshToken: z.string().min(10).max(200) });
export const RefreshResponseSchema = successOf(
  z.object({
    userId: z.string(),
    isLoggedIn: z.boolean(),
    credentials: CustomerCredentialsSchema,
  }),
);
export type RefreshResponse = z.infer<typeof RefreshResponseSchema>;

export const LogoutBodySchema = z.strictObject({ refreshToken: z.string().min(10).max(200).optional() });
export const LogoutResponseSchema = successOf(z.object({ loggedOut: z.literal(true) }));

/** SPEC §7 login by password (mobile, password). */
export const PasswordLoginBodySchema = z.strictObject({
  mobile: MobileSchema,
  password: z.string().min(1, customerText('Enter Dominos Password')).max(128),
});
export type PasswordLoginBody = z.infer<typeof PasswordLoginBodySchema>;

/** A new password: 8 to 128 characters. */
export const SetPasswordBodySchema = z.strictObject({
  password: z.string().min(8, customerText('Use at least 8 characters')).max(128),
});
export const SetPasswordResponseSchema = successOf(z.object({ passwordSet: z.literal(true) }));

/** Forgot password: an OTP to the number, then /login-otp (SPEC §4 Login). */
export const ForgotPasswordBodySchema = z.strictObject({ mobile: MobileSchema });
