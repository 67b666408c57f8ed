/**
 * Where the API process is in its life, read by readiness (health.ts) and by the start-up
 * listener (startup-listener.ts): starting (plugins loading), migrating (the db plugin applying
 * migrations, or waiting for another instance's), ready, closing (a close has begun).
 */
export type Phase = 'starting' | 'migrating' | 'ready' | 'closing';

export interface PhaseTracker {
  readonly current: Phase;
  set(phase: Phase): void;
}

export function createPhase(): PhaseTracker {
  let current: Phase = 'starting';
  return {
    get current() {
      return current;
    },
    set(phase) {
      // a close is final: nothing later makes the process ready again
      if (current !== 'closing') current = phase;
    },
  };
}
