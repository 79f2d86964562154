import { parseHHMM } from '@crust/domain/hours';

/** Minutes after midnight from "23:00" or "11:00 PM"; null when neither. */
export function parseClock(text: string): number | null {
  const trimmed = text.trim();
  try {
    return parseHHMM(trimmed);
  } catch {
    const m = /^(\d{1,2}):([0-5]\d)\s*([AaPp])\.?[Mm]\.?$/.exec(trimmed);
    if (!m) return null;
    const h = Number(m[1]);
    if (h < 1 || h > 12) return null;
    const pm = m[3]!.toLowerCase() === 'p';
    return ((h % 12) + (pm ? 12 : 0)) * 60 + Number(m[2]);
  }
}
