const PARTS = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;
const SECONDS = [86_400, 3600, 60, 1];

/** Seconds in an ISO 8601 duration of days, hours, minutes and seconds (DURATION_PATTERN); null for another text. */
export function durationSeconds(duration: string): number | null {
  const parts = PARTS.exec(duration);
  if (!parts) return null;
  return SECONDS.reduce((total, seconds, i) => total + Number(parts[i + 1] ?? 0) * seconds, 0);
}
