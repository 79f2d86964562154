import { expect, type APIRequestContext } from '@playwright/test';

/**
 * The newest OTP the SMS sandbox holds for a number, once it holds at least `count` texts for it (pass
 * the count expected after a new send, so an older code is never read by mistake).
 */
export async function otpFor(request: APIRequestContext, mobile: string, count = 1): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const body = (await (await request.get(`/sandbox/sms.json?mobile=${mobile}`)).json()) as {
        messages: { body: string }[];
      };
      code =
        body.messages.length >= count ? (/\b(\d{6})\b/.exec(body.messages[0]?.body ?? '')?.[1] ?? '') : '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

let minted = 0;
/**
 * A mobile number no earlier run used: a retried or repeated test must not meet its own account, OTP
 * limits or resend wait from the attempt before. The third digit is the worker's, so two workers
 * minting at once never meet.
 */
export function freshMobile(): string {
  minted += 1;
  const worker = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % 10;
  return `97${worker}${String((Date.now() + minted * 7919) % 10_000_000).padStart(7, '0')}`;
}
