/** The assistant's three personas (spec §2) and what the dialog shows before the first question. */

export const PERSONAS = ['hydropower', 'hydraulicEngineering', 'energyStorage'] as const;
export type Persona = (typeof PERSONAS)[number];
export const DEFAULT_PERSONA: Persona = 'hydropower';

/** Small mode shows 3 suggested questions, full screen all of them. */
export function suggestionsShown(questions: readonly string[], fullScreen: boolean): string[] {
  return fullScreen ? [...questions] : questions.slice(0, 3);
}

/**
 * A persona switch (or back to the default) resets the session; it is refused with a warning while a
 * reply or the session fetch is in flight (spec §4, §8). Choosing the current persona changes nothing.
 */
export function personaSwitch(
  current: Persona,
  next: Persona,
  busy: { replying: boolean; sessionLoading: boolean },
): 'switch' | 'same' | 'busy' {
  if (next === current) return 'same';
  return busy.replying || busy.sessionLoading ? 'busy' : 'switch';
}
