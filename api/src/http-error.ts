/** An error whose status and body are meant for the client (the error handler answers them as is). */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly body: Record<string, unknown> = { error: message },
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
