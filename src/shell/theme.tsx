import { hasFeature } from '@core/features';
import { useProfile } from '../api/profile';
import { useThemeClass } from '../ui/use-theme-class';

/** Rebrand adds the user's theme class (e.g. dark) to the page body (spec §2). */
export function ThemeSync() {
  const { data: profile } = useProfile();
  const theme = hasFeature(profile?.features, 'rebrand') ? (profile?.preferences.find((p) => p.name === 'theme')?.value ?? '') : '';
  useThemeClass(theme);
  return null;
}
