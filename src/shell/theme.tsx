import { useEffect } from 'react';
import { hasFeature } from '@core/features';
import { useProfile } from '../api/profile';

/** Rebrand adds the user's theme class (e.g. dark) to the page body (spec §2). */
export function ThemeSync() {
  const { data: profile } = useProfile();
  const theme = hasFeature(profile?.features, 'rebrand') ? (profile?.preferences.find((p) => p.name === 'theme')?.value ?? '') : '';
  useEffect(() => {
    if (!theme || theme === 'default') return;
    document.body.classList.add(theme);
    document.documentElement.classList.toggle('ion-palette-dark', theme === 'dark');
    return () => {
      document.body.classList.remove(theme);
      document.documentElement.classList.remove('ion-palette-dark');
    };
  }, [theme]);
  return null;
}
