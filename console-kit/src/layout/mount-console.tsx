import { StrictMode, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { CONSOLE_BASENAME } from './console-basename.ts';

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
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
