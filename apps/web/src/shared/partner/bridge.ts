import {
  BRIDGE_PROTOCOL,
  type BridgeErrorCode,
  type BridgeMethod,
  type BridgeReply,
  type BridgeRequest,
  type BridgeResults,
  type PartnerVendor,
} from '@crust/contract/partner-bridge';
import { randomId } from '../random-id.ts';
import { writeJson } from '../storage.ts';
import { MINI_APP_KEY, type MiniApp } from './mode.ts';

/**
 * The host's JS bridge as the mini-app uses it (issue 18; the protocol is packages/contract/src/partner-bridge.ts):
 * a request posted to `window.parent`, one reply with the same id. Only a reply from the parent window itself, on
 * Crust's own origin, is believed: the sandbox hosts (/sandbox/partner/paytm, /sandbox/partner/gpay) are served by
 * Crust's server, and a real partner's JS API would be adapted to these calls here, not opened to other origins.
 * Loaded lazily: only /vendorPage and a mini-app's payment need it.
 */

/** Enters a partner's mini-app (null: leaves it) for the rest of the tab's life (./mode.ts reads it). */
export function setMiniApp(next: MiniApp | null): void {
  writeJson(MINI_APP_KEY, next, 'session');
}

/** How long `hello` may take before the page is taken not to be inside a host. */
export const HELLO_TIMEOUT_MS = 1500;

/** A bridge call that did not give what was asked: the host's code, or NO_HOST (not framed, or it never answered). */
export class BridgeError extends Error {
  constructor(
    readonly code: BridgeErrorCode | 'NO_HOST',
    message: string,
  ) {
    super(message);
    this.name = 'BridgeError';
  }
}

/** Whether the page is framed by another window (a host). A cross-origin parent that cannot be compared is one. */
export function framed(): boolean {
  try {
    return window.parent !== window;
  } catch {
    return true;
  }
}

type Params<M extends BridgeMethod> =
  Extract<BridgeRequest, { method: M }> extends { params: infer P } ? P : undefined;

/**
 * One bridge call. `timeoutMs`: reject with NO_HOST when no reply has come by then (only `hello` has one: the
 * consent and payment sheets wait for the customer as long as they take).
 */
export function callBridge<M extends BridgeMethod>(
  method: M,
  params?: Params<M>,
  timeoutMs?: number,
): Promise<BridgeResults[M]> {
  if (!framed()) return Promise.reject(new BridgeError('NO_HOST', 'not inside a partner app'));
  const host = window.parent;
  const id = randomId();
  return new Promise((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      window.removeEventListener('message', onMessage);
      if (timer !== undefined) clearTimeout(timer);
    };
    function onMessage(event: MessageEvent) {
      if (event.source !== host || event.origin !== window.location.origin) return;
      const reply = event.data as BridgeReply<M> | null;
      if (reply?.bridge !== BRIDGE_PROTOCOL || reply.id !== id) return;
      done();
      if (reply.ok) resolve(reply.result);
      else reject(new BridgeError(reply.error?.code ?? 'FAILED', reply.error?.message ?? 'the host failed'));
    }
    window.addEventListener('message', onMessage);
    if (timeoutMs !== undefined)
      timer = setTimeout(() => {
        done();
        reject(new BridgeError('NO_HOST', 'the host did not answer'));
      }, timeoutMs);
    const request = { bridge: BRIDGE_PROTOCOL, id, method, ...(params === undefined ? {} : { params }) };
    host.postMessage(request, window.location.origin);
  });
}

/**
 * Mini-app detection (issue 18 §3): framed, and the host's `hello` answered in time naming the vendor the entry URL
 * named. Null: not inside that partner's host.
 */
export async function detectHost(
  vendor: PartnerVendor,
  timeoutMs = HELLO_TIMEOUT_MS,
): Promise<BridgeResults['hello'] | null> {
  try {
    const hello = await callBridge('hello', undefined, timeoutMs);
    return hello.vendor === vendor ? hello : null;
  } catch {
    return null;
  }
}

/** Back to the partner's own app (the host closes the mini-app). Nothing to wait for: a host that is gone is gone. */
export function exitToHost(): void {
  callBridge('exit').catch(() => undefined);
}
