/** Calendar days as the shop counts them: in Bangkok, UTC+7 all year (Thailand has no daylight saving). */
import { BANGKOK_UTC_OFFSET_HOURS } from '@sala/shared/constants';

const OFFSET_MS = BANGKOK_UTC_OFFSET_HOURS * 3600e3;

/** Midnight of the Bangkok calendar day that `now` falls in. */
export function startOfBangkokDay(now: Date): Date {
  const local = new Date(now.getTime() + OFFSET_MS);
  local.setUTCHours(0, 0, 0, 0);
  return new Date(local.getTime() - OFFSET_MS);
}

/** The Bangkok calendar date of `now`, as YYYY-MM-DD. */
export function bangkokDate(now: Date): string {
  return new Date(now.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}
