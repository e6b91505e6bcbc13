import { useRouter } from './ionic/routing';
import type { ComponentProps } from 'react';
import { Link } from 'react-router-dom';

/**
 * A link that opens its page as a root page: a forward push onto a lazy page can leave it blank in
 * this Ionic version (as the offer cards found). Modified clicks keep the browser's behaviour.
 */
export function RootLink({ to, onClick, ...rest }: ComponentProps<typeof Link> & { to: string }) {
  const router = useRouter();
  return (
    <Link
      to={to}
      onClick={(e) => {
        onClick?.(e);
        if (e.defaultPrevented || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
        e.preventDefault();
        router.push(to);
      }}
      {...rest}
    />
  );
}
