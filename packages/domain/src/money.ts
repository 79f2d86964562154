/** An integer number of paise. Branded so a rupee amount cannot be passed where paise are meant. */
export type Paise = number & { readonly __brand: 'Paise' };

export function paise(n: number): Paise {
  if (!Number.isSafeInteger(n)) throw new RangeError(`paise must be a safe integer, got ${n}`);
  return n as Paise;
}

export function rupees(r: number): Paise {
  return paise(Math.round(r * 100));
}

export function addPaise(...amounts: Paise[]): Paise {
  let total = 0;
  for (const a of amounts) total += a;
  return paise(total);
}

export function multiplyPaise(amount: Paise, factor: number): Paise {
  if (!Number.isSafeInteger(factor)) throw new RangeError('factor must be an integer');
  return paise(amount * factor);
}

/** Indian digit grouping: the last three digits, then groups of two (12,34,567). */
function groupIndian(whole: string): string {
  if (whole.length <= 3) return whole;
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3);
  return rest.replace(/\B(?=(\d{2})+(?!\d))/g, ',') + ',' + last3;
}

/** ₹ with Indian grouping; paise shown only when not a whole rupee amount. */
export function formatRupees(amount: Paise): string {
  const negative = amount < 0;
  const abs = Math.abs(amount);
  const whole = Math.floor(abs / 100);
  const fraction = abs % 100;
  const text = groupIndian(String(whole)) + (fraction ? '.' + String(fraction).padStart(2, '0') : '');
  return (negative ? '-₹' : '₹') + text;
}
