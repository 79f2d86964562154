import * as MESSAGES from './message-texts.ts';

/** The texts of ./message-texts.ts as one namespace, as the server and the web app read them. */
export { MESSAGES };

export type MessageKey = keyof typeof MESSAGES;

/** SPEC §8: a message that mentions offline is shown as the advance-order message instead. */
export function rewriteOfflineMessage(text: string): string {
  return /offline/i.test(text) ? MESSAGES.storeOfflineAdvance : text;
}
