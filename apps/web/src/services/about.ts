/** The version the about dialog shows (spec interface §9). */
export const APP_VERSION = '6.0.1';

/** The copyright year the about dialog shows (spec interface §2). */
export const COPYRIGHT_YEAR = 2022;
