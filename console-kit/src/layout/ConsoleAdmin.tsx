import type { ReactNode } from 'react';
import { Admin, type DashboardComponent } from 'react-admin';
import { consoleTheme } from '../theme/console-theme.ts';
import type { ConsoleSetup } from '../console-setup.ts';
import { CONSOLE_BASENAME } from './console-basename.ts';
import { ConsoleLoginPage } from './ConsoleLoginPage.tsx';
import { ConsoleTitle } from './ConsoleTitle.tsx';

export interface ConsoleAdminProps {
  setup: ConsoleSetup;
  dashboard: DashboardComponent;
  /** The console's `<Resource>`s. */
  children: ReactNode;
}

const title = <ConsoleTitle />;

/**
 * react-admin's `<Admin>` with what every console shares: auth, data, i18n, light theme, login.
 * Render it through `mountConsole`, which provides the browser router it expects.
 */
export function ConsoleAdmin({ setup, dashboard, children }: ConsoleAdminProps) {
  return (
    <Admin
      basename={CONSOLE_BASENAME}
      title={title}
      authProvider={setup.authProvider}
      dataProvider={setup.dataProvider}
      i18nProvider={setup.i18nProvider}
      store={setup.store}
      theme={consoleTheme}
      darkTheme={null}
      defaultTheme="light"
      loginPage={ConsoleLoginPage}
      dashboard={dashboard}
      requireAuth
      disableTelemetry
    >
      {children}
    </Admin>
  );
}
