import { Box, Stack, Typography } from '@mui/material';
import { ChoiceChipField } from '@market/console-kit';
import type { AdminDispute } from '@market/shared';
import type { ReactNode } from 'react';
import {
  DateField,
  NumberField,
  Show,
  SimpleShowLayout,
  TextField,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { MoneyField } from '../orders/MoneyField.tsx';
import { DISPUTE_STATUS_COLORS, DisputeOrderField } from './dispute-fields.tsx';

interface FieldProps {
  label?: string;
}

/** A time as the active locale writes it, or a dash. */
function When({ at }: { at: string | null }) {
  const [locale] = useLocaleState();
  return <>{at ? new Date(at).toLocaleString(locale) : '—'}</>;
}

function Fact({ name, children }: { name: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Typography variant="body2" component="div">
      <strong>{translate(`resources.disputes.evidence.${name}`)}:</strong> {children}
    </Typography>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="section" aria-label={translate(`resources.disputes.evidence.${title}`)}>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
        {translate(`resources.disputes.evidence.${title}`)}
      </Typography>
      <Stack spacing={0.25}>{children}</Stack>
    </Box>
  );
}

/**
 * The evidence the shop sent, fact by fact with its time, the files that went with it (evidence
 * stored before files were sent lists none: the line is left out), then the text as the provider
 * got it.
 */
function EvidenceField(_: FieldProps) {
  const dispute = useRecordContext<AdminDispute>();
  const translate = useTranslate();
  const evidence = dispute?.evidence;
  if (!evidence) return <>{translate('resources.disputes.evidence.none')}</>;
  const yesNo = (v: boolean | null) =>
    translate(`resources.disputes.evidence.${v === null ? 'unknown' : v ? 'yes' : 'no'}`);
  return (
    <Stack spacing={1}>
      <Section title="order">
        <Fact name="orderNumber">{evidence.order.number}</Fact>
        <Fact name="placedAt">
          <When at={evidence.order.placedAt} />
        </Fact>
        <Fact name="ip">{evidence.order.ip ?? '—'}</Fact>
        {evidence.order.countries && (
          <Fact name="countries">
            {[
              evidence.order.countries.billing,
              evidence.order.countries.payment,
              evidence.order.countries.address,
            ]
              .map((country) => country ?? '—')
              .join(' · ')}
          </Fact>
        )}
        <Fact name="lines">
          {evidence.order.lines.map((l) => `${l.quantity} × ${l.name}`).join(', ')}
        </Fact>
      </Section>
      <Section title="account">
        <Fact name="email">{evidence.account.email}</Fact>
        <Fact name="accountCreatedAt">
          <When at={evidence.account.createdAt} />
        </Fact>
        <Fact name="emailVerified">{yesNo(evidence.account.emailVerified)}</Fact>
        <Fact name="lastSignInAt">
          <When at={evidence.account.lastSignInAt} />
        </Fact>
        <Fact name="signInAddresses">
          {evidence.account.signInAddresses.join(', ') || '—'} ({evidence.account.signInNote})
        </Fact>
      </Section>
      <Section title="delivery">
        <Fact name="deliveredAt">
          <When at={evidence.delivery.deliveredAt} />
        </Fact>
        {evidence.delivery.keys.map((k) => (
          <Fact key={k.id} name="key">
            {k.id}: {translate('resources.disputes.evidence.revealedAt')} <When at={k.revealedAt} />
            , {translate('resources.disputes.evidence.waivedAt')} <When at={k.withdrawalWaivedAt} />
          </Fact>
        ))}
      </Section>
      <Section title="mails">
        {evidence.mails.length ? (
          evidence.mails.map((m) => (
            <Typography key={`${m.at}-${m.subject}`} variant="body2">
              <When at={m.at} /> — {m.subject} ({m.kind})
            </Typography>
          ))
        ) : (
          <Typography variant="body2">—</Typography>
        )}
      </Section>
      {evidence.files && (
        <Fact name="files">
          {evidence.files.length
            ? evidence.files
                .map((f) =>
                  translate('resources.disputes.evidence.invoiceFile', { number: f.number }),
                )
                .join(', ')
            : translate('resources.disputes.evidence.noFiles')}
        </Fact>
      )}
      <Section title="sent">
        <Box
          component="pre"
          sx={{ whiteSpace: 'pre-wrap', fontSize: '0.8rem', m: 0, p: 1, bgcolor: 'action.hover' }}
        >
          {[
            evidence.sent.delivery,
            evidence.sent.withdrawal,
            evidence.sent.account,
            evidence.sent.communication,
          ].join('\n\n')}
        </Box>
      </Section>
    </Stack>
  );
}

/**
 * One dispute: what the provider says (reason, amount, due date, its status and decision), the
 * evidence the shop sent with each fact's time, and whether the sellers' ledger was restored.
 */
export function DisputeShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="disputeId" />
        <TextField source="provider" />
        <ChoiceChipField
          source="status"
          labels="resources.disputes.statuses"
          colors={DISPUTE_STATUS_COLORS}
        />
        <DisputeOrderField label="resources.disputes.fields.orderNumber" />
        <MoneyField source="amountCents" />
        <TextField source="reason" />
        <DateField source="dueAt" showTime emptyText="—" />
        <TextField source="providerStatus" />
        <TextField source="outcome" emptyText="—" />
        <DateField source="evidenceSentAt" showTime emptyText="—" />
        <NumberField source="attempts" />
        <TextField source="lastError" emptyText="—" />
        <DateField source="ledgerRestoredAt" showTime emptyText="—" />
        <EvidenceField label="resources.disputes.fields.evidence" />
        <DateField source="createdAt" showTime />
      </SimpleShowLayout>
    </Show>
  );
}
