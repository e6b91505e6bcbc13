import type { ComponentProps } from 'react';
import { Link } from 'react-router-dom';

/**
 * A link to a page of the app. It used to open its page as an Ionic root page (a forward push onto a
 * lazy page could leave it blank under IonReactRouter); the app now routes with react-router alone
 * (App.tsx), so it is react-router's Link.
 */
export function RootLink(props: ComponentProps<typeof Link> & { to: string }) {
  return <Link {...props} />;
}
