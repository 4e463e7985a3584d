import type { SystemType } from '@ops/shared';
import { loadShoelace } from '@ops/ui';
import { useEffect } from 'react';
import { AssistantRobot } from './assistant-robot/robot';
import { ReloadPrompt } from './reload-prompt/reload-prompt';
import { DefaultPasswordReminder } from './session-dialogs/session-dialogs';
import type { ShellServices } from './shared/services';
import { useParcels } from './slots/parcel-tools';

/**
 * The parts that float over the chrome: the assistant's robot (not in an app shown inside another page's
 * frame, `isIframeApp`), the default-password reminder, the reload prompt.
 */
export function FloatingParts({
  services,
  system,
  embedded = false,
}: {
  services: ShellServices;
  system: SystemType;
  embedded?: boolean;
}) {
  const parcels = useParcels(services.session, system);
  // The chrome's parcels and pages show dialogs and tooltips: their Shoelace comes now, not on first use
  // (the sign-in pages never load it). A failure here is retried by the first component that needs it.
  useEffect(() => void loadShoelace().catch(() => undefined), []);
  return (
    <>
      {parcels.includes('assistant') && !embedded && <AssistantRobot services={services} />}
      <DefaultPasswordReminder services={services} />
      <ReloadPrompt bus={services.bus} />
    </>
  );
}
