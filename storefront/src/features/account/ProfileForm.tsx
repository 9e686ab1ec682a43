import { LOCALES, LocaleSchema, type Locale, type UserInfo } from '@market/shared';
import type { User } from 'firebase/auth';
import { useId, useState, type SubmitEvent } from 'react';
import type { Messages } from '../../i18n/en.ts';
import { localizedPath } from '../../i18n/routes.ts';
import { updateAccount } from '../auth/auth-api.ts';
import { TextField } from '../auth/TextField.tsx';

interface ProfileFormProps {
  user: User;
  info: UserInfo;
  t: Messages['account'];
  fieldErrors: Messages['fieldErrors'];
  languageNames: Readonly<Record<Locale, string>>;
  onSaved: (info: UserInfo) => void;
}

/** Name, language (the mails' language too) and marketing consent, saved together. */
export function ProfileForm({
  user,
  info,
  t,
  fieldErrors,
  languageNames,
  onSaved,
}: ProfileFormProps) {
  const id = useId();
  const [name, setName] = useState(info.name);
  const [surname, setSurname] = useState(info.surname);
  const [language, setLanguage] = useState<Locale>(info.locale);
  const [consent, setConsent] = useState(info.marketingConsent);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<'saved' | 'failed' | 'nameMissing' | null>(null);

  const save = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (name.trim() === '') {
      setResult('nameMissing');
      return;
    }
    setBusy(true);
    setResult(null);
    try {
      const saved = await updateAccount(await user.getIdToken(), {
        name,
        surname,
        locale: language,
        marketingConsent: consent,
      });
      // The page follows the chosen language.
      if (saved.locale !== info.locale) {
        window.location.assign(localizedPath(saved.locale, '/account'));
        return;
      }
      onSaved(saved);
      setResult('saved');
    } catch {
      setResult('failed');
    }
    setBusy(false);
  };

  return (
    <form className="language" onSubmit={(event) => void save(event)} noValidate>
      <fieldset disabled={busy}>
        <TextField
          label={t.name}
          autoComplete="given-name"
          required
          value={name}
          onChange={setName}
          error={result === 'nameMissing' ? fieldErrors.required : undefined}
        />
        <TextField
          label={t.surname}
          autoComplete="family-name"
          value={surname}
          onChange={setSurname}
        />
        <div className="field">
          <label htmlFor={`${id}-language`}>{t.language}</label>
          <select
            id={`${id}-language`}
            value={language}
            onChange={(event) => setLanguage(LocaleSchema.parse(event.target.value))}
          >
            {LOCALES.map((option) => (
              <option key={option} value={option} lang={option}>
                {languageNames[option]}
              </option>
            ))}
          </select>
        </div>
        <div className="checkbox">
          <input
            id={`${id}-consent`}
            type="checkbox"
            checked={consent}
            onChange={(event) => setConsent(event.target.checked)}
          />
          <label htmlFor={`${id}-consent`}>{t.marketingConsent}</label>
        </div>
        <button type="submit" className="primary">
          {t.save}
        </button>
      </fieldset>
      <div role="status" aria-live="polite">
        {result === 'saved' && <p className="message notice">{t.saved}</p>}
      </div>
      {result === 'failed' && (
        <p role="alert" className="message error">
          {t.saveFailed}
        </p>
      )}
    </form>
  );
}
