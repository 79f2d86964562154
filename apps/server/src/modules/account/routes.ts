import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AddressIdParams,
  AddressInputSchema,
  AddressListResponseSchema,
  AddressResponseSchema,
  DeleteAccountResponseSchema,
  ProfileResponseSchema,
  ProfileUpdateSchema,
} from '@crust/contract/account';
import { SetPasswordBodySchema, SetPasswordResponseSchema } from '@crust/contract/auth';
import { ErrorResponseSchema } from '@crust/contract/common';
import { API_PATHS } from '@crust/contract/paths';
import { outcome } from '../../http/errors.ts';
import { callerOf } from '../../http/principal.ts';
import { routeSchema } from '../../http/route-schema.ts';
import type { AccountService } from './service.ts';

/** Account calls are for a logged-in customer (`auth: 'customer'` on each route). */
const customerOf = (req: FastifyRequest) => callerOf(req).userId;

export function accountRoutes(app: FastifyInstance, { account }: { account: AccountService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema };

  r.get(
    API_PATHS.profile,
    {
      config: { auth: 'customer' },
      schema: routeSchema('account', 'The customer profile (/profile)', {
        response: { 200: ProfileResponseSchema, ...errors },
      }),
    },
    async (req) => ({ status: 'SUCCESS' as const, data: await account.profile(customerOf(req)) }),
  );

  r.put(
    API_PATHS.profile,
    {
      config: { auth: 'customer' },
      schema: routeSchema('account', 'Change name and email (SPEC §5 Profile)', {
        body: ProfileUpdateSchema,
        response: { 200: ProfileResponseSchema, ...errors },
      }),
    },
    async (req) => ({
      status: 'SUCCESS' as const,
      data: await account.updateProfile(customerOf(req), req.body),
    }),
  );

  r.delete(
    API_PATHS.account,
    {
      config: { auth: 'customer' },
      schema: routeSchema('account', 'Delete the account: personal data removed, logged out everywhere', {
        response: { 200: DeleteAccountResponseSchema, ...errors },
      }),
    },
    async (req) => {
      await account.deleteAccount(customerOf(req));
      return { status: 'SUCCESS' as const, data: { deleted: true as const } };
    },
  );

  r.get(
    API_PATHS.addresses,
    {
      config: { auth: 'customer' },
      schema: routeSchema('account', 'SPEC §7 GET saved addresses', {
        response: { 200: AddressListResponseSchema, ...errors },
      }),
    },
    async (req) => ({
      status: 'SUCCESS' as const,
      data: { addresses: await account.listAddresses(customerOf(req)) },
    }),
  );

  r.post(
    API_PATHS.addresses,
    {
      config: { auth: 'customer' },
      schema: routeSchema('account', 'SPEC §7 create an address (for the customer’s mobile)', {
        body: AddressInputSchema,
        response: { 200: AddressResponseSchema, ...errors },
      }),
    },
    async (req) => outcome(await account.createAddress(customerOf(req), req.body)),
  );

  r.put(
    API_PATHS.address,
    {
      config: { auth: 'customer' },
      schema: routeSchema('account', 'SPEC §7 update an address by addressId', {
        params: AddressIdParams,
        body: AddressInputSchema,
        response: { 200: AddressResponseSchema, ...errors },
      }),
    },
    async (req) => ({
      status: 'SUCCESS' as const,
      data: await account.updateAddress(customerOf(req), req.params.addressId, req.body),
    }),
  );

  r.delete(
    API_PATHS.address,
    {
      config: { auth: 'customer' },
      schema: routeSchema('account', 'SPEC §7 DELETE an address by addressId', {
        params: AddressIdParams,
        response: { 200: AddressListResponseSchema, ...errors },
      }),
    },
    async (req) => ({
      status: 'SUCCESS' as const,
      data: { addresses: await account.deleteAddress(customerOf(req), req.params.addressId) },
    }),
  );

  r.put(
    API_PATHS.setPassword,
    {
      config: { auth: 'customer' },
      schema: routeSchema(
        'account',
        'Set or change the password for password login (stored with scrypt), proved by the current password or a fresh OTP',
        {
          body: SetPasswordBodySchema,
          // PASSWORD_PROOF_REQUIRED, WRONG_PASSWORD, OTP_*: not proved; PASSWORD_LOCKED: too many wrong ones
          response: {
            200: SetPasswordResponseSchema,
            400: ErrorResponseSchema,
            429: ErrorResponseSchema,
            ...errors,
          },
        },
      ),
    },
    async (req) => {
      await account.setPassword(customerOf(req), { ...req.body, ip: req.ip });
      return { status: 'SUCCESS' as const, data: { passwordSet: true as const } };
    },
  );
}
