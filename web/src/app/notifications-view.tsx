// The lazily loaded half of notifications-host.tsx (its own module, so the bundler keeps
// Mantine's <Notifications> out of the entry chunk that imports the store).
import '@mantine/notifications/styles.layer.css';

export { Notifications } from '@mantine/notifications';
