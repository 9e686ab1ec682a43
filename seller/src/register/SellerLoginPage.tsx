import { ConsoleLoginPage } from '@market/console-kit';
import { Link, useBasename, useTranslate } from 'react-admin';

/** Where the public application form lives, relative to the console (`/seller/register`). */
export const REGISTER_PATH = '/register';

/** The kit's sign-in page plus the way in for newcomers: "Apply to sell". */
export function SellerLoginPage() {
  const translate = useTranslate();
  // Links are not relative to the console's sub-path: prefix it, as react-admin's own links do.
  const basename = useBasename();
  return (
    <ConsoleLoginPage>
      <Link to={`${basename}${REGISTER_PATH}`}>{translate('app.register.link')}</Link>
    </ConsoleLoginPage>
  );
}
