const counts = new Intl.NumberFormat('en-US');

/** A count as the page shows it, whatever the browser's locale: 19,412. */
export function formatCount(value: number): string {
  return counts.format(value);
}
