import { defaultLightTheme, type RaThemeOptions } from 'react-admin';

/** The product's layout breakpoints that MUI's five named ones map to. */
export const CONSOLE_BREAKPOINTS = { xs: 0, sm: 600, md: 992, lg: 1200, xl: 1920 } as const;

/** react-admin's light theme on the product's breakpoints; the consoles have no dark mode. */
export const consoleTheme: RaThemeOptions = {
  ...defaultLightTheme,
  breakpoints: { values: CONSOLE_BREAKPOINTS },
};
