import { Button } from '../../ui/button';
import { Note, Text } from '../../ui/text';
import { type ChangeEvent, useState } from 'react';
import { MESSAGES } from '@core/i18n-messages';
import { hasFeature } from '@core/features';
import { LOGO_MAX_BYTES, THEMES, type Theme } from '@core/schemas/account';
import type { Profile } from '@core/schemas/auth';
import { ApiError } from '../../api/client';
import { it } from '../../i18n/account';
import { FormError, FormSuccess } from '../../ui/form';
import { savePreferences, uploadLogo } from './api/account';
import { useWrite } from '../../api/use-write';

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

export function ThemeLogoTab({ profile }: { profile: Profile }) {
  const t = it.profile.theme;
  const current = (profile.preferences.find((p) => p.name === 'theme')?.value ?? 'default') as Theme;
  const [theme, setTheme] = useState<Theme>(current);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const themeMutation = useWrite({ mutationFn: savePreferences });
  const logoMutation = useWrite({ mutationFn: uploadLogo, onSuccess: () => setFile(null) });
  const rebrand = hasFeature(profile.features, 'rebrand');

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0] ?? null;
    logoMutation.reset();
    setFile(f);
    // The same rules as the server (which checks the content itself): images only, under 2 MB.
    if (f && !ACCEPT.split(',').includes(f.type)) setFileError(MESSAGES.imageOnly);
    else if (f && f.size >= LOGO_MAX_BYTES) setFileError(MESSAGES.imageTooBig);
    else setFileError(null);
  };
  const serverFileError = logoMutation.error instanceof ApiError ? logoMutation.error.field('logo') : undefined;

  return (
    <section data-testid="theme-tab">
      {!rebrand && <p className="muted">{t.rebrandOff}</p>}
      <h3>{t.title}</h3>
      <fieldset className="theme-choices">
        <legend className="sr-only">{t.title}</legend>
        {THEMES.map((th) => (
          <label key={th} className={`theme-choice theme-swatch-${th}`}>
            <input type="radio" name="theme" value={th} checked={theme === th} onChange={() => setTheme(th)} />
            <span className="theme-swatch" aria-hidden="true" />
            {t[th]}
          </label>
        ))}
      </fieldset>
      <FormError error={themeMutation.error} />
      <FormSuccess message={themeMutation.isSuccess ? it.profile.success : null} />
      <Button onClick={() => themeMutation.mutate({ theme })} disabled={themeMutation.isPending}>
        {t.save}
      </Button>

      <h3>{t.logo}</h3>
      {profile.logo && (
        <p>
          <img src={profile.logo} alt={t.currentLogo} className="logo-preview" data-testid="logo-preview" />
        </p>
      )}
      <label className="file-pick">
        <input type="file" accept={ACCEPT} onChange={pick} data-testid="logo-input" />
        <span className="file-pick-button">{t.chooseFile}</span>
        <span className="file-pick-name">{file?.name ?? t.noFile}</span>
      </label>
      <Note className="field-hint">{t.logoHint}</Note>
      {(fileError ?? serverFileError) && (
        <Text color="danger" role="alert">
          <p className="field-error">{fileError ?? serverFileError}</p>
        </Text>
      )}
      <FormError error={logoMutation.error} />
      <FormSuccess message={logoMutation.isSuccess ? it.profile.success : null} />
      <Button onClick={() => file && logoMutation.mutate(file)} disabled={!file || Boolean(fileError) || logoMutation.isPending}>
        {t.upload}
      </Button>
    </section>
  );
}
