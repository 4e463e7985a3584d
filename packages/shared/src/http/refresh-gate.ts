/**
 * Single flight: however many callers ask while a refresh runs, they all share that one refresh.
 */
export interface RefreshGate {
  run(): Promise<void>;
  /** The refresh in progress, if any: requests wait on it before they are sent. */
  current(): Promise<void> | null;
  active(): boolean;
}

export function createRefreshGate(refresh: () => Promise<void>): RefreshGate {
  let running: Promise<void> | null = null;
  return {
    run() {
      if (!running) {
        const flight = refresh().finally(() => {
          if (running === flight) running = null;
        });
        running = flight;
      }
      return running;
    },
    current: () => running,
    active: () => running !== null,
  };
}
