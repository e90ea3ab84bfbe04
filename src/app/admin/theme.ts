import type { FormControlLabelProps } from '@mui/material';
import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { CheckboxRoot, ControlLabelRoot, FormControlRoot } from './mui5Props';
import './inputAutofill.css';

/** The shell's focus colour: every keyboard-focused control shows the same ring. */
const focusRing = { outline: '3px solid #1a73e8', outlineOffset: '-3px' };

/**
 * react-admin's light theme in the portal's colours (the same as the shell's CSS variables).
 * Status colours are dark enough for small text on white and on the grey toolbars (WCAG AA, 4.5:1),
 * and the contrast threshold makes MUI put dark text on any colour white text would not suit.
 */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    mode: 'light',
    contrastThreshold: 4.5,
    primary: { main: '#0d3b66', dark: '#082845' },
    secondary: { main: '#e07a1f' },
    error: { main: '#b3261e' },
    warning: { main: '#b45309' },
    info: { main: '#0265a0' },
    success: { main: '#2e7d32' },
    background: { default: '#f3f5f8' },
  },
  components: {
    ...defaultTheme.components,
    MuiButtonBase: {
      ...defaultTheme.components?.MuiButtonBase,
      styleOverrides: { root: { '&.Mui-focusVisible': focusRing } },
    },
    MuiCircularProgress: {
      ...defaultTheme.components?.MuiCircularProgress,
      // Every spinner of the portal sits beside words that say what is loading, or inside a button
      // that names the action: it is decoration, and a progressbar without a name is an axe violation.
      defaultProps: { ...defaultTheme.components?.MuiCircularProgress?.defaultProps, 'aria-hidden': true },
    },
    // The roots without the props of MUI 5 react-admin still passes (mui5Props.tsx).
    MuiFormControl: {
      ...defaultTheme.components?.MuiFormControl,
      defaultProps: { ...defaultTheme.components?.MuiFormControl?.defaultProps, component: FormControlRoot },
    },
    MuiFormControlLabel: {
      ...defaultTheme.components?.MuiFormControlLabel,
      // `as`: FormControlLabel has no root slot; its styled label takes the element from it.
      defaultProps: { ...defaultTheme.components?.MuiFormControlLabel?.defaultProps, as: ControlLabelRoot } as Partial<FormControlLabelProps>,
    },
    MuiCheckbox: {
      ...defaultTheme.components?.MuiCheckbox,
      defaultProps: {
        ...defaultTheme.components?.MuiCheckbox?.defaultProps,
        component: CheckboxRoot,
        // A label given as aria-label (react-admin's row checkboxes do) names the checkbox input
        // itself, not its wrapping span, which has no role to carry it.
        slotProps: {
          root: (ownerState: { 'aria-label'?: string }) => (ownerState['aria-label'] ? { 'aria-label': undefined } : {}),
          input: (ownerState: { 'aria-label'?: string }) => (ownerState['aria-label'] ? { 'aria-label': ownerState['aria-label'] } : {}),
        },
      },
    },
    // Every MUI input mounted its own global style sheet (the autofill keyframes): a style element and rules per field,
    // eleven on the shipment page, within the signed-in app's first commit (issue 16). inputAutofill.css has them once.
    MuiInputBase: {
      ...defaultTheme.components?.MuiInputBase,
      defaultProps: { ...defaultTheme.components?.MuiInputBase?.defaultProps, disableInjectingGlobalStyles: true },
    },
    // The content column may shrink below its widest table (min-width 0): a wide table scrolls in its own box
    // at 991, 767 and 499 px instead of pushing the page, its toolbar and its buttons off the right edge.
    RaLayout: {
      styleOverrides: { root: { minWidth: 0, '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 } } },
    },
    // A page's buttons (Add user, Change history...) wrap onto a second line when the page is narrow
    // instead of running off its right edge (react-admin keeps them on one line).
    RaTopToolbar: { styleOverrides: { root: { flexWrap: 'wrap', minWidth: 0, maxWidth: '100%' } } },
    // A list's table scrolls sideways in its own box when the page is narrower than its columns (991, 767, 499 px),
    // and its filters and buttons wrap (on a phone the buttons are icons, a row of their own above the filters).
    // The scroll sits on the table, not the card, so the bulk toolbar that slides up over the list's actions is not clipped.
    RaList: {
      styleOverrides: {
        root: {
          '& .RaList-main': { minWidth: 0 },
          '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
        },
      },
    },
    RaListToolbar: {
      styleOverrides: {
        root: {
          maxWidth: '100%',
          columnGap: 16,
          flexWrap: 'wrap',
          // (On a phone react-admin stacks the buttons' row over the filters, where wrapping would start a second column.)
          '@media (max-width: 599.95px)': { flexWrap: 'nowrap', alignItems: 'stretch' },
          '& form': { flexWrap: 'wrap', minWidth: 0, maxWidth: '100%' },
        },
      },
    },
  } as RaThemeOptions['components'],
};
