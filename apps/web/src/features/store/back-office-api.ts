/* eslint-disable @typescript-eslint/no-restricted-imports -- lazy back-office chunk only, see console-api.ts */
import {
  AuditPageResponseSchema,
  NewStaffBodySchema,
  StaffChangeBodySchema,
  StaffIssuedResponseSchema,
  StaffListResponseSchema,
  StaffMemberResponseSchema,
  STORE_RADIUS_LIMITS_M,
  StoreSettingsBodySchema,
  StoreSettingsResponseSchema,
  type AuditEvent,
  type NewStaffBody,
  type StaffChangeBody,
  type StaffList,
  type StaffMember,
  type StoreSettings,
  type StoreSettingsBody,
} from '@crust/contract/back-office';
import {
  AdminCouponResponseSchema,
  AdminDealResponseSchema,
  AdminOffersResponseSchema,
  OfferPreviewResponseSchema,
  type AdminCoupon,
  type AdminDeal,
  type AdminOffers,
  type CouponChangeBody,
  type CouponDraftBody,
  type DealChangeBody,
  type DealDraftBody,
  type OfferPreview,
  type OfferPreviewBody,
} from '@crust/contract/offers-admin';
/* eslint-enable @typescript-eslint/no-restricted-imports */
import { fillPath } from '@crust/contract/paths';
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
import { call, ConsoleError } from './console-api.ts';

/**
 * The back office's calls (issue 30 §1, §4, §6): staff logins, a store's settings and the change log, checked
 * against the contract.
 */

export interface Issued {
  member: StaffMember;
  oneTimePassword: string;
}

/** What is wrong with a form before it is sent: the field (as the body names it) and the contract's words. */
export interface FieldProblem {
  field: string;
  message: string;
}

function firstProblem(
  checked:
    { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } },
): FieldProblem | null {
  if (checked.success) return null;
  const issue = checked.error.issues[0];
  return issue ? { field: String(issue.path[0] ?? ''), message: issue.message } : null;
}

export const newStaffProblem = (body: NewStaffBody): FieldProblem | null =>
  firstProblem(NewStaffBodySchema.safeParse(body));

export const staffChangeProblem = (body: StaffChangeBody): FieldProblem | null =>
  firstProblem(StaffChangeBodySchema.safeParse(body));

/** A store's delivery radius, least and most, in metres (the contract's). */
export const RADIUS_LIMITS_M = STORE_RADIUS_LIMITS_M;

export const storeSettingsProblem = (body: StoreSettingsBody): FieldProblem | null =>
  firstProblem(StoreSettingsBodySchema.safeParse(body));

/** A refusal as the form shows it: beside its field (`body.username` → `username`), or '' for above the form. */
export function problemOf(error: unknown, message: string): FieldProblem {
  const field = error instanceof ConsoleError && error.field?.startsWith('body.') ? error.field.slice(5) : '';
  return { field, message };
}

/** A save refused because someone else saved the login first: reload, then change again. */
export const isStale = (error: unknown): boolean =>
  error instanceof ConsoleError && error.status === 409 && error.code === 'STALE';

export async function fetchStaff(signal?: AbortSignal): Promise<StaffList> {
  return (await call(CONSOLE_PATHS.staffMembers, StaffListResponseSchema, { signal })).data;
}

export async function createStaff(body: NewStaffBody): Promise<Issued> {
  return (await call(CONSOLE_PATHS.staffMembers, StaffIssuedResponseSchema, { method: 'POST', body })).data;
}

export async function changeStaff(staffId: string, body: StaffChangeBody): Promise<StaffMember> {
  return (
    await call(fillPath(CONSOLE_PATHS.staffMember, { staffId }), StaffMemberResponseSchema, {
      method: 'PATCH',
      body,
    })
  ).data.member;
}

export async function resetStaff(staffId: string, version: number): Promise<Issued> {
  return (
    await call(fillPath(CONSOLE_PATHS.staffMemberReset, { staffId }), StaffIssuedResponseSchema, {
      method: 'POST',
      body: { version },
    })
  ).data;
}

