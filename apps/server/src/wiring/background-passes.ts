import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/app-config.ts';
import { sweepLimits } from '../http/limits.ts';
import { repeatingPass } from '../http/repeating-pass.ts';
import { rebuildDueSnapshots } from '../modules/menu/service.ts';
import type { Deps } from './deps.ts';

/** How often a process deletes the limits' dead slots (src/http/limits.ts `sweepLimits`). */
const LIMIT_SWEEP_MS = 10 * 60_000;
/** How often a process looks for menus whose scheduled price has started. */
const SCHEDULED_PRICES_MS = 30_000;

/**
 * The work a process does while it runs, beside answering requests: the reconciler (and the limits' sweep), the
 * loyalty credit job, the train watch, and the sandboxes' outgoing notifications.
 */
export function startBackgroundPasses(app: FastifyInstance, config: AppConfig, deps: Deps): void {
  // every process may run them: each write they make is conditional or unique (decisions 010, 016; issue 15)
  let sweptAt = 0;
  repeatingPass(app, config.reconcileIntervalMs, 'reconciler', async () => {
    await deps.orders.reconcile();
    // limits' dead slots go every few minutes (each process may sweep; it deletes only what no window counts)
    if (Date.now() - sweptAt < LIMIT_SWEEP_MS) return;
    sweptAt = Date.now();
    await sweepLimits(deps.database.db, new Date());
  });
  repeatingPass(app, config.loyaltyCreditIntervalMs, 'loyalty credit job', () => deps.loyalty.creditDue());
  // scheduled prices (issue 30 §2): the menus of stores whose next price has started are composed again, and
  // every process's copy dropped (a menu read first would compose it itself: modules/menu/service.ts MenuCache)
  repeatingPass(app, SCHEDULED_PRICES_MS, 'scheduled prices', async () => {
    for (const storeId of await rebuildDueSnapshots(deps.database.db)) deps.menus.invalidate(storeId);
  });
  repeatingPass(app, config.trainWatchIntervalMs, 'train watch', () => deps.trainWatch.pass());
  // the reports' rollups follow the orders a few seconds behind (modules/reports/repo.ts foldPending); every
  // process may fold: each pending fact is taken by one
  repeatingPass(app, config.reportFoldIntervalMs, 'report rollups', () => deps.reports.foldPending());
  // user-activity events past their retention (issue 33 §3); every process may delete them
  repeatingPass(app, config.analyticsPruneIntervalMs, 'analytics retention', async () => {
    await deps.analytics.prune();
  });
  const partnerSandbox = deps.partnerSandbox;
  if (partnerSandbox && config.pgOutboxIntervalMs > 0) {
    // the partner hosts' payment notifications go out like the sandbox gateway's webhooks
    let stopNotifier: () => Promise<void> = async () => {};
    app.addHook('onReady', async () => {
      stopNotifier = partnerSandbox.startNotifier(config.pgOutboxIntervalMs);
    });
    app.addHook('onClose', () => stopNotifier());
  }
  const gateway = deps.sandboxGateway;
  if (gateway && config.pgOutboxIntervalMs > 0) {
    // webhooks go out while the app runs, and the last drain ends before the database may close
    let stopOutbox: () => Promise<void> = async () => {};
    app.addHook('onReady', async () => {
      stopOutbox = gateway.startOutboxTimer(config.pgOutboxIntervalMs);
    });
    app.addHook('onClose', () => stopOutbox());
  }
}
