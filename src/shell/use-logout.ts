import { useIonAlert } from '../ui/ionic/overlays';
import { useNavigate } from 'react-router-dom';
import { send } from '../api/client';
import { endSession } from '../api/profile';
import { it } from '../i18n/it';
import { clearCatalogue } from '../offline/catalogue-sync';
import { usePendingWrites } from '../offline/hooks';
import { paths } from '../routes';

/**
 * Logout: the server ends the login, then the agent's data leaves the device whatever happens
 * (session, every cached answer with its customers and quotations, the catalogue copy), then
 * /login. Writes still pending stay (they belong to this user and go out at the next login): the
 * agent is told so first.
 */
export function useLogout() {
  const navigate = useNavigate();
  const pending = usePendingWrites();
  const [confirm] = useIonAlert();
  const logout = async () => {
    try {
      await send('logout', { method: 'POST' });
    } catch {
      // Offline or already expired: the local session still ends (spec: "Logout failure: storage cleared").
    }
    await endSession();
    await clearCatalogue().catch(() => undefined);
    navigate(paths.login, { replace: true });
  };
  return async () => {
    if (pending.length === 0) return logout();
    await confirm({
      message: it.offline.logoutPending(pending.length),
      buttons: [it.common.cancel, { text: it.offline.logoutAnyway, role: 'destructive', handler: () => void logout() }],
    });
  };
}
