// routerLink for the split proxies of Ionic's routing components (IonItem, IonCard, IonFabButton): what
// @ionic/react's createRoutingComponent does, through the same NavContext the router provides.
import { NavContext } from '@ionic/react';
import type { AnimationBuilder, RouterDirection, RouterOptions } from '@ionic/react';
import { type ComponentType, forwardRef, type MouseEvent, useContext } from 'react';

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
    const nav = useContext(NavContext);
    const { routerLink, routerDirection, routerOptions, routerAnimation, onClick, ...rest } = props;
    const click = (e: MouseEvent<HTMLElement>) => {
      onClick?.(e);
      // Modifier clicks open the link in a new tab or window, as a plain link would.
      if (e.defaultPrevented || routerLink === undefined || e.metaKey || e.ctrlKey || e.shiftKey) return;
      e.preventDefault();
      nav.navigate(routerLink, routerDirection, undefined, routerAnimation, routerOptions);
    };
    const inner = { ...rest, ...(routerLink && !rest.href ? { href: routerLink } : {}), routerDirection, onClick: click, ref } as unknown as P;
    return <Inner {...inner} />;
  });
  Routing.displayName = displayName;
  return Routing;
}
