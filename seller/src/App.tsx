import { ConsoleAdmin } from '@market/console-kit';
import { Resource } from 'react-admin';
import categories from './categories/index.ts';
import { Dashboard } from './dashboard/Dashboard.tsx';
import { sellerSetup } from './setup.ts';

/** The seller console. */
export function App() {
  return (
    <ConsoleAdmin setup={sellerSetup} dashboard={Dashboard}>
      <Resource name="categories" {...categories} />
    </ConsoleAdmin>
  );
}
