import { ConsoleAdmin } from '@market/console-kit';
import { Resource } from 'react-admin';
import categories from './categories/index.ts';
import { Dashboard } from './dashboard/Dashboard.tsx';
import { adminSetup } from './setup.ts';

/** The admin console. */
export function App() {
  return (
    <ConsoleAdmin setup={adminSetup} dashboard={Dashboard}>
      <Resource name="categories" {...categories} />
    </ConsoleAdmin>
  );
}
