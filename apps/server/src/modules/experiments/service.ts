import type { AbTestAssignment, Allocation, ExperimentAdmin, Variation } from '@crust/contract/experiments';
import {
  allocate,
  bucketOf,
  clientNumber,
  experimentRunning,
  variantOf,
  type ExperimentDefinition,
} from '@crust/domain/experiments';
import type { Db } from '../../db/client.ts';
import { httpError } from '../../http/errors.ts';
import type { AuditActor, AuditLog } from '../audit/log.ts';
import { DEFAULT_EXPERIMENTS } from './defaults.ts';
import * as repo from './repo.ts';
import { EXPERIMENT_TEXTS as T } from './texts.ts';

const definitionOf = (r: repo.ExperimentRow): ExperimentDefinition => ({
  name: r.name,
  buckets: r.buckets,
  variants: r.variants,
  enabled: r.enabled,
  startsAt: r.startsAt,
  stopsAt: r.stopsAt,
});

/** The contract's schema has checked the id's shape; a number past 31 bits is still refused here. */
function numberOf(clientId: string): number {
  const n = clientNumber(clientId);
  if (n === null) throw httpError(400, 'BAD_CLIENT_ID', T.badClientId, { field: 'clientId' });
  return n;
}

/**
 * Experiments (issue 33 §2, docs/experiments.md): the SPEC §7 allocation and variation calls, and the back
 * office's list and switch. The bucket and variants are worked out by the pure rules of
 * `@crust/domain/experiments` from the table as it is at the call (no cache: a stop reaches every process at
 * once), on the app's clock.
 */
export class ExperimentService {
  private defaults: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly clock: () => number,
  ) {}

  private async rows(): Promise<repo.ExperimentRow[]> {
    this.defaults ??= repo.insertMissing(this.db, DEFAULT_EXPERIMENTS).catch((e: unknown) => {
      this.defaults = null;
      throw e;
    });
    await this.defaults;
    return repo.listExperiments(this.db);
  }

  /** SPEC §4: the bucket for anyone; each running experiment's variant only for a logged-in customer. */
  async allocation(clientId: string, loggedIn: boolean): Promise<Allocation> {
    const n = numberOf(clientId);
    const defs = (await this.rows()).map(definitionOf);
    const { bucket, ...variants } = allocate(defs, n, loggedIn, new Date(this.clock()));
    const abTest: AbTestAssignment = { bucket, ...variants };
    return { bucket, variants, abTest };
  }

  /** The variation call: one experiment's variant for this client (null for a guest or outside it). */
  async variation(name: string, clientId: string, loggedIn: boolean): Promise<Variation> {
    const n = numberOf(clientId);
    const row = (await this.rows()).find((r) => r.name === name);
    if (!row) throw httpError(404, 'EXPERIMENT_NOT_FOUND', T.notFound);
    const bucket = bucketOf(n);
    const def = definitionOf(row);
    const inIt = loggedIn && experimentRunning(def, new Date(this.clock())) && def.buckets.includes(bucket);
    return { experiment: name, bucket, variant: inIt ? variantOf(name, def.variants, n) : null };
  }

  async list(): Promise<ExperimentAdmin[]> {
    const now = new Date(this.clock());
    return (await this.rows()).map((r) => this.adminOf(r, now));
  }

  /**
   * Start: on, and running from now if its start is still ahead or its stop has passed (the stop is cleared).
   * Stop: off. Both in one transaction with their audit entry.
   */
  async switch(actor: AuditActor, name: string, action: 'start' | 'stop'): Promise<ExperimentAdmin> {
    await this.rows();
    const now = new Date(this.clock());
    const row = await this.db.transaction(async (tx) => {
      const before = await repo.lockExperiment(tx, name);
      if (!before) throw httpError(404, 'EXPERIMENT_NOT_FOUND', T.notFound);
      const after = await repo.updateExperiment(tx, name, this.switched(before, action, now));
      await this.audit.record(tx, actor, {
        action: `experiment.${action}`,
        entity: 'experiment',
        entityId: name,
        storeId: null,
        before: this.adminOf(before, now),
        after: this.adminOf(after, now),
      });
      return after;
    });
    return this.adminOf(row, now);
  }

  private switched(r: repo.ExperimentRow, action: 'start' | 'stop', now: Date) {
    if (action === 'stop')
      return { enabled: false, startsAt: r.startsAt, stopsAt: r.stopsAt, updatedAt: now };
    const notYet = r.startsAt !== null && r.startsAt.getTime() > now.getTime();
    const over = r.stopsAt !== null && r.stopsAt.getTime() <= now.getTime();
    return {
      enabled: true,
      startsAt: notYet ? now : r.startsAt,
      stopsAt: over ? null : r.stopsAt,
      updatedAt: now,
    };
  }

  private adminOf(r: repo.ExperimentRow, now: Date): ExperimentAdmin {
    return {
      name: r.name,
      description: r.description,
      buckets: r.buckets,
      variants: r.variants,
      enabled: r.enabled,
      startsAt: r.startsAt?.toISOString() ?? null,
      stopsAt: r.stopsAt?.toISOString() ?? null,
      running: experimentRunning(definitionOf(r), now),
      updatedAt: r.updatedAt.toISOString(),
    };
  }
}
