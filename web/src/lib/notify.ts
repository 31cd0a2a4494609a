import { notifications } from '@mantine/notifications';

/** Shows a failure to the user; the message is the server's (or the spec's) text, unchanged. */
export function notifyError(message: string, title = 'Something went wrong'): void {
  notifications.show({ color: 'red', title, message, autoClose: 6000 });
}

export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', message, autoClose: 3000 });
}

/** The message a person should see for any thrown value. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return fallback;
}
