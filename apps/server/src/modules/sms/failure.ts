import { httpError, type HttpError } from '../../http/errors.ts';

/**
 * What a customer is told when the SMS provider did not take a text (a code to log in, to confirm a cash order,
 * to pay with a gift card). SPEC §8 has no words for it (only "OTP send failure shows displayMsg"), so these are
 * ours; they say the one thing to do, since whatever the failed send took is given back first.
 */
export const SMS_FAILED_TEXT = 'We could not send the SMS. Please try again.';

/** HTTP 503 SMS_FAILED: the service behind the call (Gupshup) failed, and the same call may be tried again. */
export function smsFailed(): HttpError {
  return httpError(503, 'SMS_FAILED', SMS_FAILED_TEXT);
}
