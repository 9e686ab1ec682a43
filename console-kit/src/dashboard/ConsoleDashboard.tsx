import { Card, CardContent, CardHeader, List, ListItem, Typography } from '@mui/material';
import { Title, useGetIdentity, useTranslate } from 'react-admin';

export interface ConsoleDashboardProps {
  /** Keys under `app.dashboard.sections` listing what the console holds or will hold. */
  sections: readonly string[];
}

/** Greets the signed-in user by email and lists what the console is for. */
export function ConsoleDashboard({ sections }: ConsoleDashboardProps) {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const email = typeof identity?.email === 'string' ? identity.email : identity?.fullName;
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="app.title" />
      <CardHeader title={translate('app.dashboard.title')} />
      <CardContent>
        {email ? (
          <Typography variant="h6" component="p" gutterBottom>
            {translate('app.dashboard.greeting', { email })}
          </Typography>
        ) : null}
        <Typography>{translate('app.dashboard.intro')}</Typography>
        <List dense>
          {sections.map((section) => (
            <ListItem key={section}>{translate(`app.dashboard.sections.${section}`)}</ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
