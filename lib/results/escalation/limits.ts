/**
 * The numbers escalation's method fixes, in a module of their own (no imports) so that the page, the API, the command
 * line and the calibration read the same ones.
 */

/** The authors' minimum number of calibration items at a threshold before it is tested. */
export const MIN_ITEMS_AT_THRESHOLD = 30;
