import { Button } from '../../ui/button';
import { Note, Text } from '../../ui/text';
import { useState } from 'react';
import { MESSAGES } from '@core/i18n-messages';
import { hasFeature } from '@core/features';
import { LOGO_MAX_BYTES, THEMES, type Theme } from '@core/schemas/account';
import type { Profile } from '@core/schemas/auth';
import { ApiError } from '../../api/client';
import { it } from '../../i18n/account';
import { useConfirm } from '../../ui/confirm';
import { FilePick } from '../../ui/file-pick';
import { FormError, FormSuccess } from '../../ui/form';
import { removeLogo, savePreferences, uploadLogo } from './api/account';
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
  // One outcome shown at a time: a removal's message replaces an upload's, and the reverse (pick, below).
  const removal = useWrite({ mutationFn: (_: void, key: string) => removeLogo(key) });
  const confirm = useConfirm();
  const rebrand = hasFeature(profile.features, 'rebrand');

  const pick = (files: File[]) => {
    const f = files[0] ?? null;
    logoMutation.reset();
    removal.reset();
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
        <p className="logo-current">
          <img src={profile.logo} alt={t.currentLogo} className="logo-preview" data-testid="logo-preview" />
          <Button
            fill="outline"
            color="danger"
            size="small"
            disabled={removal.isPending}
            onClick={() =>
              void confirm.ask(t.removeConfirm).then((ok) => {
                if (!ok) return;
                logoMutation.reset();
                removal.mutate();
              })
            }
            data-testid="logo-remove"
          >
            {t.remove}
          </Button>
        </p>
      )}
      <FilePick button={t.chooseFile} accept={ACCEPT} chosen={file ? [file.name] : []} onFiles={pick} testId="logo-input" />
      <Note className="field-hint">{t.logoHint}</Note>
      {(fileError ?? serverFileError) && (
        <Text color="danger" role="alert">
          <p className="field-error">{fileError ?? serverFileError}</p>
        </Text>
      )}
      <FormError error={logoMutation.error ?? removal.error} />
      <FormSuccess message={logoMutation.isSuccess ? it.profile.success : removal.isSuccess ? t.removed : null} />
      <Button onClick={() => file && logoMutation.mutate(file)} disabled={!file || Boolean(fileError) || logoMutation.isPending}>
        {t.upload}
      </Button>
      {confirm.element}
    </section>
  );
}
