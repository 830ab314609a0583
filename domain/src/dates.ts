/** Dates as the shop shows them: en-IN, in India's time zone, so the server and every browser agree. */

let dateFormatter: Intl.DateTimeFormat | undefined;

/**
 * '21 Nov 2026' (en-IN, day month year), in India's time zone so the server and every
 * browser show the same day. An unparseable date gives ''.
 */
export function formatDateIN(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  dateFormatter ??= new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });
  return dateFormatter.format(date);
}

let dateTimeFormatter: Intl.DateTimeFormat | undefined;

/** '18 Nov 2026, 10:15 pm' in India time; '' for a missing or unparseable date. */
export function formatDateTimeIN(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  dateTimeFormatter ??= new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });
  return dateTimeFormatter.format(date);
}
