import '@testing-library/jest-dom/vitest';
import { render, screen } from '@testing-library/react';
import { Checkbox, createTheme, FormControlLabel, Switch, TextField, ThemeProvider } from '@mui/material';
import { createRef, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

function renderInTheme(element: ReactElement) {
  return render(<ThemeProvider theme={createTheme(theme)}>{element}</ThemeProvider>);
}

/** What react-admin 5.15 passes beside slotProps, which MUI 9's types no longer know. */
const mui5 = (props: Record<string, unknown>) => props;

describe('the props of MUI 5 that react-admin still passes, in the portal theme', () => {
  it('do not reach the DOM, and the slotProps given with them still apply', () => {
    const { container } = renderInTheme(
      <>
        <TextField label="Company ID" {...mui5({ InputProps: { readOnly: true } })} slotProps={{ input: { readOnly: true } }} />
        <Checkbox {...mui5({ inputProps: { 'aria-label': 'Select all' } })} slotProps={{ input: { 'aria-label': 'Select all' } }} />
      </>,
    );
    expect(container.querySelector('[inputprops]')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Company ID' })).toHaveAttribute('readonly');
    expect(screen.getByRole('checkbox', { name: 'Select all' })).toBeInTheDocument();
  });

  it("give BooleanInput's inputRef the switch's input, which react-hook-form focuses on an error", () => {
    const inputRef = createRef<HTMLInputElement>();
    renderInTheme(<FormControlLabel {...mui5({ inputRef })} control={<Switch />} label="One-time code by e-mail" />);
    expect(inputRef.current).toBe(screen.getByLabelText('One-time code by e-mail'));
  });
});
