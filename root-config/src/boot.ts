import type { Bus, SlotStatus } from '@ops/shared';

export const SHELL_SPECIFIER = '@ops/shell';

/** The boot frame of index.html has served once the shell has rendered or shown its error panel. */
export const bootServed = (status: SlotStatus): boolean => status !== 'loading';

/**
 * Removes the page's boot frame (`#ops-boot`, painted from the HTML before any script) once the shell's
 * slot settles: mounted, or failed with its error panel, which the boot frame must not cover.
 */
export function dismissBootWhenShellSettles(bus: Pick<Bus, 'on'>, doc: Document = document): void {
  const sub = bus.on('slot:status').subscribe(({ specifier, status }) => {
    if (specifier !== SHELL_SPECIFIER || !bootServed(status)) return;
    doc.getElementById('ops-boot')?.remove();
    sub.unsubscribe();
  });
}
