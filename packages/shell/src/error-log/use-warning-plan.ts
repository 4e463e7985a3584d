import { hasPermission, PERMISSION } from '@ops/shared';
import { fetchAlarms, onceDialogFlag } from '@ops/shared/rules';
import { useCallback, useEffect, useState } from 'react';
import type { ShellServices } from '../shared/services';
import { recentAlarmQuery, type WarningPlan, warningPlan } from './warning-rules';

export type WarningServices = Pick<ShellServices, 'session' | 'http' | 'storage' | 'errorLog'>;

/**
 * The post-login warning popup's plan (spec §6): once per session after signing in, for users with
 * `warring_log`, when this browser holds unsent error-log entries or alarms arrived in the last day. The
 * flag is written when the popup is shown (a read cut short by unmounting shows it at the next mount) and
 * cleared at sign-out, so the next sign-in shows it again.
 */
export function useWarningPlan({ session, http, storage, errorLog }: WarningServices) {
  const [plan, setPlan] = useState<WarningPlan | null>(null);
  const state = session.get();
  const allowed = hasPermission(state.permission, PERMISSION.warningLog);
  const tenantId = state.tenantId || state.userInfo?.tenant_id || '';
  const account = state.userInfo?.account ?? '';

  useEffect(() => {
    if (!allowed || !account) return;
    const flag = onceDialogFlag('warning-shown', tenantId, account);
    const controller = new AbortController();
    if (storage.get<boolean>(flag) !== true)
      fetchAlarms(http, recentAlarmQuery(Date.now()), controller.signal)
        // Alarms that cannot be read only leave that list empty: the error log still warns.
        .catch(() => ({ total: 0, records: [] }))
        .then((alarms) => {
          if (controller.signal.aborted) return;
          const next = warningPlan(errorLog.entries(), alarms);
          if (!next) return;
          storage.set(flag, true);
          setPlan(next);
        });
    return () => {
      controller.abort();
      // Signed out: the next sign-in warns again.
      if (!session.get().token) storage.remove(flag);
    };
  }, [allowed, tenantId, account, http, storage, errorLog, session]);

  const dismiss = useCallback(() => setPlan(null), []);
  return { plan, dismiss };
}
