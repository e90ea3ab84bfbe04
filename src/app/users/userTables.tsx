import { DateField } from 'react-admin';

/** For the user management lists: narrow screens scroll the table sideways instead of widening the page. */
export const scrollingTable = { '& .RaList-content': { overflowX: 'auto', maxWidth: { xs: 'calc(100vw - 16px)', md: 'none' } } } as const;

/** A column's date with the time of day: `<Col source="updated_at" field={DateTimeField} />`. */
export function DateTimeField({ source }: { source: string }) {
  return <DateField source={source} showTime />;
}
