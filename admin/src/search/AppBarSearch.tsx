import { Autocomplete, TextField } from '@mui/material';
import { AdminLookupSchema, type AdminLookup } from '@market/shared';
import type { ConsoleDataProvider } from '@market/console-kit';
import { useEffect, useState } from 'react';
import { useDataProvider, useRedirect, useResourceDefinitions, useTranslate } from 'react-admin';

/** The server's search of orders, users and products at once. */
export const LOOKUP_URL = '/api/admin/lookup';
/** Typing pauses this long before the search is asked. */
const DEBOUNCE_MS = 250;

type Option = { kind: 'orders' | 'users' | 'products'; id: string; label: string };

const optionsOf = (found: AdminLookup, translate: (k: string, o?: object) => string): Option[] => [
  ...found.orders.map((o) => ({
    kind: 'orders' as const,
    id: o.id,
    label: translate('app.lookup.order', { number: o.number, status: o.status }),
  })),
  ...found.users.map((u) => ({ kind: 'users' as const, id: u.id, label: u.email })),
  ...found.products.map((p) => ({ kind: 'products' as const, id: p.id, label: p.name })),
];

/**
 * The admin app bar's search: an order by number, a user by email, a product by name, from one
 * endpoint as the admin types; picking one opens its record (its show page, else its edit page).
 */
export function AppBarSearch() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const redirect = useRedirect();
  const definitions = useResourceDefinitions();
  const [text, setText] = useState('');
  const [options, setOptions] = useState<Option[]>([]);

  useEffect(() => {
    const q = text.trim();
    if (!q) return;
    let live = true;
    const timer = setTimeout(() => {
      dataProvider
        .getJson(`${LOOKUP_URL}?q=${encodeURIComponent(q)}`)
        .then((json) => live && setOptions(optionsOf(AdminLookupSchema.parse(json), translate)))
        // A failed search offers nothing; the admin types on or uses the lists.
        .catch(() => live && setOptions([]));
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [dataProvider, text, translate]);

  const open = (option: Option) => {
    const type = definitions[option.kind]?.hasShow ? 'show' : 'edit';
    redirect(type, option.kind, option.id);
    setText('');
    setOptions([]);
  };

  return (
    <Autocomplete<Option, false, false, false>
      size="small"
      sx={{ width: 320, mx: 2, '& .MuiInputBase-root': { bgcolor: 'background.paper' } }}
      options={text.trim() ? options : []}
      filterOptions={(o) => o}
      groupBy={(o) => translate(`app.lookup.${o.kind}`)}
      getOptionLabel={(o) => o.label}
      isOptionEqualToValue={(a, b) => a.kind === b.kind && a.id === b.id}
      inputValue={text}
      value={null}
      onInputChange={(_, value) => setText(value)}
      onChange={(_, value) => {
        if (value) open(value);
      }}
      noOptionsText={translate('app.lookup.nothing')}
      renderInput={(params) => (
        <TextField
          {...params}
          placeholder={translate('app.lookup.placeholder')}
          slotProps={{
            ...params.slotProps,
            htmlInput: {
              ...params.slotProps.htmlInput,
              'aria-label': translate('app.lookup.label'),
            },
          }}
        />
      )}
    />
  );
}
