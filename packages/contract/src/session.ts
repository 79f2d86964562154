import { z } from 'zod';
import { successOf } from './common.ts';

/**
 * SPEC §3 User: a guest holds accessKeyId, secretKey and sessionToken. The session token is short-lived;
 * the refresh token (SPEC §4 "an anonymous refresh for guests") gets new ones and rotates on every use.
 */
export const GuestCredentialsSchema = z.object({
  accessKeyId: z.string(),
  secretKey: z.string(),
  sessionToken: z.string(),
  expiration: z.iso.datetime(),
  refreshToken: z.string(),
  refreshExpiration: z.iso.datetime(),
});
export type GuestCredentials = z.infer<typeof GuestCredentialsSchema>;

export const AnonymousSessionSchema = z.object({
  userId: z.string(),
  isLoggedIn: z.literal(false),
  credentials: GuestCredentialsSchema,
});
export type AnonymousSession = z.infer<typeof AnonymousSessionSchema>;

export const AnonymousSessionResponseSchema = successOf(AnonymousSessionSchema);
export type AnonymousSessionResponse = z.infer<typeof AnonymousSessionResponseSchema>;
