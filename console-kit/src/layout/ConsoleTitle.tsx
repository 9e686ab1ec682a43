import { useTranslate } from 'react-admin';

/** The console's name in the active locale (`app.title`). */
export function ConsoleTitle() {
  return <>{useTranslate()('app.title')}</>;
}
