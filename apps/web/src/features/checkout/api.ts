import { track } from '../../shared/analytics/track.ts';
import { useQuery } from '@tanstack/react-query';
import type { ApiError as ApiErrorBody } from '@crust/contract';
import type {
  ConfirmAnswerResponse,
  ConfirmOrderBody,
  ConfirmOrderResponse,
  ConfirmOrderResult,
  OrderCodeBody,
  PaymentOptions,
  RemovePromoResult,
} from '@crust/contract/orders';
import { API_PATHS, HEADERS, fillPath } from '@crust/contract/paths';
import { NETWORK_RETRIES } from '@crust/domain/constants';
import type { DeliveryType } from '@crust/domain/delivery-types';
import type { PartnerVendor } from '@crust/contract/partner-bridge';
import { MESSAGES } from '@crust/domain/messages';
import { api, ApiError, NetworkError } from '../../shared/api/client.ts';
import type { Success } from '../../shared/api/envelope.ts';
import { randomId } from '../../shared/random-id.ts';
import { checkoutKeys } from '../../shared/payment/checkout-keys.ts';

/**
 * The store's payment options for the order type, the last used one and (customers only) the wallet, for the
 * cart being paid: the server decides from it whether the wallet may be used and pre-ticked (SPEC §5).
 */
export function usePaymentOptions(
  storeId: number,
  deliveryType: DeliveryType,
  cartId: string,
  /** the partner app Crust runs inside (the server also knows it from the session: no Crust wallet there) */
  vendor?: PartnerVendor,
) {
  return useQuery({
    queryKey: checkoutKeys.paymentOptions(storeId, deliveryType, cartId),
    queryFn: async ({ signal }) =>
      (
        await api<Success<PaymentOptions>>(fillPath(API_PATHS.paymentOptions, { storeId }), {
          query: { deliveryType, cartId, vendor },
          signal,
        })
      ).data,
    staleTime: 60_000,
  });
}

/** The cart's store: its hours give the advance slots, `online` and `isOpenNow` whether it takes orders now. */
export { useStoreInfo } from '../../shared/location/store-info.ts';

/**
 * What a confirm or code call came to: the result, or the errors to show (SPEC §8). A confirm answered
 * REMOVE_PROMO (the cart's coupon does not take this way to pay; no order was made) comes as a refusal with
 * that code, its reason, and the coupon's terms in `removePromo`.
 */
export type OrderOutcome =
  | { ok: true; result: ConfirmOrderResult }
  | { ok: false; errors: ApiErrorBody[]; removePromo?: RemovePromoResult };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const RETRY_BASE_MS = 500;

function failure(e: unknown): OrderOutcome {
  if (e instanceof ApiError) return { ok: false, errors: e.errors };
  if (e instanceof NetworkError) return { ok: false, errors: [{ code: 'NETWORK', displayMsg: e.message }] };
  return { ok: false, errors: [{ code: 'UNKNOWN', displayMsg: MESSAGES.somethingWentWrongRetry }] };
}

/**
 * An order call that moves money, so never sent twice by accident (ARCHITECTURE.md rule 7): one
 * idempotency key per call, and SPEC §8's network retries (up to 3) repeat the request with that same
 * key, so a confirm that reached the server before the connection dropped is answered, not repeated.
 */
async function sendOnce(path: string, body: unknown): Promise<OrderOutcome> {
  const headers = { [HEADERS.idempotencyKey]: randomId() };
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await api<ConfirmAnswerResponse | ConfirmOrderResponse>(path, {
        method: 'POST',
        body,
        headers,
      });
      if (res.status !== 'SUCCESS') {
        // SPEC §8: a payment error logged by its code, with the server's reason
        track('payment_error', {
          code: 'PROCESS_PAYMENT_RETURNED_ERROR',
          reason: res.errors[0]?.code ?? null,
        });
        return { ok: false, errors: res.errors };
      }
      const data = res.data;
      return data.nextAction === 'REMOVE_PROMO'
        ? {
            ok: false,
            errors: [{ code: 'REMOVE_PROMO', displayMsg: data.displayMsg }],
            removePromo: data,
          }
        : { ok: true, result: data };
    } catch (e) {
      if (!(e instanceof NetworkError) || attempt >= NETWORK_RETRIES) {
        track('payment_error', {
          code: 'PROCESS_PAYMENT_API_ERROR',
          reason: e instanceof ApiError ? (e.code ?? String(e.status)) : 'NETWORK',
        });
        return failure(e);
      }
      await sleep(RETRY_BASE_MS * 2 ** attempt);
    }
  }
}

/** SPEC §7 POST batch confirm order. Each call (each tap of Pay) gets a fresh idempotency key. */
export function confirmOrder(body: ConfirmOrderBody): Promise<OrderOutcome> {
  return sendOnce(API_PATHS.orders, body);
}

/** The COD OTP, or an e-voucher's OTP or PIN (SPEC §4 next actions); `{ resend: true }` sends the OTP again. */
export function submitOrderCode(orderId: string, body: OrderCodeBody): Promise<OrderOutcome> {
  return sendOnce(fillPath(API_PATHS.orderCode, { orderId }), body);
}
