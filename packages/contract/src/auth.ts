import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@crust/domain/constants';
import { MESSAGES } from '@crust/domain/messages';
import { z } from 'zod';
import { customerText, outcomeOf, successOf } from './common.ts';

/**
 * SPEC §5 Mobile: 10 digits, no leading 0; Indian mobile numbers begin with 6–9. Checked again on the
 * server whatever the client did.
 */
export const MobileSchema = z.string().regex(/^[6-9]\d{9}$/, customerText(MESSAGES.mobileNotValid));

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

/** PAYTM and GPAY: signed in by a partner's auth code (issue 18), the session of a mini-app */
export const LoginTypeSchema = z.enum(['OTP', 'PASSWORD', 'Gmail', 'SOCIAL', 'PAYTM', 'GPAY']);

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
  password: z.string().min(1, customerText(MESSAGES.enterPassword)).max(PASSWORD_MAX_LENGTH),
});
export type PasswordLoginBody = z.infer<typeof PasswordLoginBodySchema>;

/**
 * A new password (8 to 128 characters), proved by the current password or by a fresh OTP to the customer's own
 * number (sent by forgot password: for a customer without a password, or who forgot it). An access token alone
 * does not set a password (issue 28 §7).
 */
export const SetPasswordBodySchema = z.strictObject({
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, customerText(`Use at least ${PASSWORD_MIN_LENGTH} characters`))
    .max(PASSWORD_MAX_LENGTH),
  currentPassword: z
    .string()
    .min(1, customerText(MESSAGES.enterPassword))
    .max(PASSWORD_MAX_LENGTH)
    .optional(),
  otp: z
    .strictObject({
      requestId: z.string().min(1).max(64),
      code: z.string().regex(/^\d{6}$/, 'must be 6 digits'),
    })
    .optional(),
});
export type SetPasswordBody = z.infer<typeof SetPasswordBodySchema>;
export const SetPasswordResponseSchema = successOf(z.object({ passwordSet: z.literal(true) }));

/** Forgot password: an OTP to the number, then /login-otp (SPEC §4 Login). */
export const ForgotPasswordBodySchema = z.strictObject({ mobile: MobileSchema });

/** The social sign-in sources; SPEC §3 User loginType is "Gmail" for Google. */
export const SocialSourceSchema = z.enum(['google']);
export type SocialSource = z.infer<typeof SocialSourceSchema>;

/**
 * What the browser needs to start an OpenID Connect sign-in (authorization code with PKCE): the
 * provider's endpoints and this app's client id. An empty list when no provider is configured.
 */
export const SocialConfigResponseSchema = successOf(
  z.object({
    providers: z.array(
      z.object({
        source: SocialSourceSchema,
        label: z.string(),
        issuer: z.string(),
        authorizationEndpoint: z.string(),
        tokenEndpoint: z.string(),
        clientId: z.string(),
        scope: z.string(),
      }),
    ),
  }),
);
export type SocialConfigResponse = z.infer<typeof SocialConfigResponseSchema>;

const IdTokenSchema = z.string().min(20).max(8192);
/**
 * The browser's nonce secret: it sent SHA-256 (base64url) of this as the authorization request's nonce, so
 * the ID token must carry that digest. The token alone (which shows only the digest) cannot be replayed.
 */
const NonceSchema = z.string().min(16).max(128);

/**
 * SPEC §7 social user search (source, token, email, mobile, name). SUCCESS logs in a person whose
 * identity is already linked to an account; a new person gets FAILED with errors[0].statusCode 404
 * (code SOCIAL_USER_NOT_FOUND) and goes to /socialSignin; a token that fails the checks gets
 * SOCIAL_TOKEN_INVALID (statusCode 401).
 */
export const SocialSearchBodySchema = z.strictObject({
  source: SocialSourceSchema,
  token: IdTokenSchema,
  nonce: NonceSchema,
  email: z.string().max(254).optional(),
  mobile: z.string().max(10).optional(),
  name: z.string().max(80).optional(),
});
export type SocialSearchBody = z.infer<typeof SocialSearchBodySchema>;

/**
 * SPEC §7 social login submit (mobile, email, source, firstName, lastName, token). The mobile number is
 * proven with an OTP (requestId and code from /login-otp) before the identity is linked to it, so a
 * social account can never be attached to someone else's number.
 */
export const SocialLoginBodySchema = z.strictObject({
  source: SocialSourceSchema,
  token: IdTokenSchema,
  nonce: NonceSchema,
  mobile: MobileSchema,
  // kept when the account has no email yet: so empty, or an address as the profile would take it
  email: z
    .string()
    .trim()
    .pipe(z.union([z.literal(''), z.email(customerText(MESSAGES.enterValidEmail)).max(50)])),
  firstName: z.string().trim().min(1, customerText(MESSAGES.enterName)).max(50),
  lastName: z.string().trim().max(50),
  requestId: z.string().min(1).max(64),
  code: z.string().regex(/^\d{6}$/, 'must be 6 digits'),
});
export type SocialLoginBody = z.infer<typeof SocialLoginBodySchema>;
