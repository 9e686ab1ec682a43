import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import {
  Form,
  Link,
  LocalesMenuButton,
  SaveButton,
  TextInput,
  useBasename,
  useTranslate,
} from 'react-admin';
import {
  submitSellerApplication,
  toRegistration,
  validateRegistration,
  type RegistrationField,
} from './registration.ts';

/** Where the login page is, relative to the console (react-admin's `/login` route). */
const LOGIN_PATH = '/login';

/**
 * The public "Apply to sell" page (`/seller/register`): trader data and a password, validated
 * with SellerRegistrationSchema, sent to the API without a token. The API's field errors show
 * on their fields; on success, the page says what comes next.
 */
export function RegisterPage() {
  const translate = useTranslate();
  const loginPath = `${useBasename()}${LOGIN_PATH}`;
  const [sent, setSent] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (values: Record<string, unknown>) => {
    setFormError(null);
    const outcome = await submitSellerApplication(toRegistration(values));
    if (outcome.ok) {
      setSent(true);
      return undefined;
    }
    if ('fieldErrors' in outcome) return outcome.fieldErrors;
    setFormError(outcome.messageKey);
    return undefined;
  };

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.default',
        p: 2,
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 480 }}>
        <CardContent>
          <Typography component="h1" variant="h5" gutterBottom>
            {translate('app.register.title')}
          </Typography>
          {sent ? (
            <Stack spacing={2}>
              <Alert severity="success">{translate('app.register.sent')}</Alert>
              <Link to={loginPath}>{translate('app.register.sign_in')}</Link>
            </Stack>
          ) : (
            <>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {translate('app.register.intro')}
              </Typography>
              <Form onSubmit={submit} validate={validateRegistration} noValidate>
                <TextInput
                  source="email"
                  type="email"
                  label={fieldLabel('email')}
                  autoComplete="email"
                  fullWidth
                />
                <TextInput
                  source="name"
                  label={fieldLabel('name')}
                  helperText="app.register.help.name"
                  autoComplete="organization"
                  fullWidth
                />
                <TextInput
                  source="registrationName"
                  label={fieldLabel('registrationName')}
                  helperText="app.register.help.registrationName"
                  fullWidth
                />
                <TextInput
                  source="vatNumber"
                  label={fieldLabel('vatNumber')}
                  helperText="app.register.help.vatNumber"
                  autoComplete="off"
                  fullWidth
                />
                <TextInput
                  source="image"
                  type="url"
                  label={fieldLabel('image')}
                  helperText="app.register.help.image"
                  autoComplete="url"
                  fullWidth
                />
                <TextInput
                  source="password"
                  type="password"
                  label={fieldLabel('password')}
                  helperText="app.register.help.password"
                  autoComplete="new-password"
                  fullWidth
                />
                {formError ? (
                  <Alert severity="error" sx={{ mb: 2 }}>
                    {translate(formError)}
                  </Alert>
                ) : null}
                <SaveButton label="app.register.submit" icon={<SendIcon />} fullWidth />
              </Form>
              <Box sx={{ mt: 2, textAlign: 'center' }}>
                <Link to={loginPath}>{translate('app.register.have_account')}</Link>
              </Box>
            </>
          )}
          <Box sx={{ display: 'flex', justifyContent: 'center', mt: 1 }}>
            <LocalesMenuButton />
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}

function fieldLabel(field: RegistrationField): string {
  return `app.register.fields.${field}`;
}
