import type { SupplierId } from '@market/shared';
import { FormDataConsumer, PasswordInput, TextInput } from 'react-admin';
import { credentialFields } from './connection-form.ts';

/** The chosen supplier's credential inputs, secrets as password inputs; none until one is chosen. */
export function CredentialInputs() {
  return (
    <FormDataConsumer<{ supplier?: SupplierId }>>
      {({ formData }) =>
        formData.supplier
          ? credentialFields(formData.supplier).map(({ name, secret }) => {
              const Input = secret ? PasswordInput : TextInput;
              return (
                <Input
                  key={`${formData.supplier}.${name}`}
                  source={`credentials.${name}`}
                  autoComplete="off"
                  fullWidth
                />
              );
            })
          : null
      }
    </FormDataConsumer>
  );
}
