/**
 * The seam through which jobs are traced. Without OpenTelemetry (OTEL_EXPORTER_OTLP_ENDPOINT unset)
 * nothing is installed and a job runs as it is; tracing.ts installs the span around each job.
 */
type JobRunner = (queue: string, run: () => Promise<void>) => Promise<void>;

let runner: JobRunner | undefined;

/** Runs one job, inside a span when tracing is on. */
export function inJobSpan(queue: string, run: () => Promise<void>): Promise<void> {
  return runner ? runner(queue, run) : run();
}

/** Installs (or removes, with undefined) the runner that traces jobs. */
export function setJobRunner(next: JobRunner | undefined): void {
  runner = next;
}
