// routerLink for Stencil's proxies of Ionic's routing components (IonItem, IonCard,
// IonRouterLink): what @ionic/react's createRoutingComponent does, with react-router's navigate.
import type { AnimationBuilder, RouterDirection, RouterOptions } from '@ionic/react';
import { type ComponentType, createContext, forwardRef, type MouseEvent, type ReactNode, useContext, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';

type Navigate = (path: string) => void;

const RouterContext = createContext<Navigate>((path) => window.location.assign(path));

/** Gives routerLink the app's router (inside react-router's BrowserRouter). */
export function RouterLinkProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const value = useMemo<Navigate>(() => (path) => navigate(path), [navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** The app's navigation for links drawn by hand (src/ui/button.tsx); a full page load outside the router. */
export const useRouterNavigate = () => useContext(RouterContext);

/** A click on a link to `routerLink` opens it through the router, unless already handled. */
export function followRouterLink(e: MouseEvent<HTMLElement>, navigate: Navigate, routerLink: string | undefined) {
  // Modifier clicks open the link in a new tab or window, as a plain link would.
  if (e.defaultPrevented || routerLink === undefined || e.metaKey || e.ctrlKey || e.shiftKey) return;
  e.preventDefault();
  navigate(routerLink);
}

type RoutingProps = {
  routerLink?: string;
  routerDirection?: RouterDirection;
  routerOptions?: RouterOptions;
  routerAnimation?: AnimationBuilder;
  href?: string;
  onClick?: (e: MouseEvent<HTMLElement>) => void;
};

export function withRouterLink<P extends object>(Inner: ComponentType<P>, displayName: string) {
  const Routing = forwardRef<HTMLElement, P & RoutingProps>(function Routing(props, ref) {
    const navigate = useContext(RouterContext);
    // eslint-disable-next-line @typescript-eslint/no-unused-vars -- Ionic's page transitions: the app has none (App.tsx)
    const { routerLink, routerDirection, routerOptions, routerAnimation, onClick, ...rest } = props;
    const click = (e: MouseEvent<HTMLElement>) => {
      onClick?.(e);
      followRouterLink(e, navigate, routerLink);
    };
    const inner = { ...rest, ...(routerLink && !rest.href ? { href: routerLink } : {}), routerDirection, onClick: click, ref } as unknown as P;
    return <Inner {...inner} />;
  });
  Routing.displayName = displayName;
  return Routing;
}
