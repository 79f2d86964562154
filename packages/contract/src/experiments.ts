import { z } from 'zod';
import { BUCKETS } from '@crust/domain/experiments';
import { successOf } from './common.ts';

/**
 * Experiments (issue 33 §2, SPEC §4, §7 "POST experiment allocation | account, tenant, workspace info; also a
 * variation call"; docs/experiments.md). The allocation's answer is the assignment the web sends on every call as
 * the `ab_test` header (HEADERS.abTest): `{"bucket":"A","voice":"u","nextGenHome":"w"}`.
 */

export const BucketSchema = z.enum(BUCKETS);
/** An experiment's name: ASCII letters and digits, as it appears as a key of `ab_test`. */
export const ExperimentNameSchema = z.string().regex(/^[A-Za-z0-9]{1,40}$/, 'letters and digits, at most 40');
export const VariantNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,20}$/, 'letters, digits, - or _, at most 20');
/** A GA-style client id (`<number>.<seconds>`, or with GA's `GA1.1.` prefix); its number decides the bucket. */
export const ClientIdSchema = z
  .string()
  .regex(/^(?:GA\d+\.\d+\.)?\d{1,10}(?:\.\d{1,10})?$/, 'a GA-style client id such as 1234567890.1764345600');

/** The `ab_test` header's value: the bucket and each experiment's variant. */
export const AbTestAssignmentSchema = z
  .object({ bucket: BucketSchema.optional() })
  .catchall(VariantNameSchema)
  .refine((o) => Object.keys(o).every((k) => k === 'bucket' || ExperimentNameSchema.safeParse(k).success), {
    message: 'experiment names are letters and digits, at most 40',
  });
export type AbTestAssignment = z.infer<typeof AbTestAssignmentSchema>;

/** The `ab_test` header read leniently: missing, unparsable or of the wrong shape is `{}` (no assignment). */
export function parseAbTest(header: string | string[] | undefined): AbTestAssignment {
  if (typeof header !== 'string' || header.length === 0 || header.length > 2000) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(header);
  } catch {
    return {};
  }
  const parsed = AbTestAssignmentSchema.safeParse(raw);
  return parsed.success ? parsed.data : {};
}

/** SPEC §7 experiment allocation: who is asking (account, tenant, workspace) and the device's client id. */
export const AllocationBodySchema = z.object({
  clientId: ClientIdSchema,
  /** the chain's account with the experiment vendor; Crust's own when absent */
  accountId: z.string().min(1).max(64).optional(),
  tenantId: z.string().min(1).max(64).optional(),
  /** where the call comes from: the PWA, or a partner's mini-app */
  workspaceId: z.string().min(1).max(64).optional(),
});
export type AllocationBody = z.infer<typeof AllocationBodySchema>;

export const AllocationSchema = z.object({
  bucket: BucketSchema,
  /** each running experiment of the bucket with this client's variant: for a logged-in customer only */
  variants: z.record(ExperimentNameSchema, VariantNameSchema),
  /** the `ab_test` header to send: the bucket and the variants */
  abTest: AbTestAssignmentSchema,
});
export type Allocation = z.infer<typeof AllocationSchema>;
export const AllocationResponseSchema = successOf(AllocationSchema);

export const VariationParamsSchema = z.object({ name: ExperimentNameSchema });
export const VariationQuerySchema = z.object({ clientId: ClientIdSchema });
export const VariationSchema = z.object({
  experiment: ExperimentNameSchema,
  bucket: BucketSchema,
  /** null: the experiment is not running, not in this bucket, or the caller is a guest */
  variant: VariantNameSchema.nullable(),
});
export type Variation = z.infer<typeof VariationSchema>;
export const VariationResponseSchema = successOf(VariationSchema);

/** The back office's view of an experiment (chain admins). */
export const ExperimentAdminSchema = z.object({
  name: ExperimentNameSchema,
  description: z.string(),
  buckets: z.array(BucketSchema),
  variants: z.array(z.object({ name: VariantNameSchema, weight: z.number().int().nonnegative() })),
  enabled: z.boolean(),
  startsAt: z.string().nullable(),
  stopsAt: z.string().nullable(),
  /** on and inside its start–stop window now */
  running: z.boolean(),
  updatedAt: z.string(),
});
export type ExperimentAdmin = z.infer<typeof ExperimentAdminSchema>;
export const ExperimentsAdminResponseSchema = successOf(
  z.object({ experiments: z.array(ExperimentAdminSchema) }),
);
export const ExperimentAdminResponseSchema = successOf(ExperimentAdminSchema);
/** Start (switch on, from now if it had not started) or stop (switch off) an experiment. */
export const ExperimentSwitchBodySchema = z.object({ action: z.enum(['start', 'stop']) });
export type ExperimentSwitchBody = z.infer<typeof ExperimentSwitchBodySchema>;
