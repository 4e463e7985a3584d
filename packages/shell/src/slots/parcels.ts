import { type SessionState, showsAssistant, systemType } from '@ops/shared';
import type { ParcelKey } from '../shared/parcels';

/**
 * Which parcel slots the chrome mounts for a session (spec §6). Notices and remote control are part of
 * every signed-in chrome (remote control waits for a command on the bus); the assistant's robot only when
 * `gglmOpenRelation` is '1' and the system is manage.
 */
export function parcelsFor(
  session: Pick<SessionState, 'tenantId' | 'userInfo' | 'systemParams'>,
): ParcelKey[] {
  const type = systemType({
    tenantId: session.tenantId,
    account: session.userInfo?.account,
    layoutState: session.userInfo?.layoutState,
  });
  const assistant = showsAssistant(session.systemParams?.gglmOpenRelation, type);
  return assistant ? ['notices', 'remoteControl', 'assistant'] : ['notices', 'remoteControl'];
}
