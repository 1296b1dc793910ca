/** What a failed call says to the user: the API's `detail` (carried as the error's message), or a plain retry line. */
export const errorText = (error: unknown) =>
  error instanceof Error ? error.message : 'Something went wrong. Please try again.';
