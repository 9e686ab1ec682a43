import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import {
  LocalesMenuButton,
  Login,
  LoginForm,
  required,
  TextInput,
  useTranslate,
} from 'react-admin';

const requiredField = required();

export interface ConsoleLoginPageProps {
  /** Shown under the form, e.g. a link to a public sign-up page. */
  children?: ReactNode;
}

/**
 * react-admin's login page titled with the console's name (`app.title`). Both inputs are plain
 * text fields so "Email" and "Password" each label exactly one control (no show-password toggle).
 */
export function ConsoleLoginPage({ children }: ConsoleLoginPageProps) {
  const translate = useTranslate();
  return (
    <Login>
      <Box sx={{ px: 2, textAlign: 'center' }}>
        <Typography component="h1" variant="h5">
          {translate('app.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('app.auth.sign_in_prompt')}
        </Typography>
      </Box>
      <LoginForm>
        <TextInput
          autoFocus
          source="username"
          type="email"
          label="ra.auth.email"
          autoComplete="username"
          validate={requiredField}
        />
        <TextInput
          source="password"
          type="password"
          label="ra.auth.password"
          autoComplete="current-password"
          validate={requiredField}
        />
      </LoginForm>
      {children ? <Box sx={{ px: 2, pb: 1, textAlign: 'center' }}>{children}</Box> : null}
      <Box sx={{ display: 'flex', justifyContent: 'center', pb: 1 }}>
        <LocalesMenuButton />
      </Box>
    </Login>
  );
}
