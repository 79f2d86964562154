/** Sends a text message to an Indian mobile number (10 digits, no country code). */
export interface SmsProvider {
  send(mobile: string, body: string): Promise<void>;
}
