import { useEffect, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { useLocation } from './context.ts';
import { hrefOf, type To } from './history.ts';
import { useNavigate } from './hooks.ts';

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  replace?: boolean;
  state?: unknown;
};

const plainClick = (e: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean =>
  e.button === 0 && (!target || target === '_self') && !(e.metaKey || e.altKey || e.ctrlKey || e.shiftKey);

/**
 * An anchor whose plain click moves inside the app (a click with a modifier, or another target, is the
 * browser's). A link to where the app already is replaces the entry rather than stacking a copy.
 */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const href = hrefOf(to, location);
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(e) => {
        onClick?.(e);
        if (e.defaultPrevented || !plainClick(e, target)) return;
        e.preventDefault();
        const here = `${location.pathname}${location.search}${location.hash}`;
        navigate(href, { replace: replace ?? href === here, state });
      }}
    />
  );
}

/** Moves the app once it has rendered (a redirect). */
export function Navigate({ to, replace, state }: { to: To; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  const target = JSON.stringify(to);
  useEffect(() => {
    navigate(JSON.parse(target) as To, { replace, state });
  }, [navigate, target, replace, state]);
  return null;
}
