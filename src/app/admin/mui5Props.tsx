import { createElement, forwardRef, useCallback, type Ref } from 'react';
import { setRef, useForkRef } from '@mui/material/utils';

/**
 * react-admin 5.15 still gives MUI the props of MUI 5 beside the slotProps MUI 9 reads instead:
 * TextField's InputProps (every TextInput, SelectInput, SearchInput and PasswordInput), the
 * select-all Checkbox's inputProps (DataTable) and BooleanInput's inputRef on FormControlLabel.
 * MUI 9 hands them on to the component's root element, where React reports an unknown DOM prop.
 * The roots below are those same elements without them; the theme makes them the roots of
 * FormControl, Checkbox and FormControlLabel. Nothing is lost: react-admin gives the same values
 * as slotProps, and the inputRef, which has no slotProps twin there, gets the label's input.
 */

/** The props of MUI 5 that MUI 9 no longer reads on TextField and Checkbox. */
const MUI5_PROPS: ReadonlySet<string> = new Set(['InputProps', 'inputProps', 'InputLabelProps', 'FormHelperTextProps', 'SelectProps']);

type RootProps = Record<string, unknown>;

function withoutMui5Props(props: RootProps): RootProps {
  return Object.fromEntries(Object.entries(props).filter(([name]) => !MUI5_PROPS.has(name)));
}

/** FormControl's root, and so TextField's: a div. */
export const FormControlRoot = forwardRef<HTMLDivElement, RootProps>(function FormControlRoot(props, ref) {
  return createElement('div', { ...withoutMui5Props(props), ref });
});

/** Checkbox's root: the span its SwitchBase draws. */
export const CheckboxRoot = forwardRef<HTMLSpanElement, RootProps>(function CheckboxRoot(props, ref) {
  return createElement('span', { ...withoutMui5Props(props), ref });
});

/** FormControlLabel's root: a label; an inputRef (react-hook-form's, to focus the field) gets the control's input. */
export const ControlLabelRoot = forwardRef<HTMLLabelElement, RootProps>(function ControlLabelRoot({ inputRef: givenRef, ...props }, ref) {
  const inputRef = givenRef as Ref<HTMLInputElement> | undefined;
  const toInput = useCallback((label: HTMLLabelElement | null) => setRef(inputRef, label?.querySelector('input') ?? null), [inputRef]);
  return createElement('label', { ...props, ref: useForkRef(ref, toInput) });
});
