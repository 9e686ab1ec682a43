/** Translation keys the auth layer rejects with; react-admin translates them in its notifications. */
export const AUTH_MESSAGE_KEYS = {
  wrongRole: 'app.auth.wrong_role',
  unverifiedEmail: 'app.auth.unverified_email',
  invalidCredentials: 'app.auth.invalid_credentials',
  userDisabled: 'app.auth.user_disabled',
  tooManyRequests: 'app.auth.too_many_requests',
  networkError: 'app.auth.network_error',
  configUnavailable: 'app.auth.config_unavailable',
  signInFailed: 'ra.auth.sign_in_error',
  signedOut: 'ra.auth.auth_check_error',
  sessionEnded: 'ra.notification.logged_out',
  notAuthorized: 'ra.notification.not_authorized',
} as const;
