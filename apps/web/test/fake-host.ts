import {
  BRIDGE_PROTOCOL,
  type BridgeErrorCode,
  type BridgeMethod,
  type BridgeRequest,
  type BridgeResults,
} from '@crust/contract/partner-bridge';

/** What the fake host answers to one method: a result, an error, nothing (silent), or a function of the request. */
type Answer<M extends BridgeMethod> =
  | { ok: true; result: BridgeResults[M] }
  | { ok: false; error: { code: BridgeErrorCode; message: string } }
  | 'silent';
export type HostAnswers = { [M in BridgeMethod]?: Answer<M> | ((req: BridgeRequest) => Answer<M>) };

export const hostOk = <M extends BridgeMethod>(result: BridgeResults[M]): Answer<M> => ({ ok: true, result });
export const hostError = (code: BridgeErrorCode, message = code.toLowerCase()) =>
  ({ ok: false, error: { code, message } }) as const;

/**
 * A partner host, as the sandbox pages /sandbox/partner/{paytm,gpay} behave: the page is framed (window.parent is
 * the host) and each request posted to it is answered with one message from the host window on Crust's origin.
 * `reply` sends a message as any window would (to test that foreign ones are ignored).
 */
export function fakeHost(answers: HostAnswers = {}) {
  const requests: BridgeRequest[] = [];
  const targets: string[] = [];
  const host = {
    postMessage(message: BridgeRequest, targetOrigin: string) {
      requests.push(message);
      targets.push(targetOrigin);
      const a = answers[message.method] as
        Answer<BridgeMethod> | ((r: BridgeRequest) => Answer<BridgeMethod>);
      const answer = typeof a === 'function' ? a(message) : a;
      if (answer === undefined || answer === 'silent') return;
      setTimeout(() => reply({ bridge: BRIDGE_PROTOCOL, id: message.id, ...answer }), 0);
    },
  };
  function reply(data: unknown, source: unknown = host, origin = window.location.origin) {
    const event = new MessageEvent('message', { data, origin });
    Object.defineProperty(event, 'source', { value: source });
    window.dispatchEvent(event);
  }
  Object.defineProperty(window, 'parent', { value: host, configurable: true });
  return {
    host,
    requests,
    targets,
    reply,
    methods: () => requests.map((r) => r.method),
    answers,
  };
}

/** The page on its own again (not framed). */
export function noHost(): void {
  Object.defineProperty(window, 'parent', { value: window, configurable: true });
}

export const paytmConfig = {
  partnerName: 'Paytm',
  apiKey: 'crust-paytm-miniapp',
  clientType: 'PAYTM_MINIAPP',
  tagIds: ['GTM-CRUSTPTM'],
  primaryPaymentId: 'PAYTM_WALLET',
  blockedFeatures: [
    'irctc',
    'feedback',
    'deals_and_offer',
    'deliver_on_train',
    'wallet',
    'support',
    'logout',
    'offers',
    'showAppBanner',
    'everyday_value_offer',
    'edv',
  ],
};
export const gpayConfig = {
  partnerName: 'Google Pay',
  apiKey: 'crust-gpay-spot',
  clientType: 'GPAY_SPOT',
  tagIds: ['GTM-CRUSTGPY'],
  primaryPaymentId: 'UPI_WALLET',
  blockedFeatures: ['wallet', 'logout', 'showAppBanner'],
};
