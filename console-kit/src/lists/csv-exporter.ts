import { CURRENCIES, DEFAULT_LOCALE, type Currency } from '@market/shared';
import { defaultExporter, type Exporter, type RaRecord } from 'react-admin';

/**
 * CSV export for the consoles' lists. Each list names its columns (never "every field", so a
 * new field on a record, e.g. a secret, does not leak into a file by itself); the rows are made
 * flat here and written by react-admin's exporter (jsonexport + downloadCSV), which exports what
 * the list's current filter and sort select.
 */

/** One CSV cell's value once flattened. */
export type CsvCell = string | number | boolean;
export type CsvRow = Record<string, CsvCell>;

/**
 * A column: a record path (`email`, `totals.total`; an object there becomes one column per
 * nested field, `buyer.email`), or a header with how to read its value.
 */
export type CsvColumn<R = RaRecord> = string | { header: string; value: (record: R) => unknown };

/** Cents as a decimal amount with its currency (1999, eur → "19.99 EUR"); '' when not a number. */
export function csvAmount(cents: unknown, currency: unknown): string {
  if (typeof cents !== 'number' || !Number.isFinite(cents)) return '';
  // Every currency we sell in has two decimals; toFixed keeps "5.00" rather than "5".
  const amount = (cents / 100).toFixed(2);
  return typeof currency === 'string' && currency ? `${amount} ${currency.toUpperCase()}` : amount;
}

/**
 * A money column: cents at `source`, in `currency` or the record's own `currency` field
 * (orders, refunds carry one).
 */
export function moneyColumn<R extends RaRecord = RaRecord>(
  source: string,
  currency?: Currency,
  header: string = source,
): CsvColumn<R> {
  return {
    header,
    value: (record) => csvAmount(readPath(record, source), currency ?? record['currency']),
  };
}

/** A per-currency price map in cents (`prices: { eur, usd, gbp }`): a column per currency. */
export function pricesColumn<R extends RaRecord = RaRecord>(
  source = 'prices',
  header: string = source,
): CsvColumn<R> {
  return {
    header,
    value: (record) => {
      const prices = readPath(record, source);
      if (!isPlainObject(prices)) return '';
      return Object.fromEntries(
        CURRENCIES.filter((currency) => currency in prices).map((currency) => [
          currency,
          csvAmount(prices[currency], currency),
        ]),
      );
    },
  };
}

/** The flat rows a list's records export as, columns in the given order. */
export function csvRows<R extends RaRecord>(
  records: readonly R[],
  columns: readonly CsvColumn<R>[],
): CsvRow[] {
  return records.map((record) => {
    const row: CsvRow = {};
    for (const column of columns) {
      if (typeof column === 'string') put(row, column, readPath(record, column));
      else put(row, column.header, column.value(record));
    }
    return row;
  });
}

/** The `exporter` for a `<List>` of `resource`: downloads `<resource>.csv` with these columns. */
export function csvExporter<R extends RaRecord = RaRecord>(
  resource: string,
  columns: readonly CsvColumn<R>[],
): Exporter<R> {
  return (records, fetchRelated, dataProvider) =>
    defaultExporter(csvRows(records, columns), fetchRelated, dataProvider, resource);
}

function put(row: CsvRow, header: string, value: unknown): void {
  if (value === null || value === undefined) row[header] = '';
  else if (value instanceof Date) row[header] = value.toISOString();
  else if (Array.isArray(value)) row[header] = value.map(cellText).join('; ');
  else if (isLocalized(value)) row[header] = value[DEFAULT_LOCALE] ?? '';
  else if (isMoney(value)) row[header] = csvAmount(value.cents, value.currency);
  else if (isPlainObject(value)) {
    for (const [key, nested] of Object.entries(value)) put(row, `${header}.${key}`, nested);
  } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    row[header] = value;
  else row[header] = String(value);
}

/** One array item as text (an object in a list of objects as its flat `key: value` pairs). */
function cellText(value: unknown): string {
  const row: CsvRow = {};
  put(row, '', value);
  const entries = Object.entries(row);
  if (entries.length === 1 && entries[0]?.[0] === '') return String(entries[0][1]);
  return entries.map(([key, cell]) => `${key.replace(/^\./, '')}: ${cell}`).join(', ');
}

function readPath(record: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((value, key) => (isPlainObject(value) ? value[key] : undefined), record);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An amount that carries its currency (`{ cents, currency }`: a cost, a balance). */
function isMoney(value: unknown): value is { cents: number; currency: string } {
  return (
    isPlainObject(value) &&
    Object.keys(value).length === 2 &&
    typeof value['cents'] === 'number' &&
    typeof value['currency'] === 'string'
  );
}

/** A localized text (`{ en, it }`): exported in English, the catalogue's source language. */
function isLocalized(value: unknown): value is Record<string, string> {
  if (!isPlainObject(value) || typeof value[DEFAULT_LOCALE] !== 'string') return false;
  return Object.entries(value).every(
    ([key, text]) => /^[a-z]{2}$/.test(key) && typeof text === 'string',
  );
}
