import type { HostProps, RemoteControlRequest } from '@ops/shared';
import { useCallback, useRef, useState } from 'react';
import {
  commandBody,
  currentMachineCode,
  failureOf,
  newIdempotencyKey,
  RC_API,
  RC_QUIET_CODES,
  RC_TIMEOUT_MS,
  type SendOutcome,
} from './command';

let machineCode: string | null = null;

/**
 * Sends commands, one at a time: a send while another is in flight is dropped before any request (one
 * click, one request, however fast the clicks), each command carries a new Idempotency-Key, and an answer
 * that has not come within 5 s ends as a timeout.
 */
export function useSend(host: Pick<HostProps, 'http' | 'session' | 'signal'>) {
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);

  const send = useCallback(
    async (item: RemoteControlRequest, params: Record<string, number>): Promise<SendOutcome | null> => {
      if (inFlight.current) return null;
      inFlight.current = true;
      setBusy(true);
      machineCode ??= currentMachineCode();
      const timer = new AbortController();
      const timeout = setTimeout(() => timer.abort(), RC_TIMEOUT_MS);
      const operator = host.session.get().userInfo?.account ?? '';
      try {
        const answer = await host.http.post<{ msg?: unknown }>(
          RC_API.send,
          commandBody(item, params, machineCode, operator),
          {
            headers: { 'Idempotency-Key': newIdempotencyKey() },
            signal: AbortSignal.any([host.signal, timer.signal]),
            quietCodes: RC_QUIET_CODES,
          },
        );
        return { ok: true, message: typeof answer.data?.msg === 'string' ? answer.data.msg : '' };
      } catch (error) {
        return failureOf(error, timer.signal.aborted && !host.signal.aborted);
      } finally {
        clearTimeout(timeout);
        inFlight.current = false;
        if (!host.signal.aborted) setBusy(false);
      }
    },
    [host],
  );

  return { send, busy };
}
