import type { Allocation } from '@crust/contract/experiments';
import { API_PATHS } from '@crust/contract/paths';
import { bucketOf, clientNumber, EXPERIMENT_TIMEOUT_MS, newClientId } from '@crust/domain/experiments';
import { api } from '../api/client.ts';
import { miniApp } from '../partner/mode.ts';
import { renewClientId, storeAbTest, type AbTest } from './assignment.ts';
import { clientId } from './headers.ts';

/** SPEC §7 "account, tenant, workspace info": Crust's own account and tenant; the workspace is the app or host. */
const ACCOUNT = { accountId: 'crust', tenantId: 'crust-in' };

let latest = 0;

/** Control: the bucket (client id modulo 100, worked out here as the server would) and no variant. */
function control(id: string): AbTest {
  const n = clientNumber(id);
  return n === null ? {} : { bucket: bucketOf(n) };
}

/**
 * Asks the allocation for this device's assignment (issue 33 §2) and keeps it as the `ab_test` header. SPEC §9:
 * no answer within 2000 ms, or a failed one, is control (the bucket only), so no screen ever waits for it. Of two
 * allocations at once (the session turned from guest to customer meanwhile) only the later one is kept.
 */
export async function allocateExperiments(timeoutMs = EXPERIMENT_TIMEOUT_MS): Promise<void> {
  const call = ++latest;
  const kept = clientId();
  // an id from elsewhere that is not GA-style (an old app's device id) gives way to a new one
  const id =
    clientNumber(kept) === null ? renewClientId(newClientId(Math.random(), Date.now() / 1000)) : kept;
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(null);
    }, timeoutMs);
  });
  const asked = api<{ data: Allocation }>(API_PATHS.experimentAllocation, {
    method: 'POST',
    body: { clientId: id, ...ACCOUNT, workspaceId: miniApp()?.vendor ?? 'pwa' },
    signal: controller.signal,
  })
    .then((res) => res.data)
    .catch(() => null);
  try {
    const answer = await Promise.race([asked, timedOut]);
    if (call !== latest) return;
    storeAbTest(answer?.abTest ?? control(id));
  } finally {
    clearTimeout(timer);
  }
}
