import { useMemo, type ComponentType, type ReactElement, type ReactNode } from 'react';
import {
  Admin,
  AppBar,
  CustomRoutes,
  Layout,
  TitlePortal,
  type AppBarProps,
  type MenuProps,
  type RaThemeOptions,
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
import { groupedMenu, type MenuGroup } from './GroupedMenu.tsx';

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
  /** The menu's sections by job; react-admin's flat menu without. */
  menuGroups?: readonly MenuGroup[];
  /** A search box in the app bar (the admin's: an order, a user, a product). */
  appBarSearch?: ComponentType;
  /** Light always; the seller console passes its own variant. */
  theme?: RaThemeOptions;
}

/** react-admin's app bar with the console's search box before its own buttons. */
const appBarWith = (Search: ComponentType) =>
  function ConsoleAppBar(props: AppBarProps) {
    return (
      <AppBar {...props}>
        <TitlePortal />
        <Search />
      </AppBar>
    );
  };

const title = <ConsoleTitle />;

/**
 * react-admin's layout plus the "sign in again" dialog sensitive actions wait on, with the
 * grouped menu and the app bar's extras when the console has them.
 */
const layoutWith = (
  prompt: RecentSignInPrompt | undefined,
  menu: ComponentType<MenuProps> | undefined,
  appBar: ComponentType<AppBarProps> | undefined,
) =>
  function ConsoleLayout({ children }: LayoutProps) {
    return (
      <Layout menu={menu} appBar={appBar}>
        {children}
        {prompt ? <RecentSignInDialog prompt={prompt} /> : null}
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
  menuGroups,
  appBarSearch,
  theme = consoleTheme,
}: ConsoleAdminProps) {
  const prompt = setup.recentSignIn;
  const menu = useMemo(() => (menuGroups ? groupedMenu(menuGroups) : undefined), [menuGroups]);
  const appBar = useMemo(
    () => (appBarSearch ? appBarWith(appBarSearch) : undefined),
    [appBarSearch],
  );
  const layout = useMemo(
    () => (prompt || menu || appBar ? layoutWith(prompt, menu, appBar) : undefined),
    [prompt, menu, appBar],
  );
  return (
    <Admin
      layout={layout}
      basename={CONSOLE_BASENAME}
      title={title}
      authProvider={setup.authProvider}
      dataProvider={setup.dataProvider}
      i18nProvider={setup.i18nProvider}
      store={setup.store}
      theme={theme}
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
