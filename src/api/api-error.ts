import { isUnavailableStatus } from './unavailable';

/** Every failed call becomes this: the status, the message to show and the field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
    readonly code?: string,
  ) {
    super(message);
  }
  /** No answer: offline, or the server did not answer in time. */
  get isOffline() {
    return this.status === 0;
  }
  /** Nobody could serve it now (no answer, or the server or a gateway said unavailable): worth trying again later. */
  get isUnavailable() {
    return isUnavailableStatus(this.status);
  }
  /** First message of a field, as forms show it (catalogue-and-account.md §8: "first shown"). */
  field(name: string): string | undefined {
    return this.errors[name]?.[0];
  }
}
