import { useFieldValue, type FieldProps } from 'react-admin';
import { utcDateTime } from '../../domain/dateRange';

/**
 * A column's moment in the portal's one format, 'YYYY-MM-DD HH:mm UTC' (react-admin's DateField
 * would follow the browser's locale: 11/25/2026, 10:50 PM): `<Col source="at" field={DateTimeField} />`.
 */
export function DateTimeField({ seconds = false, ...props }: FieldProps & { seconds?: boolean }) {
  const value = useFieldValue(props) as string | null | undefined;
  return value ? (
    <time dateTime={value} style={{ whiteSpace: 'nowrap' }}>
      {utcDateTime(value, { seconds })}
    </time>
  ) : null;
}

/** The same with seconds, for logs: `<Col source="at" field={DateTimeSecondsField} />`. */
export function DateTimeSecondsField(props: FieldProps) {
  return <DateTimeField {...props} seconds />;
}
