import { forwardRef, type HTMLAttributes } from 'react';

/**
 * A screen's root: what @ionic/react's IonPage renders outside an IonRouterOutlet (the app routes with
 * react-router's own Routes, App.tsx): a div with Ionic's `ion-page` class.
 */
export const IonPage = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function IonPage({ className, ...props }, ref) {
  return <div ref={ref} className={className ? `ion-page ${className}` : 'ion-page'} {...props} />;
});
