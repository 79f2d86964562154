/** Why a call failed, as a line of text for a delivery's record or a log: an Error's message, else the thrown value. */
export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
