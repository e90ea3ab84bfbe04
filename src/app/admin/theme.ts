import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** The shell's focus colour: every keyboard-focused control shows the same ring. */
const focusRing = { outline: '3px solid #1a73e8', outlineOffset: '-3px' };

/** react-admin's light theme in the portal's colours (the same as the shell's CSS variables). */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    mode: 'light',
    primary: { main: '#0d3b66', dark: '#082845' },
    secondary: { main: '#e07a1f' },
    background: { default: '#f3f5f8' },
  },
  components: {
    ...defaultTheme.components,
    MuiButtonBase: {
      ...defaultTheme.components?.MuiButtonBase,
      styleOverrides: { root: { '&.Mui-focusVisible': focusRing } },
    },
  },
};
