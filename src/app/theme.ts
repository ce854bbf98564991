import { defaultTheme, type RaThemeOptions } from 'react-admin';
import type { Theme } from '@mui/material/styles';

export const SIDEBAR_WIDTH = 280;

/**
 * The console's teal (spec part 1 §1), a shade darker than MUI's teal 600 so that white text on
 * it and teal text on the page and on white reach WCAG AA (4.5:1): 5.3:1 under white, 4.9:1 on
 * the page background #f4f7f7, 4.7:1 on a filled input (#f0f0f0).
 */
export const TEAL = '#00796b';

/**
 * Filled chips and messages with white labels: MUI's default orange (#ed6c02, 3.1:1) and light
 * blue (#0288d1, 3.9:1) are too light for white text, so filled warning and info chips and
 * warning notifications use a deeper shade of the same hue (5.0:1 and 4.8:1).
 */
const CHIP_WARNING = '#b85000';
/**
 * Error red a shade darker than MUI's #d32f2f (4.4:1 on a filled input): 5.1:1 there, so a
 * field's error message under it reads at AA.
 */
const ERROR_RED = '#c62828';
const CHIP_INFO = '#0277bd';

/**
 * The system's "reduce motion" setting (WCAG 2.3.3), read when the console loads: dialogs, menus,
 * the sidebar, sections and toasts then appear and leave at once, and nothing moves on its own
 * (a spinner stands still as an arc, a loading bar as its track).
 */
const reduceMotion =
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

const NO_MOTION = {
  // MUI's transitions (dialog, menu, drawer, collapse, toast) wait their duration before the next
  // step (a closed dialog leaves the page after it): none at all.
  transitions: {
    duration: {
      shortest: 0,
      shorter: 0,
      short: 0,
      standard: 0,
      complex: 0,
      enteringScreen: 0,
      leavingScreen: 0,
    },
    getAutoHeightDuration: () => 0,
  },
  // CSS animations and transitions of anything else (a button's ripple, a skeleton's pulse, a
  // spinner, the charts' own) stop where they start.
  cssBaseline: {
    '*, *::before, *::after': {
      animation: 'none !important',
      transition: 'none !important',
      scrollBehavior: 'auto !important',
    },
  },
};

/** Teal primary, blue secondary (spec part 1 §1), over react-admin's default theme. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  ...(reduceMotion && { transitions: NO_MOTION.transitions }),
  palette: {
    ...defaultTheme.palette,
    primary: { main: TEAL, light: '#4ebaaa', dark: '#005b4f', contrastText: '#ffffff' },
    secondary: { main: '#1e88e5', light: '#6ab7ff', dark: '#005cb2', contrastText: '#ffffff' },
    background: { default: '#f4f7f7' },
    error: { main: ERROR_RED, light: '#ef5350', dark: '#8e0000', contrastText: '#ffffff' },
  },
  shape: { borderRadius: 8 },
  sidebar: { width: SIDEBAR_WIDTH, closedWidth: 0 },
  components: {
    ...defaultTheme.components,
    ...(reduceMotion && { MuiCssBaseline: { styleOverrides: NO_MOTION.cssBaseline } }),
    MuiChip: {
      variants: [
        {
          props: { variant: 'filled', color: 'warning' },
          style: { backgroundColor: CHIP_WARNING, color: '#ffffff' },
        },
        {
          props: { variant: 'filled', color: 'info' },
          style: { backgroundColor: CHIP_INFO, color: '#ffffff' },
        },
      ],
    },
    // A warning message (an import that rejected rows) on the same deeper orange as the chips.
    RaNotification: {
      styleOverrides: {
        root: { '& .RaNotification-warning': { backgroundColor: CHIP_WARNING, color: '#ffffff' } },
      },
    },
    // 12 px beside each cell's text rather than 16: a list of nine columns (code, name, type, level,
    // beds, contact, facility, hours, actions) fits a 1,440 px screen beside the sidebar.
    MuiTableCell: {
      styleOverrides: { root: { paddingLeft: 12, paddingRight: 12 } },
    },
    // A disabled field's helper text says why it waits ('Memuat...', 'Pilih Dokter terlebih
    // dahulu'): in the secondary text colour (5.7:1 on white), not the disabled grey (2.7:1).
    MuiFormHelperText: {
      styleOverrides: {
        root: ({ theme: t }: { theme: Theme }) => ({ '&.Mui-disabled': { color: t.palette.text.secondary } }),
      },
    },
    MuiToggleButton: {
      styleOverrides: {
        // Unselected: text.secondary rather than action.active (4.5:1 on the page background);
        // selected: the dark teal on its tinted background (6.3:1).
        root: ({ theme: t }: { theme: Theme }) => ({
          color: t.palette.text.secondary,
          '&.Mui-selected.MuiToggleButton-primary': { color: t.palette.primary.dark },
        }),
      },
    },
  },
};
