/** How long one payment extends a sponsorship, in calendar months. */
export interface SponsorPeriod {
  months: number;
}

/** What `extendSponsorship` did: the user's sponsorUntil afterwards, and whether this payment
 * was applied now (false when its id had been applied before). */
export interface ExtendResult {
  sponsorUntil: number;
  applied: boolean;
}

/** Where sponsorships are kept: one `sponsorUntil` (ms since the epoch) per user id
 * (`gh:{id}`, `go:{sub}`), and the ids of the payments already applied. Implemented by
 * `SqliteSponsorStore` (a file, the default) and `PostgresSponsorStore` (`DATABASE_URL`). */
export interface SponsorStore {
  /** The user's sponsorUntil, or undefined when the user never had a sponsorship. */
  getSponsorUntil(userId: string): Promise<number | undefined>;
  /** Extends the user's sponsorship by `period`, from the later of `now` and the current
   * sponsorUntil. Idempotent per `paymentId`: a payment id already applied changes nothing. */
  extendSponsorship(
    userId: string,
    period: SponsorPeriod,
    paymentId: string,
    now?: number,
  ): Promise<ExtendResult>;
  /** Releases the file or the connections. */
  close(): Promise<void>;
}

/** `from` plus `period`, in UTC calendar months; the day is kept, or clamped to the last day of
 * a shorter month (31 January + 1 month = 28 or 29 February). */
export function addPeriod(from: number, period: SponsorPeriod): number {
  const date = new Date(from);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + period.months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date.getTime();
}

/** The new sponsorUntil of a payment: `period` added to the later of now and the current one. */
export function extendedUntil(
  current: number | undefined,
  period: SponsorPeriod,
  now: number,
): number {
  return addPeriod(Math.max(now, current ?? 0), period);
}
