import { useRef, useState } from 'react';

/**
 * A control that sends one call at a time: a second tap before the first call's answer does nothing (it must
 * not move an order, flip a switch or add a reorder twice), and `busy` holds while the call is out. What
 * went wrong goes to `onFailed`.
 */
export function useOneCallAtATime() {
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<unknown>, onFailed: (error: unknown) => void) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await call();
    } catch (err) {
      onFailed(err);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };
  return { busy, run };
}
