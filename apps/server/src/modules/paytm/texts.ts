/** The Paytm wallet's texts the SPEC does not give (its own sentences come from packages/domain MESSAGES). */
export const PAYTM_TEXTS = {
  notPaytm: 'This order is not paid by Paytm wallet.',
  otpIncorrect: (left: number) =>
    left > 0
      ? `Incorrect OTP. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`
      : 'Incorrect OTP. Please request a new one.',
  otpExpired: 'This OTP has expired. Please request a new one.',
  otpAttempts: 'Too many wrong attempts. Please request a new OTP.',
  otpResendTooSoon: 'Please wait a little before asking for another OTP.',
  otpSendLimit: (wait: string) =>
    `Too many OTPs have been sent to this number. Please try again in ${wait}, or choose another way to pay.`,
  otpVerifyLimit: (wait: string) =>
    `Too many OTPs have been tried for this order. Please try again in ${wait}, or choose another way to pay.`,
  unavailable: 'Paytm is not responding right now. Please try again in a moment.',
  upiVerifyNoOrder: 'A UPI id can be checked only while you pay an order by UPI.',
  upiVerifyLimit: (wait: string) =>
    `Too many UPI ids have been checked. Please try again in ${wait}, or pay in your UPI app.`,
  walletRefused: 'Paytm could not take this payment. Please choose another way to pay.',
} as const;
