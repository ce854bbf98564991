/** The progress of a load, the time of its phases, and what it wrote. */

export interface LoadProgress {
  phase:
    | 'prepare'
    | 'facilities'
    | 'patients'
    | 'events'
    | 'indexes'
    | 'foreign keys'
    | 'rollups'
    | 'commit'
    | 'rollups and list indexes'
    | 'analyze'
    | 'done';
  patients: number;
  totalPatients: number;
  appointments: number;
  journeys: number;
  /** Rows written so far, all tables. */
  rows: number;
  elapsedMs: number;
}

/** Time spent in one phase of a load; `detail` says where it went, when known. */
export interface LoadPhase {
  phase: LoadProgress['phase'];
  ms: number;
  detail?: string;
}

export interface LoadSummary {
  facilities: number;
  patients: number;
  appointments: number;
  journeys: number;
  emergencies: number;
  agdReports: number;
  mentalHealthResponses: number;
  ms: number;
  phases: LoadPhase[];
}

/**
 * The progress, phase timings and summary of one load, shared by the insert and COPY paths:
 * `report` tells the caller where the load is, `next` ends the running phase (recording its
 * time and where it went) and starts the next.
 */
export type LoadTracker = ReturnType<typeof loadTracker>;

export function loadTracker(totalPatients: number, started: number, onProgress?: (p: LoadProgress) => void) {
  const phases: LoadPhase[] = [];
  const progress: LoadProgress = {
    phase: 'prepare',
    patients: 0,
    totalPatients,
    appointments: 0,
    journeys: 0,
    rows: 0,
    elapsedMs: 0,
  };
  let phaseStart = started;
  const report = (phase: LoadProgress['phase']) => {
    progress.phase = phase;
    progress.elapsedMs = performance.now() - started;
    onProgress?.(progress);
  };
  const next = (phase: LoadProgress['phase'], detail?: string) => {
    const now = performance.now();
    phases.push({ phase: progress.phase, ms: now - phaseStart, detail });
    phaseStart = now;
    report(phase);
  };
  const summary: LoadSummary = {
    facilities: 0,
    patients: 0,
    appointments: 0,
    journeys: 0,
    emergencies: 0,
    agdReports: 0,
    mentalHealthResponses: 0,
    ms: 0,
    phases,
  };
  return { phases, progress, report, next, summary };
}
