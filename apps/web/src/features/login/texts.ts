import { defineTexts } from '../../shared/i18n/index.ts';

/**
 * Texts of the login screens. The SPEC §5 sentences (mobile, OTP prompt, name) are word for word; they
 * move to the domain's MESSAGES once the server shows them too.
 */
export const lg = defineTexts({
  // SPEC §5 Mobile
  enterMobile: 'Enter Mobile Number',
  noLeadingZero: 'Please do not add 0 in front of your mobile number',
  onlyNumbers: 'Mobile number should only contain numbers',
  mobileLength: 'Mobile Number should be of {n} digits',
  mobileInvalid: 'Enter {n} digit valid mobile number',
  // SPEC §5 OTP and Name
  otpPrompt: 'Enter verification code sent by SMS',
  enterName: 'Enter Name',
  // screen texts
  loginTitle: 'Login',
  loginHeading: 'Login with your mobile number',
  loginIntro: 'We will send a one-time password (OTP) to this number by SMS.',
  mobileLabel: 'Mobile Number',
  countryCode: '+91',
  nameHint: 'New here? Tell us your name (optional)',
  firstName: 'First name',
  lastName: 'Last name',
  getOtp: 'Get OTP',
  sending: 'Sending OTP…',
  otpTitle: 'Verify OTP',
  sentTo: 'Sent to {number}',
  changeNumber: 'Change number',
  otpLabel: '6-digit code',
  otpPlaceholder: '••••••',
  verify: 'Verify',
  verifying: 'Verifying…',
  resendIn: 'Resend OTP in {time}',
  resend: 'Resend OTP',
  otpSent: 'A new OTP has been sent.',
});
