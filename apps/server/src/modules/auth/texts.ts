import { OTP_SENDS_PER_HOUR } from '@crust/domain/constants';

/** What the server says about logging in (SPEC §8 where it gives the words). */
export const AUTH_TEXTS = {
  otpLimit: `You have reached the limit of ${OTP_SENDS_PER_HOUR} OTPs an hour. Please try again later.`,
  otpIpLimit: 'Too many OTP requests from this network. Please try again later.',
  otpResendWait: (seconds: number) => `Please wait ${seconds} seconds before asking for a new OTP.`,
  // SPEC §8, verbatim
  otpFailed: 'Validation failed. please verify your number again.',
  otpExpired: 'This OTP has expired. Please ask for a new one.',
  otpAttempts: 'This OTP can no longer be used. Please ask for a new one.',
  passwordFailed: 'Incorrect mobile number or password.',
  passwordLocked: 'Too many wrong passwords. Please log in with an OTP or try again in 15 minutes.',
  loggedOut: 'You have been logged out. Please login again.',
  passwordProofRequired: 'Enter your current password, or the OTP we sent to your mobile number.',
  noPasswordYet: 'You have no password yet. Enter the OTP we sent to your mobile number.',
  currentPasswordWrong: 'Incorrect password.',
  socialUnavailable: 'Google sign-in is not available right now. Please log in with your mobile number.',
  socialTokenInvalid: 'We could not verify your Google sign-in. Please try again.',
  socialUserNotFound: 'Tell us your mobile number to finish signing in.',
  socialAlreadyLinked:
    'This mobile number is already linked to another Google account. Sign in with that account, or log in with an OTP.',
  // partner mini-apps (issue 18): SPEC §8, verbatim
  partnerCodeInvalid: 'We are unable to login, please retry or exit to native app',
  partnerUnavailable: 'There was an error while signing-in. Please retry or exit.',
  partnerNotHere: 'Signing in from this app is not available right now. Please retry or exit.',
} as const;