export async function fetchStoreSettings(storeId: number, signal?: AbortSignal): Promise<StoreSettings> {
  return (
    await call(fillPath(CONSOLE_PATHS.storeSettings, { storeId }), StoreSettingsResponseSchema, { signal })
  ).data;
}

/** Saves what changed (and the version the form was read at); answers the settings as they are now. */
export async function saveStoreSettings(storeId: number, body: StoreSettingsBody): Promise<StoreSettings> {
  return (
    await call(fillPath(CONSOLE_PATHS.storeSettings, { storeId }), StoreSettingsResponseSchema, {
      method: 'PATCH',
      body,
    })
  ).data;
}

/** The change log's filters, as the query string names them (empty: not filtered). */
export interface AuditFilters {
  entity: string;
  staffId: string;
  storeId: string;
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = { entity: '', staffId: '', storeId: '', from: '', to: '' };

export const AUDIT_PAGE = 50;

export async function fetchAudit(
  filters: AuditFilters,
  before: number | null,
  signal?: AbortSignal,
): Promise<{ events: AuditEvent[]; next: number | null }> {
  const q = new URLSearchParams();
  for (const key of Object.keys(NO_AUDIT_FILTERS) as (keyof AuditFilters)[])
    if (filters[key] !== '') q.set(key, filters[key]);
  if (before !== null) q.set('before', String(before));
  q.set('limit', String(AUDIT_PAGE));
  return (await call(`${CONSOLE_PATHS.auditLog}?${q.toString()}`, AuditPageResponseSchema, { signal })).data;
}

// ---- offers (issue 30 §3): the chain admin's coupons and deals

export async function fetchOffers(signal?: AbortSignal): Promise<AdminOffers> {
  return (await call(CONSOLE_PATHS.offersAdmin, AdminOffersResponseSchema, { signal })).data;
}

export async function createCoupon(body: CouponDraftBody): Promise<AdminCoupon> {
  return (await call(CONSOLE_PATHS.offerCoupons, AdminCouponResponseSchema, { method: 'POST', body })).data
    .coupon;
}

export async function changeCoupon(code: string, body: CouponChangeBody): Promise<AdminCoupon> {
  return (
    await call(fillPath(CONSOLE_PATHS.offerCoupon, { code }), AdminCouponResponseSchema, {
      method: 'PATCH',
      body,
    })
  ).data.coupon;
}

export async function moveCoupon(
  code: string,
  version: number,
  status: 'PUBLISHED' | 'RETIRED',
): Promise<AdminCoupon> {
  return (
    await call(fillPath(CONSOLE_PATHS.offerCouponStatus, { code }), AdminCouponResponseSchema, {
      method: 'POST',
      body: { version, status },
    })
  ).data.coupon;
}

export async function createDeal(body: DealDraftBody): Promise<AdminDeal> {
  return (await call(CONSOLE_PATHS.offerDeals, AdminDealResponseSchema, { method: 'POST', body })).data.deal;
}

export async function changeDeal(dealId: number, body: DealChangeBody): Promise<AdminDeal> {
  return (
    await call(fillPath(CONSOLE_PATHS.offerDeal, { dealId }), AdminDealResponseSchema, {
      method: 'PATCH',
      body,
    })
  ).data.deal;
}

export async function moveDeal(
  dealId: number,
  version: number,
  status: 'PUBLISHED' | 'RETIRED',
): Promise<AdminDeal> {
  return (
    await call(fillPath(CONSOLE_PATHS.offerDealStatus, { dealId }), AdminDealResponseSchema, {
      method: 'POST',
      body: { version, status },
    })
  ).data.deal;
}

export async function previewOffer(body: OfferPreviewBody): Promise<OfferPreview> {
  return (await call(CONSOLE_PATHS.offerPreview, OfferPreviewResponseSchema, { method: 'POST', body })).data;
}
