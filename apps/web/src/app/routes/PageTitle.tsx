import { useEffect } from 'react';

/**
 * Sets document.title after client-side navigations. Server-rendered pages get their <title>
 * from the server's <head> (entry-server), so nothing title-like is rendered inside #root
 * where it would have to be hydrated.
 */
export function PageTitle({ title }: { title: string }) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
