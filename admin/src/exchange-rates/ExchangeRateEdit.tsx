import { Alert } from '@mui/material';
import {
  Edit,
  Labeled,
  NumberInput,
  SimpleForm,
  TextField,
  required,
  useTranslate,
  type EditProps,
  type RaRecord,
} from 'react-admin';
import { validateRate } from './rate-validation.ts';

const transform = (record: RaRecord) => ({ rate: record['rate'] as number });

/** One rate: saving it re-prices every offer whose price in that currency was converted. */
export function ExchangeRateEdit({ id }: Pick<EditProps, 'id'>) {
  const translate = useTranslate();
  return (
    <Edit id={id} transform={transform} mutationMode="pessimistic" redirect="list">
      <SimpleForm>
        <Alert severity="info">{translate('resources.exchange-rates.help.reprice')}</Alert>
        <Labeled>
          <TextField source="id" sx={{ textTransform: 'uppercase' }} />
        </Labeled>
        <NumberInput
          source="rate"
          step={0.0001}
          validate={[required(), validateRate]}
          helperText="resources.exchange-rates.help.rate"
        />
      </SimpleForm>
    </Edit>
  );
}
