import { useEffect } from 'react';

/** document.title for an admin page: 'All Orders · Admin · Bagshop'. */
export function useAdminTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · Admin · Bagshop`;
  }, [title]);
}
