import { useQuery } from '@tanstack/react-query';
import type { FeedbackOrder, InHouseFeedbackInput, SubmittedFeedback } from '@crust/contract/feedback';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { api } from '../../shared/api/client.ts';
import type { Outcome } from '../../shared/api/envelope.ts';
import { dataOf } from '../../shared/loyalty/api.ts';

export const feedbackKeys = {
  order: (orderId: string, mobileNo: string) => ['feedback', 'order', orderId, mobileNo] as const,
};

/**
 * The order as /uf rates it: the customer's own, or (with the mobile number it was placed with) a guest's order:
 * a FAILED OFFLINE or MOBILE_NOT_MATCHED comes as an ApiError with that code.
 */
export function useFeedbackOrder(orderId: string, mobileNo: string, enabled: boolean) {
  return useQuery({
    queryKey: feedbackKeys.order(orderId, mobileNo),
    queryFn: async ({ signal }) =>
      dataOf(
        await api<Outcome<FeedbackOrder>>(fillPath(API_PATHS.feedbackOrder, { orderId }), {
          query: { mobileNo: mobileNo || undefined },
          signal,
        }),
      ),
    enabled: enabled && orderId !== '',
    retry: false,
    staleTime: 0,
  });
}

/** SPEC §7 submit feedback (the first-time rider's endpoint for the customer's first delivered order). */
export async function submitFeedback(
  body: InHouseFeedbackInput,
  firstTime: boolean,
): Promise<SubmittedFeedback> {
  return dataOf(
    await api<Outcome<SubmittedFeedback>>(
      firstTime ? API_PATHS.feedbackSubmitFtr : API_PATHS.feedbackSubmit,
      {
        method: 'POST',
        body,
      },
    ),
  );
}
