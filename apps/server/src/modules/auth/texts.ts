import { OTP_SENDS_PER_HOUR } from '@crust/domain/constants';

/** What the server says about OTPs (SPEC §8 where it gives the words). */
export const AUTH_TEXTS = {
  otpSms: (code: string) =>
    `${code} is your Crust verification code. It is valid for 5 minutes. Do not share it.`,
  otpLimit: `You have reached the limit of ${OTP_SENDS_PER_HOUR} OTPs an hour. Please try again later.`,
  otpIpLimit: 'Too many OTP requests from this network. Please try again later.',
  otpResendWait: (seconds: number) => `Please wait ${seconds} seconds before asking for a new OTP.`,
  // SPEC §8, verbatim
  otpFailed: 'Validation failed. please verify your number again.',
  otpExpired: 'This OTP has expired. Please ask for a new one.',
  otpAttempts: 'This OTP can no longer be used. Please ask for a new one.',
  passwordFailed: 'Incorrect mobile number or password.',
  passwordLocked: 'Too many wrong passwords. Please log in with an OTP or try again in 15 minutes.',
} as const;
