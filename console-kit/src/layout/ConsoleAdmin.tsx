import { useMemo, type ReactElement, type ReactNode } from 'react';
import {
  Admin,
  CustomRoutes,
  Layout,
  type DashboardComponent,
  type LayoutProps,
  type LoginComponent,
  type RenderResourcesFunction,
} from 'react-admin';
import type { RecentSignInPrompt } from '../auth/recent-sign-in.ts';
import { RecentSignInDialog } from '../auth/RecentSignInDialog.tsx';
import { Route } from 'react-router-dom';
import { consoleTheme } from '../theme/console-theme.ts';
import type { ConsoleSetup } from '../console-setup.ts';
import { CONSOLE_BASENAME } from './console-basename.ts';
import { ConsoleLoginPage } from './ConsoleLoginPage.tsx';
import { ConsoleTitle } from './ConsoleTitle.tsx';

/** A page anyone may open, signed in or not, outside the console's layout (e.g. a sign-up form). */
export interface PublicRoute {
  /** Relative to the console, e.g. `/register` for `/seller/register`. */
  path: string;
  element: ReactElement;
}

export interface ConsoleAdminProps {
  setup: ConsoleSetup;
  dashboard: DashboardComponent;
  /** Defaults to `ConsoleLoginPage`. */
  loginPage?: LoginComponent;
  /** Pages rendered without layout and without sign-in (react-admin's `<CustomRoutes noLayout>`). */
  publicRoutes?: readonly PublicRoute[];
  /** The console's `<Resource>`s, or one function of the permissions returning them. */
  children: ReactNode | RenderResourcesFunction;
}

const title = <ConsoleTitle />;

/** react-admin's layout plus the "sign in again" dialog sensitive actions wait on. */
const layoutWith = (prompt: RecentSignInPrompt) =>
  function ConsoleLayout({ children }: LayoutProps) {
    return (
      <Layout>
        {children}
        <RecentSignInDialog prompt={prompt} />
      </Layout>
    );
  };

/**
 * react-admin's `<Admin>` with what every console shares: auth, data, i18n, light theme, login.
 * Render it through `mountConsole`, which provides the browser router it expects.
 */
export function ConsoleAdmin({
  setup,
  dashboard,
  loginPage = ConsoleLoginPage,
  publicRoutes = [],
  children,
}: ConsoleAdminProps) {
  const prompt = setup.recentSignIn;
  const layout = useMemo(() => (prompt ? layoutWith(prompt) : undefined), [prompt]);
  return (
    <Admin
      layout={layout}
      basename={CONSOLE_BASENAME}
      title={title}
      authProvider={setup.authProvider}
      dataProvider={setup.dataProvider}
      i18nProvider={setup.i18nProvider}
      store={setup.store}
      theme={consoleTheme}
      darkTheme={null}
      defaultTheme="light"
      loginPage={loginPage}
      dashboard={dashboard}
      requireAuth
      disableTelemetry
    >
      {publicRoutes.length > 0 ? (
        <CustomRoutes noLayout>
          {publicRoutes.map(({ path, element }) => (
            <Route key={path} path={path} element={element} />
          ))}
        </CustomRoutes>
      ) : null}
      {children}
    </Admin>
  );
}
