/**
 * MUI's buildFormatNumber (@mui/material/locale/utils/buildFormatNumber.mjs), with its Intl.NumberFormat made on
 * first use instead of when the function is called. TablePagination calls it at module level, so loading the
 * signed-in app's MUI chunk made a NumberFormat, which makes Chromium load its ICU number data: 30 to 70 ms of the
 * main thread within the scripts' evaluation, for a formatter the portal never uses (react-admin's pagination brings
 * its own label). vite.startup.ts puts this module in the original's place.
 */
export default function buildFormatNumber(locale: string): (value: number) => string {
  let formatter: Intl.NumberFormat | null | undefined;
  return (value) => {
    if (!Number.isFinite(value)) return String(value);
    if (formatter === undefined) {
      try {
        formatter = new Intl.NumberFormat(locale);
      } catch {
        formatter = null;
      }
    }
    return formatter ? formatter.format(value) : String(value);
  };
}
