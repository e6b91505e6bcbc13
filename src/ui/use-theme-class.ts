import { useEffect } from 'react';

/**
 * A rebranded account's theme on the page while the caller is mounted (spec §2): its class on the body
 * ('partner', 'dark'), and Ionic's dark palette on <html> for 'dark'. 'default' or empty changes nothing.
 */
export function useThemeClass(theme: string | null | undefined) {
  useEffect(() => {
    if (!theme || theme === 'default') return;
    document.body.classList.add(theme);
    document.documentElement.classList.toggle('ion-palette-dark', theme === 'dark');
    return () => {
      document.body.classList.remove(theme);
      document.documentElement.classList.remove('ion-palette-dark');
    };
  }, [theme]);
}
