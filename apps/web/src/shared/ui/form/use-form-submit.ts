import { useState, type FormEvent } from 'react';

/**
 * A form that sends once what was typed is valid: field errors show from the first try (`submitted`), a tap
 * while it is sending does nothing, and a refusal becomes the one `failure` line under the fields (editing a
 * field takes it away: it was about what was typed before). After a success the form stays busy, as the
 * screen moves on.
 */
export function useFormSubmit(messageOf: (error: unknown) => string) {
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  /** The form's onSubmit: `invalid` is anything truthy while a field (or a limit) says no. */
  const onSubmit = (invalid: unknown, send: () => Promise<void>) => async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (busy || invalid) return;
    setBusy(true);
    setFailure(null);
    try {
      await send();
    } catch (err) {
      setFailure(messageOf(err));
      setBusy(false);
    }
  };

  /** A field's onChange that also clears the failure. */
  const edit =
    <T>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setFailure(null);
    };

  return { submitted, busy, failure, onSubmit, edit };
}
