import LogoutIcon from '@mui/icons-material/Logout';
import RefreshIcon from '@mui/icons-material/Refresh';
import {
  Alert,
  Button,
  Card,
  CardActions,
  CardContent,
  CardHeader,
  CircularProgress,
  Stack,
  Typography,
  type AlertColor,
} from '@mui/material';
import type { ConsoleAuthProvider } from '@market/console-kit';
import type { SellerApplication, SellerStatus } from '@market/shared';
import { useEffect, useState } from 'react';
import {
  Title,
  useAuthProvider,
  useDataProvider,
  useLocaleState,
  useLogout,
  useTranslate,
} from 'react-admin';
import type { SellerDataProvider } from '../providers/seller-data-provider.ts';

type Loaded =
  | { state: 'loading' }
  | { state: 'loaded'; application: SellerApplication | null }
  | { state: 'failed' };

const SEVERITY: Record<SellerStatus, AlertColor> = {
  pending: 'info',
  approved: 'success',
  rejected: 'error',
  suspended: 'warning',
};

export interface ApplicationStatusProps {
  /** Reloads the page once the token is fresh; replaceable in tests. */
  reload?: () => void;
}

const reloadPage = () => window.location.reload();

/**
 * What an applicant (signed in, not an approved seller) sees instead of the console: the
 * status of their application, the admin's reason when rejected or suspended, "Check again"
 * (a fresh ID token, so an approval since sign-in counts, then a reload) and "Sign out".
 */
export function ApplicationStatus({ reload = reloadPage }: ApplicationStatusProps) {
  const dataProvider = useDataProvider<SellerDataProvider>();
  const authProvider = useAuthProvider<ConsoleAuthProvider>();
  const logout = useLogout();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [checking, setChecking] = useState(false);

  useEffect(() => {
    let current = true;
    dataProvider.getSellerApplication().then(
      (application) => {
        if (current) setLoaded({ state: 'loaded', application });
      },
      () => {
        if (current) setLoaded({ state: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [dataProvider]);

  const checkAgain = async () => {
    setChecking(true);
    try {
      await authProvider?.refreshClaims();
      reload();
    } catch {
      // The session ended (e.g. revoked on a suspension): sign in again.
      await logout();
    }
  };

  return (
    <Card sx={{ mt: 2, maxWidth: 720 }}>
      <Title title="app.application.title" />
      <CardHeader title={translate('app.application.title')} />
      <CardContent>
        {loaded.state === 'loading' ? (
          <CircularProgress size={24} aria-label={translate('ra.page.loading')} />
        ) : loaded.state === 'failed' ? (
          <Alert severity="error">{translate('app.application.load_failed')}</Alert>
        ) : loaded.application === null ? (
          <Alert severity="info">{translate('app.application.none')}</Alert>
        ) : (
          <ApplicationDetails application={loaded.application} locale={locale} />
        )}
      </CardContent>
      <CardActions>
        {/* Fire-and-forget clicks: checkAgain handles its own failure, logout redirects. */}
        <Button startIcon={<RefreshIcon />} onClick={() => void checkAgain()} disabled={checking}>
          {translate('app.application.check_again')}
        </Button>
        <Button startIcon={<LogoutIcon />} onClick={() => void logout()}>
          {translate('app.application.sign_out')}
        </Button>
      </CardActions>
    </Card>
  );
}

function ApplicationDetails({
  application,
  locale,
}: {
  application: SellerApplication;
  locale: string;
}) {
  const translate = useTranslate();
  const { status, statusReason, name, createdAt } = application;
  const date = new Date(createdAt);
  return (
    <Stack spacing={2}>
      <Alert severity={SEVERITY[status]}>
        <Typography component="p" variant="body1" sx={{ fontWeight: 500 }}>
          {translate(`app.application.status.${status}`)}
        </Typography>
        <Typography component="p" variant="body2">
          {translate(`app.application.next.${status}`)}
        </Typography>
      </Alert>
      {statusReason && (status === 'rejected' || status === 'suspended') ? (
        <Typography>{translate('app.application.reason', { reason: statusReason })}</Typography>
      ) : null}
      <div>
        <Typography variant="body2" color="text.secondary">
          {translate('app.application.shop', { name })}
        </Typography>
        {Number.isNaN(date.getTime()) ? null : (
          <Typography variant="body2" color="text.secondary">
            {translate('app.application.applied', { date: date.toLocaleDateString(locale) })}
          </Typography>
        )}
      </div>
    </Stack>
  );
}
