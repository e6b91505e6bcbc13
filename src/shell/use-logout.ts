import { useIonAlert } from '@ionic/react';
import { useNavigate } from 'react-router-dom';
import { send } from '../api/client';
import { endSession } from '../api/profile';
import { it } from '../i18n/it';
import { usePendingWrites } from '../offline/hooks';
import { paths } from '../routes';

/**
 * Logout: the server ends the login, storage is cleared whatever happens, then /login. With
 * writes still pending the agent is warned first; they stay on the device (they belong to this
 * user) and go out at the next login.
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
