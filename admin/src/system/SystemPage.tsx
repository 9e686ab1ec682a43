import { ChoiceChipField } from '@market/console-kit';
import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import {
  Datagrid,
  DateField,
  ListBase,
  NumberField,
  ResourceContextProvider,
  TextField,
  Title,
  useTranslate,
} from 'react-admin';

/** The instances' heartbeats come every 5 s: the page follows them without a reload. */
const REFRESH_MS = 5_000;

const OUTCOME_COLORS = { ok: 'success', failed: 'error', skipped: 'default' } as const;
const ROLE_COLORS = { web: 'primary', worker: 'secondary', all: 'default' } as const;

/** One of the page's lists: a titled card over a read-only grid of `resource`. */
function Section({
  resource,
  sort,
  children,
}: {
  resource: 'instances' | 'jobs';
  sort: { field: string; order: 'ASC' | 'DESC' };
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <ResourceContextProvider value={resource}>
      <ListBase
        resource={resource}
        sort={sort}
        perPage={100}
        disableSyncWithLocation
        storeKey={false}
        queryOptions={{ refetchInterval: REFRESH_MS }}
      >
        <Card sx={{ mb: 2 }}>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {translate(`resources.system.sections.${resource}`)}
            </Typography>
            <Datagrid bulkActionButtons={false} rowClick={false}>
              {children}
            </Datagrid>
          </CardContent>
        </Card>
      </ListBase>
    </ResourceContextProvider>
  );
}

/**
 * The System page: the server's live instances (role, version, process, start, last heartbeat)
 * and each background job's last run across them (when, how it ended, which instance ran it),
 * the lease held on it now and the work waiting in its queue. Read-only; refreshed every 5 s.
 */
export function SystemPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate('resources.system.name', { smart_count: 1 })} />
      <Section resource="instances" sort={{ field: 'id', order: 'ASC' }}>
        <TextField source="id" />
        <ChoiceChipField source="role" labels="resources.instances.roles" colors={ROLE_COLORS} />
        <TextField source="version" />
        <NumberField source="pid" options={{ useGrouping: false }} />
        <DateField source="startedAt" showTime />
        <DateField source="lastSeenAt" showTime />
      </Section>
      <Section resource="jobs" sort={{ field: 'id', order: 'ASC' }}>
        <TextField source="id" />
        <DateField source="lastStartedAt" showTime />
        <ChoiceChipField
          source="lastOutcome"
          labels="resources.jobs.outcomes"
          colors={OUTCOME_COLORS}
        />
        <NumberField source="lastDurationMs" />
        <TextField source="lastOwner" />
        <TextField source="leaseOwner" emptyText="—" />
        <NumberField source="backlog" emptyText="—" />
        <TextField source="lastError" emptyText="" />
      </Section>
    </Box>
  );
}
