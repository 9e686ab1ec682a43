import { defaultLightTheme, type RaThemeOptions } from 'react-admin';

/** The product's layout breakpoints that MUI's five named ones map to. */
export const CONSOLE_BREAKPOINTS = { xs: 0, sm: 600, md: 992, lg: 1200, xl: 1920 } as const;

/** react-admin's light theme on the product's breakpoints; the consoles have no dark mode. */
export const consoleTheme: RaThemeOptions = {
  ...defaultLightTheme,
  breakpoints: { values: CONSOLE_BREAKPOINTS },
};

/**
 * The seller console's variant (spec: "seller theme variant kept"): light too, with its own
 * accent, so a person with both consoles open tells the shop from the marketplace's admin.
 */
export const sellerConsoleTheme: RaThemeOptions = {
  ...consoleTheme,
  palette: {
    ...defaultLightTheme.palette,
    mode: 'light',
    // Teal, dark enough for white text on the app bar (contrast 5.4:1).
    primary: { main: '#00796b' },
    secondary: { main: '#00695c' },
  },
};
