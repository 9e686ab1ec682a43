import {
  Box,
  Chip,
  type ChipProps,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatCents } from '@market/console-kit';
import type { SaleKeyState, SellerSaleDetail } from '@market/shared';
import type { ReactNode } from 'react';
import { Link, useCreatePath, useLocaleState, useRecordContext, useTranslate } from 'react-admin';

/** Key states: what the buyer has in green, what went back grey, what was taken away red. */
export const SALE_KEY_STATE_COLORS: Readonly<Record<SaleKeyState, ChipProps['color']>> = {
  reserved: 'info',
  delivered: 'success',
  revealed: 'success',
  claimed: 'success',
  refunded: 'default',
  revoked: 'error',
};

/** One titled section of the sale page (the page is a column of them: more can be appended). */
export function SaleSection({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="section" sx={{ mt: 3 }} aria-label={translate(title)}>
      <Typography variant="h6" component="h2" gutterBottom>
        {translate(title)}
      </Typography>
      {children}
    </Box>
  );
}

const useSale = () => {
  const record = useRecordContext<SellerSaleDetail>();
  // react-admin first shows the list's row (no detail) while it fetches the sale: wait for it.
  const sale = record && 'lines' in record ? record : undefined;
  const [locale] = useLocaleState();
  const money = (cents: number) => (sale ? formatCents(cents, sale.currency, locale) : '');
  const date = (iso: string) => new Date(iso).toLocaleString(locale);
  return { sale, money, date };
};

/** The seller's lines of the order, each key with its state (never its code). */
export function SaleLinesSection() {
  const { sale, money, date } = useSale();
  const translate = useTranslate();
  if (!sale) return null;
  const t = (key: string) => translate(`resources.sales.detail.${key}`);
  return (
    <SaleSection title="resources.sales.detail.lines">
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate('resources.sales.fields.name')}</TableCell>
            <TableCell align="right">{translate('resources.sales.fields.quantity')}</TableCell>
            <TableCell align="right">{translate('resources.sales.fields.total')}</TableCell>
            <TableCell>{t('keys')}</TableCell>
            <TableCell>{t('refunded')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sale.lines.map((line) => (
            <TableRow key={line.itemId} data-testid={`line-${line.itemId}`}>
              <TableCell>{line.name}</TableCell>
              <TableCell align="right">{line.quantity}</TableCell>
              <TableCell align="right">{money(line.grossCents)}</TableCell>
              <TableCell>
                <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  {line.keys.map((key) => (
                    <Chip
                      key={key.id}
                      size="small"
                      title={key.id}
                      color={SALE_KEY_STATE_COLORS[key.state]}
                      label={translate(`resources.sales.key_states.${key.state}`)}
                    />
                  ))}
                  {line.keys.length === 0 ? '—' : null}
                </Stack>
              </TableCell>
              <TableCell>
                {line.refundedCents === null
                  ? '—'
                  : `${money(line.refundedCents)} (${date(line.refundedAt!)})`}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </SaleSection>
  );
}

/** What the ledger recorded for the seller's lines: gross, commission, net, taken back. */
export function SaleMoneySection() {
  const { sale, money } = useSale();
  const translate = useTranslate();
  if (!sale) return null;
  const rows = ['grossCents', 'commissionCents', 'reversedCents', 'netCents'] as const;
  return (
    <SaleSection title="resources.sales.detail.money">
      <Table size="small" sx={{ maxWidth: 480 }}>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row} data-testid={`total-${row}`}>
              <TableCell component="th" scope="row">
                {translate(`resources.sales.totals.${row}`)}
              </TableCell>
              <TableCell align="right">{money(sale.totals[row])}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {translate('resources.sales.detail.money_help')}
      </Typography>
    </SaleSection>
  );
}

/** The refunds touching the seller's lines (their share of each). */
export function SaleRefundsSection() {
  const { sale, money, date } = useSale();
  const translate = useTranslate();
  if (!sale) return null;
  return (
    <SaleSection title="resources.sales.detail.refunds">
      {sale.refunds.length === 0 ? (
        <Typography color="text.secondary">
          {translate('resources.sales.detail.no_refunds')}
        </Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('resources.refunds.fields.at')}</TableCell>
              <TableCell align="right">
                {translate('resources.refunds.fields.grossCents')}
              </TableCell>
              <TableCell>{translate('resources.refunds.fields.reason')}</TableCell>
              <TableCell>{translate('resources.sales.fields.status')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {sale.refunds.map((refund) => (
              <TableRow key={refund.id}>
                <TableCell>{date(refund.createdAt)}</TableCell>
                <TableCell align="right">{money(refund.amountCents)}</TableCell>
                <TableCell>{refund.reason}</TableCell>
                <TableCell>
                  {translate(`resources.sales.refund_statuses.${refund.status}`)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </SaleSection>
  );
}

/** Buyers' claims on the order's keys, each linking to the claim's page (where it is answered). */
export function SaleClaimsSection() {
  const { sale, date } = useSale();
  const translate = useTranslate();
  const createPath = useCreatePath();
  if (!sale) return null;
  return (
    <SaleSection title="resources.sales.detail.claims">
      {sale.claims.length === 0 ? (
        <Typography color="text.secondary">
          {translate('resources.sales.detail.no_claims')}
        </Typography>
      ) : (
        <Table size="small">
          <TableBody>
            {sale.claims.map((claim) => (
              <TableRow key={claim.id}>
                <TableCell>{date(claim.createdAt)}</TableCell>
                <TableCell>{claim.name}</TableCell>
                <TableCell>{translate(`resources.claims.reasons.${claim.reason}`)}</TableCell>
                <TableCell>
                  <Link to={createPath({ resource: 'claims', id: claim.id, type: 'show' })}>
                    {translate(`resources.claims.statuses.${claim.status}`)}
                  </Link>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </SaleSection>
  );
}
