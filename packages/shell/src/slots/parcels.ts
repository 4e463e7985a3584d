import { type SessionState, type SystemType, showsAssistant } from '@ops/shared';
import type { ParcelKey } from '../shared/parcels';

/**
 * Which parcel slots the chrome mounts for a session (spec §6). Notices and remote control are part of
 * every signed-in chrome (remote control waits for a command on the bus); the assistant's robot only when
 * `gglmOpenRelation` is '1' and the tab shows the manage system: `system` is the tab's (useSystem), so a
 * switch by hand counts, not only the saved layout's (DECISIONS 4).
 */
export function parcelsFor(session: Pick<SessionState, 'systemParams'>, system: SystemType): ParcelKey[] {
  const assistant = showsAssistant(session.systemParams?.gglmOpenRelation, system);
  return assistant ? ['notices', 'remoteControl', 'assistant'] : ['notices', 'remoteControl'];
}
