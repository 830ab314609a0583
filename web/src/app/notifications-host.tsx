import { notificationsStore, useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

// Mantine's <Notifications> (with its transitions and portal, ~9 KB gz) loads with the first
// toast instead of with the page: most visits of the storefront never show one. Toasts shown
// before it arrives wait in the store and appear when it mounts.
const Notifications = lazy(() => import('./notifications-view').then((m) => ({ default: m.Notifications })));

const POSITION = 'top-right';
const LIMIT = 20;

// The store distributes toasts by position and limit as they are shown: set both now, not
// when the component mounts, so early toasts land where the later ones do.
notificationsStore.updateState((state) => ({ ...state, defaultPosition: POSITION, limit: LIMIT }));

export function NotificationsHost() {
  const { notifications: shown, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && shown.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position={POSITION} limit={LIMIT} />
    </Suspense>
  );
}
