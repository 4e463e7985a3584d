import { useCallback, useEffect, useRef, useState } from 'react';
import type { AssistantApi } from './api';
import type { Persona } from './personas';

export interface PersonaSession {
  /** The chat session's id once it arrived; '' before and after `forget`. */
  id: string;
  /** The session's id is being fetched (a persona switch waits for it, spec §8). */
  loading: boolean;
  /** The session of `persona`: the one already asked for, or a new one. */
  sessionFor: (persona: Persona) => Promise<string>;
  /** Forgets the session (closing, a persona switch): the next question asks for a new one. */
  forget: () => void;
}

/**
 * The chat session (spec §7): one per persona, asked for once; an answer that arrives for a session
 * forgotten meanwhile changes nothing, and a failed fetch is asked again by the next question.
 */
export function useSession(api: AssistantApi, signal: AbortSignal): PersonaSession {
  const [id, setId] = useState('');
  const [loading, setLoading] = useState(false);
  const current = useRef<{ persona: Persona; id: Promise<string> } | null>(null);

  const sessionFor = useCallback(
    (persona: Persona) => {
      if (current.current?.persona === persona) return current.current.id;
      setLoading(true);
      const asked = api.sessionId(persona, signal).then(
        (value) => {
          if (current.current?.id === asked) {
            setId(value);
            setLoading(false);
          }
          return value;
        },
        (error: unknown) => {
          if (current.current?.id === asked) {
            current.current = null;
            setLoading(false);
          }
          throw error;
        },
      );
      current.current = { persona, id: asked };
      return asked;
    },
    [api, signal],
  );

  const forget = useCallback(() => {
    current.current = null;
    setId('');
    setLoading(false);
  }, []);

  return { id, loading, sessionFor, forget };
}

/**
 * The persona's suggested questions while the dialog is open (none when they fail); its session is asked
 * for meanwhile, so the first question does not wait for it.
 */
export function useSuggestions(
  api: AssistantApi,
  {
    persona,
    open,
    language,
    signal,
    sessionFor,
  }: { persona: Persona; open: boolean; language: string; signal: AbortSignal } & Pick<
    PersonaSession,
    'sessionFor'
  >,
): string[] {
  const [questions, setQuestions] = useState<string[]>([]);
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    api.questions(persona, AbortSignal.any([controller.signal, signal])).then(
      (list) => setQuestions(list),
      () => setQuestions([]),
    );
    sessionFor(persona).catch(() => undefined);
    return () => controller.abort();
    // The server words the questions in the request's language: a switch asks again.
  }, [api, open, persona, language, signal, sessionFor]);
  return questions;
}
