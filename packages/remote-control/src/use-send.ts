import type { HostProps, RemoteControlRequest } from '@ops/shared';
import { useSubmit } from '@ops/ui';
import { useCallback } from 'react';
import {
  type CommandParams,
  commandBody,
  currentMachineCode,
  failureOf,
  newIdempotencyKey,
  RC_API,
  RC_QUIET_CODES,
  RC_TIMEOUT_MS,
  type SendOutcome,
  successOf,
} from './command';

type Host = Pick<HostProps, 'http' | 'session' | 'signal'>;

let machineCode: string | null = null;

/**
 * One command, with a new Idempotency-Key, ended as a timeout when its answer has not come within 5 s.
 * It never throws: every way it ends is an outcome the dialog tells.
 */
async function sendCommand(
  host: Host,
  item: RemoteControlRequest,
  params: CommandParams,
): Promise<SendOutcome> {
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
    return successOf(answer.data);
  } catch (error) {
    return failureOf(error, timer.signal.aborted && !host.signal.aborted);
  } finally {
    clearTimeout(timeout);
  }
}

/**
 * Sends commands, one at a time (useSubmit's run): a send while another is in flight is dropped before
 * any request (one click, one request, however fast the clicks) and answers null.
 */
export function useSend(host: Host) {
  const { run, busy } = useSubmit((item: RemoteControlRequest, params: CommandParams) =>
    sendCommand(host, item, params),
  );
  const send = useCallback(
    async (item: RemoteControlRequest, params: CommandParams): Promise<SendOutcome | null> =>
      (await run(item, params)) ?? null,
    [run],
  );
  return { send, busy };
}
