import { useRef } from 'react';
import { IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import CalendarIcon from '@mui/icons-material/CalendarMonthOutlined';
import { FieldTitle, InputHelperText, useInput, useTranslate, type InputProps } from 'react-admin';
import { dayNumber } from '../../domain/dateRange';

/**
 * A browser's own date field shows its locale's format (mm/dd/yyyy in an American Chromium,
 * dd.mm.yyyy in a German one) while every other screen shows ISO dates. This one shows and takes
 * YYYY-MM-DD everywhere; eight digits typed in a row become 2026-11-25 when the field is left; the
 * calendar button opens the browser's own date picker for those who would rather click.
 */
export function normaliseIsoDate(text: string): string {
  const trimmed = text.trim();
  const digits = /^(\d{4})(\d{2})(\d{2})$/.exec(trimmed);
  return digits ? `${digits[1]}-${digits[2]}-${digits[3]}` : trimmed;
}

type IsoDateFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & {
  value: string;
  onChange: (value: string) => void;
  /** The accessible name of the calendar button ("Choose flight date from"). */
  pickerLabel: string;
};

export function IsoDateField({ value, onChange, pickerLabel, slotProps, onBlur, ...rest }: IsoDateFieldProps) {
  const picker = useRef<HTMLInputElement>(null);
  const openPicker = () => {
    const native = picker.current;
    if (!native) return;
    native.value = dayNumber(value) === undefined ? '' : value;
    if (typeof native.showPicker === 'function') native.showPicker();
    else native.focus();
  };
  return (
    <TextField
      {...rest}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={(event) => {
        const normal = normaliseIsoDate(event.target.value);
        if (normal !== value) onChange(normal);
        onBlur?.(event);
      }}
      slotProps={{
        ...slotProps,
        inputLabel: { shrink: true, ...(slotProps?.inputLabel as object) },
        htmlInput: { placeholder: 'YYYY-MM-DD', inputMode: 'numeric', autoComplete: 'off', maxLength: 10, ...(slotProps?.htmlInput as object) },
        input: {
          endAdornment: (
            <InputAdornment position="end" sx={{ position: 'relative' }}>
              <IconButton size="small" edge="end" aria-label={pickerLabel} onClick={openPicker}>
                <CalendarIcon fontSize="small" />
              </IconButton>
              <input
                ref={picker}
                type="date"
                tabIndex={-1}
                aria-hidden
                onChange={(event) => event.target.value && onChange(event.target.value)}
                style={{ position: 'absolute', right: 0, bottom: 0, width: 1, height: 1, opacity: 0, border: 0, padding: 0, pointerEvents: 'none' }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

const isoDateProblem = (value: unknown) => (value && dayNumber(String(value)) === undefined ? 'app.dates.invalid' : undefined);

/** The react-admin input of a date (filters and forms): YYYY-MM-DD, empty as null. */
export function IsoDateInput(props: InputProps & { fullWidth?: boolean; size?: 'small' | 'medium'; autoFocus?: boolean }) {
  const translate = useTranslate();
  const { validate, label, source, resource, helperText, fullWidth, size, autoFocus } = props;
  const { field, fieldState, isRequired } = useInput({
    ...props,
    validate: [isoDateProblem, ...(Array.isArray(validate) ? validate : validate ? [validate] : [])],
    parse: (value: string) => (value === '' ? null : value),
    format: (value: unknown) => (typeof value === 'string' ? value.slice(0, 10) : ''),
  });
  const title = <FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} />;
  const invalid = fieldState.invalid;
  return (
    <IsoDateField
      name={field.name}
      value={field.value ?? ''}
      onChange={(value) => field.onChange(value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={title}
      fullWidth={fullWidth}
      size={size ?? 'small'}
      autoFocus={autoFocus}
      error={invalid}
      pickerLabel={translate('app.dates.choose', { field: typeof label === 'string' ? translate(label, { _: label }) : source })}
      helperText={helperText === false && !invalid ? undefined : <InputHelperText error={fieldState.error?.message} helperText={helperText} />}
      sx={{ minWidth: 180 }}
    />
  );
}
