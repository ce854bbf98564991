import { defaultTheme, type RaThemeOptions } from 'react-admin';

export const SIDEBAR_WIDTH = 280;

/** Teal primary, blue secondary (spec part 1 §1), over react-admin's default theme. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#00897b', light: '#4ebaaa', dark: '#005b4f', contrastText: '#ffffff' },
    secondary: { main: '#1e88e5', light: '#6ab7ff', dark: '#005cb2', contrastText: '#ffffff' },
    background: { default: '#f4f7f7' },
  },
  shape: { borderRadius: 8 },
  sidebar: { width: SIDEBAR_WIDTH, closedWidth: 0 },
};
