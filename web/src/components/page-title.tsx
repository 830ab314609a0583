import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';

/** Sets document.title from the deepest route's `handle.title`. */
export function PageTitle() {
  const matches = useMatches();
  const title = [...matches].reverse().find((m) => (m.handle as { title?: string } | undefined)?.title)?.handle as
    | { title: string }
    | undefined;
  useEffect(() => {
    document.title = title ? `${title.title} · Bagshop` : 'Bagshop — Luggage, Backpacks & Duffles';
  }, [title]);
  return null;
}
