const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;

/** How long ago `time` was, said as a person would (“3 minutes ago”, “yesterday”…). */
export function relativeTime(time: number, now: number): string {
  const age = Math.max(0, now - time);
  if (age < 45 * SECOND) return 'a few seconds ago';
  if (age < 90 * SECOND) return 'a minute ago';
  if (age < 45 * MINUTE) return plural(Math.round(age / MINUTE), 'minute');
  if (age < 90 * MINUTE) return 'an hour ago';
  if (age < 22 * HOUR) return plural(Math.round(age / HOUR), 'hour');
  if (age < 36 * HOUR) return 'a day ago';
  if (age < 26 * DAY) return plural(Math.round(age / DAY), 'day');
  if (age < 45 * DAY) return 'a month ago';
  if (age < 320 * DAY) return plural(Math.round(age / (30 * DAY)), 'month');
  if (age < 548 * DAY) return 'a year ago';
  return plural(Math.round(age / (365 * DAY)), 'year');
}

/** The date and time of `time`, in full, for a title. */
export function absoluteTime(time: number): string {
  return new Date(time).toLocaleString();
}
