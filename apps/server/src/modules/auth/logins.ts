import type { SmsProvider } from '../../providers/sms/provider.ts';
import {
  passwordLogin,
  sendOtp,
  validateOtp,
  type Guest,
  type LoginResult,
  type SendResult,
} from './service.ts';
import { socialLogin, socialSearch, type SocialDeps } from './social.ts';

type SendInput = Parameters<typeof sendOtp>[3];

export type LoginServiceOptions = SocialDeps & { sms: SmsProvider };

/** Every way to log in (OTP, password, social sign-in) over one database, signing key and SMS sender. */
export class LoginService {
  constructor(private readonly o: LoginServiceOptions) {}

  /** Login and forgot password send the same code under the same limits. */
  async sendOtp(input: SendInput): Promise<SendResult> {
    return sendOtp(this.o.db, this.o.sms, this.o.secret, input, new Date());
  }

  validateOtp(input: Parameters<typeof validateOtp>[1]): Promise<LoginResult> {
    return validateOtp(this.o, input, new Date());
  }

  passwordLogin(input: { mobile: string; password: string; ip: string } & Guest): Promise<LoginResult> {
    return passwordLogin(this.o, input, new Date());
  }

  socialSearch(input: Parameters<typeof socialSearch>[1]): Promise<LoginResult> {
    return socialSearch(this.o, input, new Date());
  }

  socialLogin(input: Parameters<typeof socialLogin>[1]): Promise<LoginResult> {
    return socialLogin(this.o, input, new Date());
  }
}
