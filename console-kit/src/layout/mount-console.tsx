import { StrictMode, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { CONSOLE_BASENAME } from './console-basename.ts';

type ConsoleRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Renders a console into `#root` under a browser router, so pages have real paths
 * (`/admin/categories`) rather than react-admin's default hash URLs. A data router, so
 * react-admin can warn about unsaved changes.
 */
export function mountConsole(app: ReactElement): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const router = createBrowserRouter([{ path: `${CONSOLE_BASENAME}/*`, element: app }]);
  createRoot(container).render(
    <StrictMode>
      <ConsoleRouterProvider router={router} />
    </StrictMode>,
  );
}

/**
 * The console's router. Navigations are rendered as ordinary updates, not React transitions
 * (`useTransitions={false}`): in a transition the previous page stays on screen, and takes input,
 * while the next one renders, so what someone typed right after following a link (e.g. the Email
 * of "Apply to sell", just after the login page's own Email field) went into the page being left.
 */
export function ConsoleRouterProvider({ router }: { router: ConsoleRouter }) {
  return <RouterProvider router={router} useTransitions={false} />;
}
