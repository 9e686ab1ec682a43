export { errorNotification, errorStatus } from './actions/api-error.ts';
export {
  ReasonConfirmButton,
  type ReasonConfirmButtonProps,
} from './actions/ReasonConfirmButton.tsx';
export { ReasonField, type ReasonFieldProps } from './actions/ReasonField.tsx';
export { CSV_TYPE, saveFile } from './actions/save-file.ts';
export { useAction, type UseActionOptions, type UseActionResult } from './actions/use-action.ts';
export { accessDecision, type AccessDecision } from './auth/access-decision.ts';
export {
  createFirebaseAuthProvider,
  type ConsoleAuthProvider,
  type FirebaseAuthProviderOptions,
  type LoginParams,
} from './auth/auth-provider.ts';
export { CLIENT_CONFIG_URL, loadClientConfig } from './auth/client-config.ts';
export { createFirebaseSession, type FirebaseSession } from './auth/firebase-session.ts';
export { AUTH_MESSAGE_KEYS } from './auth/message-keys.ts';
export {
  createRecentSignInPrompt,
  needsRecentSignIn,
  REQUIRES_RECENT_LOGIN,
  type RecentSignInPrompt,
} from './auth/recent-sign-in.ts';
export { RecentSignInDialog } from './auth/RecentSignInDialog.tsx';
export {
  APPLICANT_PERMISSION,
  assertConsoleAccess,
  assertRole,
  consolePermission,
  readRole,
  readSellerId,
  type ConsoleAccessOptions,
  type ConsolePermission,
} from './auth/role-check.ts';
export { signInErrorKey } from './auth/sign-in-errors.ts';
export type { ConsoleCategory } from './catalogue/category.ts';
export {
  CLAIM_STATUS_CHOICES,
  CLAIM_STATUS_COLORS,
  ClaimHistoryField,
  DefectRateField,
} from './claims/claim-fields.tsx';
export { ConversationThread, type ConversationThreadProps } from './chat/ConversationThread.tsx';
export { unreadConversationsIcon } from './chat/UnreadConversationsIcon.tsx';
export {
  createConsoleSetup,
  type ConsoleSetup,
  type ConsoleSetupOptions,
} from './console-setup.ts';
export { ConsoleDashboard, type ConsoleDashboardProps } from './dashboard/ConsoleDashboard.tsx';
export { queuePath, WorkQueues, type WorkQueueLink } from './dashboard/WorkQueues.tsx';
export { groupedMenu, type MenuGroup } from './layout/GroupedMenu.tsx';
export { sellerConsoleTheme } from './theme/console-theme.ts';
export { SalesCharts, StatusChart } from './dashboard/lazy-charts.tsx';
export { DashboardCard } from './dashboard/DashboardCard.tsx';
export { RankedTable } from './dashboard/RankedTable.tsx';
export { useDashboard, type DashboardState } from './dashboard/use-dashboard.ts';
export { createDataProvider, withActions, type ConsoleDataProvider } from './data/data-provider.ts';
export { createHttpClient, type HttpClient, type IdTokenSource } from './data/http-client.ts';
export { ChoiceChipField, type ChoiceChipFieldProps } from './fields/ChoiceChipField.tsx';
export { splitLinks, type TextPart } from './fields/linkify.ts';
export { LinkifiedTextField, type LinkifiedTextFieldProps } from './fields/LinkifiedTextField.tsx';
export { pickLocalized } from './fields/localized-text.ts';
export { LocalizedTextField, type LocalizedTextFieldProps } from './fields/LocalizedTextField.tsx';
export { schemaValidator, type ValidatorSchema } from './forms/schema-validator.ts';
export { consoleMessagesEn, consoleMessagesIt } from './i18n/console-messages.ts';
export {
  buildConsoleMessages,
  createI18nProvider,
  type ConsoleAppMessages,
} from './i18n/i18n-provider.ts';
export { CONSOLE_LOCALES, LOCALE_NAMES, toLocale } from './i18n/locales.ts';
export { KEY_STATUS_CHOICES, KEY_STATUS_COLORS } from './keys/key-status.ts';
export { KEY_CSV_COLUMNS } from './keys/key-csv.ts';
export {
  flattenMessages,
  mergeMessages,
  messageKeys,
  placeholdersOf,
  type MessageTree,
  type TranslationOf,
} from './i18n/message-tree.ts';
export { raItalianMessages } from './i18n/ra-it.ts';
export { ConsoleAdmin, type ConsoleAdminProps, type PublicRoute } from './layout/ConsoleAdmin.tsx';
export { CONSOLE_BASENAME } from './layout/console-basename.ts';
export { ConsoleLoginPage, type ConsoleLoginPageProps } from './layout/ConsoleLoginPage.tsx';
export { mountConsole } from './layout/mount-console.tsx';
export { runForEach, type BulkOutcome } from './lists/bulk.ts';
export { BulkReasonButton, type BulkReasonButtonProps } from './lists/BulkReasonButton.tsx';
export {
  csvAmount,
  csvExporter,
  csvRows,
  moneyColumn,
  pricesColumn,
  type CsvCell,
  type CsvColumn,
  type CsvRow,
} from './lists/csv-exporter.ts';
export { RelatedListButton, type RelatedListButtonProps } from './lists/RelatedListButton.tsx';
export { StatusTabs, type StatusTabsProps } from './lists/StatusTabs.tsx';
export { centsToInput, formatCents, inputToCents, offerPricesBody } from './money/cents.ts';
export { CentsField, type CentsFieldProps } from './money/CentsField.tsx';
export { CONSOLE_BREAKPOINTS, consoleTheme } from './theme/console-theme.ts';
export { PAYOUT_STATUS_COLORS, payoutStatusFilter } from './payouts/payout-fields.tsx';
