import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Title, useGetIdentity, useTranslate } from 'react-admin';

export interface ConsoleDashboardProps {
  /** What the home opens on under the greeting: the work waiting (`WorkQueues`). */
  children?: ReactNode;
}

/** Greets the signed-in user by email, then shows what waits for them. */
export function ConsoleDashboard({ children }: ConsoleDashboardProps) {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const email = typeof identity?.email === 'string' ? identity.email : identity?.fullName;
  return (
    <>
      <Title title="app.title" />
      {email ? (
        <Card sx={{ mt: 2 }}>
          <CardContent>
            <Typography variant="h6" component="p">
              {translate('app.dashboard.greeting', { email })}
            </Typography>
          </CardContent>
        </Card>
      ) : null}
      {children}
    </>
  );
}
