/**
 * How a long admin computation says where it is (decision 017): the stage it is in and, while it reads, how many
 * rows it has read. The stored-figures layer keeps the latest report where any app process can read it, so a page
 * waiting for its figures can show progress instead of a bare "Loading…".
 */
export type ReportProgress = (stage: string, done?: number) => void;

/** For callers nobody watches (the CLI, tests). */
export const NO_PROGRESS: ReportProgress = () => {};

/**
 * A short turn of the event loop after reporting a stage and before a synchronous step (a fit, a board) that holds
 * the thread for seconds: the report's write goes out first, so the page shows that stage while it runs.
 */
export const beforeLongStep = () => new Promise<void>((r) => setTimeout(r, 20));

/** What a page shows while its figures are computed. */
export interface FiguresProgress {
  stage: string;
  /** Rows read so far in this stage, when it reads. */
  done: number | null;
  /** When the computation began, and when it last reported (ISO). */
  startedAt: string;
  updatedAt: string;
}
