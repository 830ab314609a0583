import { notifications } from '@mantine/notifications';

// Toast durations of docs/spec.md §9: success 2 s, error and plain 4 s, loading until resolved.
export const notify = {
  success: (message: string) => notifications.show({ message, color: 'green', autoClose: 2000 }),
  error: (message: string) => notifications.show({ message, color: 'red', autoClose: 4000 }),
  info: (message: string) => notifications.show({ message, autoClose: 4000 }),
  loading: (message: string) => notifications.show({ message, loading: true, autoClose: false, withCloseButton: false }),
  update: (id: string, message: string, kind: 'success' | 'error') =>
    notifications.update({
      id,
      message,
      loading: false,
      color: kind === 'success' ? 'green' : 'red',
      autoClose: kind === 'success' ? 2000 : 4000,
    }),
};
